-- Issue 30, items 8 and 9.
--
-- Item 8: campaign rules for what brands publish. A campaign that is (or becomes) active must
-- - pay a flat fee that leaves the creator at least $1.00 after the platform fee: the minimum follows the
--   fee in app.platform_settings (at the default 15%: $1.17, which leaves $1.00 after a $0.17 fee; at the
--   50% ceiling: $1.99). Product exchange and performance campaigns carry no fee-bearing amount and keep
--   the old rule (0 or more). Why $1.00: it is the smallest amount a creator is told they receive
--   anywhere in the product, and it keeps the fee's rounding (down to the cent, 20250111000000) from ever
--   leaving the creator 0;
-- - end after today: the deadline is at least 24 hours away. The SPA sends the end of the picked day in
--   the brand's time zone, so for a date from the form this reads exactly "a day after today" wherever
--   the brand is (today's end of day is less than 24 hours away; tomorrow's, more).
-- The rules apply when the campaign is published: created active, or updated to active from draft or
-- paused; and when an active campaign's compensation or deadline is changed. Drafts may hold anything the
-- form's other rules allow (a draft is work in progress), and an edit that leaves the money and the date
-- alone (a typo in the title of an overdue campaign) is not refused by them.
-- Errors (22023 -> 400): compensation_below_minimum and deadline_too_soon; the web app maps both to
-- en/es texts and shows them on the field.
--
-- Item 9: admins can show a hidden review again (api.admin_unhide_review). The audit log's review trigger
-- (20250119000300, app.audit_review_visibility) already records hidden -> visible as 'review.unhide'
-- with the acting admin; unhiding clears hidden_by with the reason, so the actor comes from the admin's
-- JWT (app.acting_admin), which is the caller of the admin-only function below.

-- Item 8: campaign rules --------------------------------------------------------------------------------

/** The least a creator receives from a paid (flat-fee) campaign after the platform fee: $1.00. */
create or replace function app.campaign_minimum_net_cents()
returns bigint
language sql
immutable
parallel safe
set search_path = ''
as $$
  select 100::bigint
$$;

/**
 * The smallest flat fee whose creator net (the amount less app.platform_fee, rounded down) is at least
 * app.campaign_minimum_net_cents() at `fee_bps`. With N the net: the net of a is ceil(a * (10000 - bps) /
 * 10000), which reaches N exactly when a * (10000 - bps) > (N - 1) * 10000.
 */
create or replace function app.minimum_flat_fee_cents(fee_bps integer)
returns bigint
language sql
immutable
parallel safe
set search_path = ''
as $$
  select ((app.campaign_minimum_net_cents() - 1) * 10000) / (10000 - minimum_flat_fee_cents.fee_bps) + 1
$$;

/** The flat-fee minimum at the platform's current fee. */
create or replace function app.current_minimum_flat_fee_cents()
returns bigint
language sql
stable
set search_path = ''
as $$
  select app.minimum_flat_fee_cents(s.fee_bps) from app.platform_settings s
$$;

grant execute on function app.campaign_minimum_net_cents(), app.minimum_flat_fee_cents(integer),
  app.current_minimum_flat_fee_cents() to authenticated, service_role;

/**
 * The rules of a published campaign (see the top of this file). `check_money` / `check_deadline` say
 * which of them the caller's change brings into play.
 */
create or replace function app.validate_campaign_publish(compensation_type text, compensation_cents bigint,
  deadline timestamptz, check_money boolean, check_deadline boolean)
returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  minimum bigint;
begin
  if check_money and compensation_type = 'flat_fee' then
    minimum := app.current_minimum_flat_fee_cents();
    if compensation_cents is null or compensation_cents < minimum then
      perform app.fail('22023',
        format('A flat fee must be at least $%s, so the creator receives at least $%s after the platform fee',
          to_char(minimum / 100.0, 'FM999999990.00'), to_char(app.campaign_minimum_net_cents() / 100.0, 'FM999999990.00')),
        'compensation_below_minimum');
    end if;
  end if;
  if check_deadline and deadline <= now() + interval '1 day' then
    perform app.fail('22023', 'The deadline must be after today', 'deadline_too_soon');
  end if;
end;
$$;
grant execute on function app.validate_campaign_publish(text, bigint, timestamptz, boolean, boolean)
  to authenticated, service_role;

/** What the campaign form checks before the database does: the fee and the flat-fee minimum now. */
create or replace function api.campaign_rules()
returns table (fee_bps integer, minimum_net_cents bigint, minimum_flat_fee_cents bigint)
language sql
stable
set search_path = ''
as $$
  select s.fee_bps, app.campaign_minimum_net_cents(), app.minimum_flat_fee_cents(s.fee_bps)
  from app.platform_settings s
$$;
revoke execute on function api.campaign_rules() from public, anon;
grant execute on function api.campaign_rules() to authenticated;

