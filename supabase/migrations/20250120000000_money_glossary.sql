-- Issue 30: one glossary of money terms (docs/decisions/0031-one-glossary-of-money-terms.md). Each term is
-- computed in one place from the ledger, and every api function that shows it reads that place:
-- - app.brand_money_lines: the brand's terms (paid, held in escrow, released, refunded) per ledger entry.
--   api.brand_money_by_campaign, api.brand_dashboard (total released), api.brand_analytics (released per
--   campaign, and so brand_analytics_totals) and api.brand_spend_series sum its columns.
-- - app.hire_money: one hire's terms (paid, held, released, refunded, fee, the creator's net), read by
--   app.hire_json (the content page, applications) and by the funded step of the history, whose
--   notification and email name the gross and the net.
-- - api.payment_history names the campaign (and content) of a hire's payment: a payment into escrow has
--   no deliverable of its own, and the screen read that as "Deleted".

/**
 * The brand's money terms, one row per ledger entry, each entry adding to the columns it belongs to:
 * - paid_cents: money that arrived from the brand's card (a hire funded, a direct payment);
 * - in_escrow_cents: money held in escrow (funding adds, release and refund take away);
 * - released_cents: money that went to the creator's side (escrow released in full or in part, direct
 *   payments), before the platform fee;
 * - refunded_cents: money that went back to the brand's card.
 * Security invoker: RLS on the ledger limits a brand to its own lines; the callers filter on brand_id too.
 */
create view app.brand_money_lines with (security_invoker = true) as
  select t.brand_id, t.campaign_id, t.escrow_id, t.created_at,
    (case when t.kind in ('escrow_funding', 'direct_payment') and le.account = 'stripe_balance' then le.amount_cents else 0 end)::bigint
      as paid_cents,
    (case when le.account = 'escrow' then -le.amount_cents else 0 end)::bigint as in_escrow_cents,
    (case when (t.kind = 'release' and le.account = 'escrow') or (t.kind = 'direct_payment' and le.account = 'stripe_balance')
      then le.amount_cents else 0 end)::bigint as released_cents,
    (case when t.kind in ('refund', 'refund_after_release') and le.account = 'stripe_balance' then -le.amount_cents else 0 end)::bigint
      as refunded_cents
  from app.ledger_transactions t
  join app.ledger_entries le on le.transaction_id = t.id;
comment on view app.brand_money_lines is
  'Glossary (decision 0031), brand side: paid, in escrow, released (gross), refunded cents per ledger entry.';
revoke all on app.brand_money_lines from public, anon;
grant select on app.brand_money_lines to authenticated, service_role;

/**
 * One hire's money terms from its ledger lines: paid (funded), held in escrow now, released (gross),
 * refunded to the brand, the platform fee taken at release and the creator's net (what reached their
 * balance). Zeros before the money moves; the fee and net are the ledger's, so after a split they are the
 * fee and net of the creator's share, not of the whole hire.
 */
create or replace function app.hire_money(escrow_id uuid)
returns table (paid_cents bigint, held_cents bigint, released_cents bigint, refunded_cents bigint, fee_cents bigint,
  net_cents bigint)
language sql
stable
set search_path = ''
as $$
  select
    coalesce(sum(le.amount_cents) filter (where t.kind = 'escrow_funding' and le.account = 'stripe_balance'), 0)::bigint,
    coalesce(-sum(le.amount_cents) filter (where le.account = 'escrow'), 0)::bigint,
    coalesce(sum(le.amount_cents) filter (where t.kind = 'release' and le.account = 'escrow'), 0)::bigint,
    coalesce(-sum(le.amount_cents) filter (where t.kind in ('refund', 'refund_after_release') and le.account = 'stripe_balance'), 0)::bigint,
    coalesce(-sum(le.amount_cents) filter (where t.kind = 'release' and le.account = 'platform_fees'), 0)::bigint,
    coalesce(-sum(le.amount_cents) filter (where t.kind = 'release' and le.account = 'creator_available'), 0)::bigint
  from app.ledger_transactions t
  join app.ledger_entries le on le.transaction_id = t.id
  where t.escrow_id = hire_money.escrow_id
$$;
revoke execute on function app.hire_money(uuid) from public, anon;
grant execute on function app.hire_money(uuid) to authenticated, service_role;

/**
 * The hire of an application as the app shows it (null when the hire needs no funding). Before release,
 * fee_cents and creator_cents are the quote on the whole amount (what the creator will receive); once
 * released they are the ledger's (what the creator did receive: less after a split). refunded_cents and
 * released_cents are the ledger's at any time.
 */
create or replace function app.hire_json(application_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'escrow_id', e.id, 'status', e.status, 'amount_cents', e.amount_cents, 'fee_bps', e.fee_bps,
    'fee_cents', case when e.status = 'released' then m.fee_cents else app.platform_fee(e.amount_cents, e.fee_bps) end,
    'creator_cents', case when e.status = 'released' then m.net_cents else e.amount_cents - app.platform_fee(e.amount_cents, e.fee_bps) end,
    'held_cents', m.held_cents,
    'released_cents', m.released_cents,
    'refunded_cents', m.refunded_cents,
    'funded_at', e.funded_at, 'released_at', e.released_at, 'release_reason', e.release_reason,
    'refunded_at', e.refunded_at, 'canceled_at', e.canceled_at, 'cancel_reason', e.cancel_reason,
    'review_due_at', (select min(d.review_due_at) from app.deliverables d where d.application_id = e.application_id))
  from app.escrows e
  cross join lateral app.hire_money(e.id) m
  where e.application_id = hire_json.application_id
$$;
revoke execute on function app.hire_json(uuid) from public, anon;
grant execute on function app.hire_json(uuid) to authenticated, service_role;

/** Trigger: a hire's money steps (funded, released, refunded); funded carries the gross and the creator's net. */
create or replace function app.log_escrow_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  m record;
begin
  if new.application_id is null or new.status is not distinct from old.status then
    return null;
  end if;
  if new.status = 'funded' and old.status = 'awaiting_funding' then
    -- At now(), not funded_at: that is the card payment's time at Stripe, in whole seconds, which can read
    -- earlier than the acceptance it followed.
    perform app.log_event(new.application_id, 'funded',
      jsonb_build_object('amount_cents', new.amount_cents,
        'net_cents', new.amount_cents - app.platform_fee(new.amount_cents, new.fee_bps)),
      now(), new.brand_id);
  elsif new.status = 'released' then
    select * into m from app.hire_money(new.id);
    perform app.log_event(new.application_id, 'released',
      jsonb_build_object('amount_cents', m.net_cents, 'fee_cents', m.fee_cents, 'reason', new.release_reason),
      by_platform => true);
  elsif new.status = 'refunded' then
    perform app.log_event(new.application_id, 'refunded',
      jsonb_build_object('amount_cents', (select coalesce(sum(p.amount_refunded_cents), 0) from app.payments p where p.escrow_id = new.id)),
      by_platform => true);
  end if;
  return null;
end;
$$;

/** Each step of an application's history tells the side that did not take it (the seed replays it too). */
create or replace function app.notify_for_event(new app.application_events)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  d jsonb := new.detail;
  deliverable uuid := nullif(new.detail ->> 'deliverable_id', '')::uuid;
begin
  case new.kind
    when 'applied' then
      perform app.notify(new.brand_id, 'application_received', new.actor_id, new.application_id, '{}'::jsonb, null, new.created_at);
    when 'accepted' then
      perform app.notify(new.creator_id, 'application_accepted', new.actor_id, new.application_id, '{}'::jsonb, null, new.created_at);
    when 'rejected' then
      perform app.notify(new.creator_id, 'application_rejected', new.actor_id, new.application_id, '{}'::jsonb, null, new.created_at);
    when 'canceled' then
      perform app.notify(new.creator_id, 'hire_canceled', new.actor_id, new.application_id,
        jsonb_build_object('reason', d ->> 'reason'), null, new.created_at);
    when 'funded' then
      -- Gross (what the brand paid into escrow) and the creator's net, both named in the text (glossary 0031).
      perform app.notify(new.creator_id, 'hire_funded', new.actor_id, new.application_id,
        jsonb_build_object('amount_cents', d -> 'amount_cents', 'net_cents', d -> 'net_cents'), null, new.created_at);
    when 'submitted', 'resubmitted' then
      perform app.notify(new.brand_id, 'content_submitted', new.actor_id, new.application_id,
        jsonb_build_object('round', d -> 'round'), deliverable, new.created_at);
    when 'changes_requested' then
      perform app.notify(new.creator_id, 'changes_requested', new.actor_id, new.application_id,
        jsonb_build_object('round', d -> 'round'), deliverable, new.created_at);
    when 'approved', 'auto_approved' then
      perform app.notify(new.creator_id, 'content_approved', new.actor_id, new.application_id,
        jsonb_build_object('automatic', new.kind = 'auto_approved'), deliverable, new.created_at);
    when 'content_rejected' then
      perform app.notify(new.creator_id, 'content_rejected', new.actor_id, new.application_id, '{}'::jsonb, deliverable, new.created_at);
    when 'released' then
      perform app.notify(new.creator_id, 'money_released', new.actor_id, new.application_id,
        jsonb_build_object('amount_cents', d -> 'amount_cents'), null, new.created_at);
    when 'refunded' then
      perform app.notify(new.brand_id, 'money_refunded', new.actor_id, new.application_id,
        jsonb_build_object('amount_cents', d -> 'amount_cents'), null, new.created_at);
    when 'disputed' then
      perform app.notify(case when new.actor_id = new.brand_id then new.creator_id else new.brand_id end, 'dispute_opened',
        new.actor_id, new.application_id, jsonb_build_object('reason', d ->> 'reason'), null, new.created_at);
    when 'resolved' then
      perform app.notify(who, 'dispute_resolved', new.actor_id, new.application_id,
        jsonb_build_object('outcome', d ->> 'outcome', 'creator_cents', d -> 'creator_cents', 'brand_cents', d -> 'brand_cents'),
        null, new.created_at)
      from unnest(array[new.brand_id, new.creator_id]) who;
    when 'reviewed' then
      perform app.notify(case when d ->> 'reviewer_role' = 'brand' then new.creator_id else new.brand_id end, 'review_received',
        new.actor_id, new.application_id, '{}'::jsonb, null, new.created_at);
    else
      null;
  end case;