/** Creates a campaign owned by the calling brand (see 20250112000300); an active one follows the publish rules. */
create or replace function api.create_campaign(
  title text,
  description text,
  content_type text,
  platforms text[],
  compensation_type text,
  compensation_cents bigint,
  deadline timestamptz,
  requirements text default null,
  status text default 'active',
  revision_rounds integer default 2
)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  norm text[] := app.normalize_platforms(platforms);
  publishing boolean := coalesce(status, 'active') = 'active';
  new_id uuid;
begin
  if (select app.current_role()) is distinct from 'brand' then
    perform app.fail('42501', 'Only brands can create campaigns', 'not_brand');
  end if;
  perform app.validate_campaign(title, description, content_type, norm, compensation_type, compensation_cents, deadline);
  perform app.validate_deadline(deadline);
  perform app.validate_revision_rounds(revision_rounds);
  if coalesce(status, 'active') not in ('draft', 'active') then
    perform app.fail('22023', 'A new campaign must be draft or active', 'status_invalid');
  end if;
  perform app.validate_campaign_publish(compensation_type, compensation_cents, deadline, publishing, publishing);
  insert into app.campaigns (brand_id, title, description, content_type, platforms, compensation_type,
    compensation_cents, deadline, requirements, status, revision_rounds)
  values ((select auth.uid()), btrim(title), btrim(description), content_type, norm, compensation_type,
    compensation_cents, deadline, app.clean_text(requirements), coalesce(status, 'active'), coalesce(revision_rounds, 2))
  returning id into new_id;
  return new_id;
end;
$$;

/**
 * Replaces every field of the calling brand's campaign (see 20250112000300). Publishing (draft or paused
 * to active) checks the money and the deadline; an active campaign whose money or deadline changes
 * checks what changed.
 */
create or replace function api.update_campaign(
  campaign_id uuid,
  title text,
  description text,
  content_type text,
  platforms text[],
  compensation_type text,
  compensation_cents bigint,
  deadline timestamptz,
  requirements text default null,
  status text default null,
  revision_rounds integer default null
)
returns void
language plpgsql
set search_path = ''
as $$
declare
  norm text[] := app.normalize_platforms(platforms);
  old app.campaigns;
  publishing boolean;
begin
  perform app.assert_campaign_owner(campaign_id, 'You do not have permission to edit this campaign.');
  perform app.validate_campaign(title, description, content_type, norm, compensation_type, compensation_cents, deadline);
  perform app.validate_revision_rounds(revision_rounds);
  select * into old from app.campaigns c where c.id = update_campaign.campaign_id;
  if deadline is distinct from old.deadline then
    perform app.validate_deadline(deadline, least(old.deadline, now() - interval '1 day'));
  end if;
  if status is not null and status not in ('draft', 'active', 'paused', 'completed') then
    perform app.fail('22023', 'Status must be draft, active, paused or completed', 'status_invalid');
  end if;
  if coalesce(status, old.status) = 'active' then
    publishing := old.status is distinct from 'active';
    perform app.validate_campaign_publish(compensation_type, compensation_cents, deadline,
      publishing or compensation_type is distinct from old.compensation_type
        or compensation_cents is distinct from old.compensation_cents,
      publishing or deadline is distinct from old.deadline);
  end if;
  update app.campaigns c set
    title = btrim(update_campaign.title),
    description = btrim(update_campaign.description),
    content_type = update_campaign.content_type,
    platforms = norm,
    compensation_type = update_campaign.compensation_type,
    compensation_cents = update_campaign.compensation_cents,
    deadline = update_campaign.deadline,
    requirements = app.clean_text(update_campaign.requirements),
    status = coalesce(update_campaign.status, c.status),
    revision_rounds = coalesce(update_campaign.revision_rounds, c.revision_rounds)
  where c.id = update_campaign.campaign_id;
end;
$$;

-- Item 9: unhiding a review ------------------------------------------------------------------------------

/**
 * Admins show a hidden review again: the reason and the hiding admin are cleared, the review counts
 * toward the rating again (app.review_published), and the audit log records 'review.unhide' with this
 * admin (app.audit_review_visibility).
 */
create or replace function app.unhide_review(review_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  r app.reviews;
begin
  perform app.assert_admin();
  select * into r from app.reviews x where x.id = unhide_review.review_id for update;
  if not found then
    perform app.fail('PT404', 'Review not found', 'review_not_found');
  end if;
  if r.hidden_at is null then
    perform app.fail('PT409', 'This review is not hidden', 'not_hidden');
  end if;
  update app.reviews x set hidden_at = null, hidden_reason = null, hidden_by = null where x.id = r.id;
end;
$$;
comment on function app.unhide_review(uuid) is
  'Admins: shows a hidden review again. Security definer: no user role may update reviews; app.assert_admin refuses non-admins first.';
revoke execute on function app.unhide_review(uuid) from public, anon;
grant execute on function app.unhide_review(uuid) to authenticated;

/** Admins: app.unhide_review (reviews are not updatable by any user role). */
create or replace function api.admin_unhide_review(review_id uuid)
returns void
language sql
set search_path = ''
as $$
  select app.unhide_review(admin_unhide_review.review_id)
$$;
revoke execute on function api.admin_unhide_review(uuid) from public, anon;
grant execute on function api.admin_unhide_review(uuid) to authenticated;