end;
$$;
revoke execute on function app.notify_for_event(app.application_events) from public, anon, authenticated;

/** The brand's money per campaign (glossary 0031): paid, held in escrow, released, refunded. */
create or replace function api.brand_money_by_campaign()
returns table (campaign_id uuid, campaign_title text, funded_cents bigint, in_escrow_cents bigint,
  released_cents bigint, refunded_cents bigint)
language plpgsql
stable
set search_path = ''
as $$
begin
  return query
    select l.campaign_id, c.title,
      coalesce(sum(l.paid_cents), 0)::bigint, coalesce(sum(l.in_escrow_cents), 0)::bigint,
      coalesce(sum(l.released_cents), 0)::bigint, coalesce(sum(l.refunded_cents), 0)::bigint
    from app.brand_money_lines l
    left join app.campaigns c on c.id = l.campaign_id
    where l.brand_id = (select auth.uid()) and (select app.current_role()) = 'brand'
    group by l.campaign_id, c.title
    order by c.title;
end;
$$;

/**
 * The brand dashboard's figures. total_spent_cents is "released" of the glossary (0031): money that went
 * to creators, the same sum as the released column of api.brand_money_by_campaign; money still held in
 * escrow or refunded is not spent.
 */
create or replace function api.brand_dashboard()
returns api.brand_dashboard_stats
language plpgsql
stable
set search_path = ''
as $$
declare
  result api.brand_dashboard_stats;
begin
  select
    (select count(*)::integer from app.campaigns c where c.brand_id = (select auth.uid()) and c.status = 'active'),
    (select count(distinct a.creator_id)::integer from app.applications a
      where a.brand_id = (select auth.uid()) and a.status = 'accepted'),
    (select count(*)::integer from app.deliverables d where d.brand_id = (select auth.uid()) and d.status = 'approved'),
    (select coalesce(sum(l.released_cents), 0)::bigint from app.brand_money_lines l where l.brand_id = (select auth.uid()))
  into result;
  return result;
end;
$$;

/**
 * One row per campaign of the calling brand, newest campaign first (see 20250107000000); amount_paid_cents
 * is "released" of the glossary (0031), from app.brand_money_lines: escrow released and direct payments,
 * the figure the dashboard's money table and spend chart show.
 */
create or replace function api.brand_analytics()
returns table (
  campaign_id uuid,
  title text,
  status text,
  created_at timestamptz,
  applications_total integer,
  applications_pending integer,
  applications_accepted integer,
  applications_rejected integer,
  deliverables_submitted integer,
  deliverables_approved integer,
  amount_paid_cents bigint,
  acceptance_rate numeric
)
language plpgsql
stable
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  if app.current_role() is distinct from 'brand' then
    perform app.fail('42501', 'Only brands can view analytics', 'not_brand');
  end if;
  return query
    with apps as (
      select a.campaign_id,
        count(*)::integer as total,
        (count(*) filter (where a.status = 'pending'))::integer as pending,
        (count(*) filter (where a.status = 'accepted'))::integer as accepted,
        (count(*) filter (where a.status = 'rejected'))::integer as rejected
      from app.applications a
      where a.brand_id = (select auth.uid())
      group by a.campaign_id
    ),
    work as (
      select d.campaign_id,
        count(*)::integer as submitted,
        (count(*) filter (where d.status = 'approved'))::integer as approved
      from app.deliverables d
      where d.brand_id = (select auth.uid())
      group by d.campaign_id
    ),
    released as (
      select l.campaign_id, sum(l.released_cents)::bigint as cents
      from app.brand_money_lines l
      where l.brand_id = (select auth.uid())
      group by l.campaign_id
    )
    select c.id, c.title, c.status, c.created_at,
      coalesce(apps.total, 0), coalesce(apps.pending, 0), coalesce(apps.accepted, 0), coalesce(apps.rejected, 0),
      coalesce(work.submitted, 0), coalesce(work.approved, 0),
      coalesce(released.cents, 0)::bigint,
      case when coalesce(apps.accepted, 0) + coalesce(apps.rejected, 0) = 0 then null
        else round(100.0 * apps.accepted / (apps.accepted + apps.rejected), 1) end
    from app.campaigns c
    left join apps on apps.campaign_id = c.id
    left join work on work.campaign_id = c.id
    left join released on released.campaign_id = c.id
    where c.brand_id = (select auth.uid())
    order by c.created_at desc, c.id desc;
end;
$$;
comment on function api.brand_analytics() is
  'Per-campaign figures of the calling brand: applications by status, content, money released (glossary 0031), acceptance rate.';

/**
 * Brand, per month, from app.brand_money_lines (glossary 0031): released and refunded in the month, and
 * what was held in escrow at the month's end (at now for the current month).
 */
create or replace function api.brand_spend_series(days integer default 365, campaign_id uuid default null)
returns table (month_start date, released_cents bigint, refunded_cents bigint, in_escrow_cents bigint)
language plpgsql
stable
set search_path = ''
as $$
begin
  perform app.assert_series_role('brand');
  return query
    with b as (select s.bucket_start from app.series_buckets(brand_spend_series.days, 'month') s),
    -- All of the brand's lines, not only the range's: the escrow held at a month's end counts from the start.
    lines as (
      select date_trunc('month', l.created_at) as m, l.created_at, l.released_cents, l.refunded_cents, l.in_escrow_cents
      from app.brand_money_lines l
      where l.brand_id = (select auth.uid())
        and (brand_spend_series.campaign_id is null or l.campaign_id = brand_spend_series.campaign_id)
    )
    select b.bucket_start::date,
      (coalesce((select sum(l.released_cents) from lines l where l.m = b.bucket_start), 0))::bigint,
      (coalesce((select sum(l.refunded_cents) from lines l where l.m = b.bucket_start), 0))::bigint,
      (coalesce((select sum(l.in_escrow_cents) from lines l where l.created_at < b.bucket_start + interval '1 month'), 0))::bigint
    from b
    order by b.bucket_start;
end;
$$;

/**
 * The payments a brand made or a creator received. A payment into escrow has no deliverable of its own:
 * its campaign is the hire's, and its content the hire's latest (null while none was submitted).
 */
create or replace function api.payment_history()
returns table (id uuid, amount_cents bigint, currency text, status text, payment_method text,
  payment_date timestamptz, created_at timestamptz, deliverable_id uuid, campaign_id uuid, campaign_title text,
  creator_id uuid, creator_name text, brand_id uuid, brand_name text)
language plpgsql
stable
set search_path = ''
as $$
begin
  return query
    select p.id, p.amount_cents, p.currency, p.status, p.payment_method, p.payment_date, p.created_at,
      coalesce(p.deliverable_id, hd.id), coalesce(d.campaign_id, e.campaign_id), c.title, p.creator_id, cr.full_name, p.brand_id,
      coalesce(bp.company_name, br.full_name)
    from app.payments p
    left join app.deliverables d on d.id = p.deliverable_id
    left join app.escrows e on e.id = p.escrow_id
    left join lateral (
      select x.id from app.deliverables x where x.application_id = e.application_id
      order by x.created_at desc, x.id desc limit 1
    ) hd on p.deliverable_id is null
    left join app.campaigns c on c.id = coalesce(d.campaign_id, e.campaign_id)
    left join app.profiles cr on cr.id = p.creator_id
    left join app.profiles br on br.id = p.brand_id
    left join app.brand_profiles bp on bp.user_id = p.brand_id
    where p.brand_id = (select auth.uid()) or p.creator_id = (select auth.uid())
    order by coalesce(p.payment_date, p.created_at) desc, p.id desc;
end;
$$;
