-- Trust between strangers (issue 17), part 3: disputes. While a hire's money is held, either side may
-- open a dispute; it freezes release and auto-approval until whoever opened it withdraws it or an admin
-- resolves it: release to the creator, refund the brand, or split. The resolution moves the money through
-- the ledger once (the refund part through Stripe, recorded as any refund), with the admin and a reason.

alter table app.escrows drop constraint escrows_status_valid;
alter table app.escrows add constraint escrows_status_valid check (status in (
  'awaiting_funding', 'funded', 'disputed', 'refund_pending', 'released', 'refunded', 'canceled', 'charged_back'));
alter table app.escrows drop constraint escrows_release_reason_valid;
alter table app.escrows add constraint escrows_release_reason_valid
  check (release_reason is null or release_reason in ('approved', 'auto_approved', 'dispute'));

create table app.disputes (
  id uuid primary key default gen_random_uuid(),
  escrow_id uuid not null references app.escrows (id) on delete cascade,
  application_id uuid references app.applications (id) on delete cascade,
  brand_id uuid references app.profiles (id) on delete set null,
  creator_id uuid references app.profiles (id) on delete set null,
  opened_by uuid references app.profiles (id) on delete set null,
  opened_by_role text not null,
  reason text not null,
  details text not null,
  evidence_urls text[] not null default '{}',
  status text not null default 'open',
  outcome text,
  creator_cents bigint,
  brand_cents bigint,
  resolution_note text,
  resolved_by uuid references app.profiles (id) on delete set null,
  resolved_at timestamptz,
  withdrawn_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint disputes_opened_by_role_valid check (opened_by_role in ('brand', 'creator')),
  constraint disputes_reason_valid check (reason in ('not_delivered', 'not_as_agreed', 'quality', 'missed_deadline', 'unresponsive', 'other')),
  constraint disputes_details_length check (char_length(btrim(details)) between 1 and 5000),
  constraint disputes_evidence_count check (cardinality(evidence_urls) <= 10),
  constraint disputes_status_valid check (status in ('open', 'resolving', 'resolved', 'withdrawn')),
  constraint disputes_outcome_valid check (outcome is null or outcome in ('release', 'refund', 'split')),
  constraint disputes_split_positive check (creator_cents is null or (creator_cents >= 0 and brand_cents >= 0)),
  constraint disputes_resolution_note_length check (resolution_note is null or char_length(resolution_note) <= 1000)
);
comment on table app.disputes is 'A disagreement about a funded hire''s money, mediated by an admin. One open at a time per hire.';
create unique index disputes_one_active_per_escrow on app.disputes (escrow_id) where status in ('open', 'resolving');
create index disputes_application_idx on app.disputes (application_id, created_at desc);
create index disputes_active_idx on app.disputes (created_at) where status in ('open', 'resolving');
alter table app.disputes enable row level security;
grant select, insert on app.disputes to authenticated;
grant update (status) on app.disputes to authenticated;
grant all on app.disputes to service_role;
create trigger disputes_set_updated_at before update on app.disputes
  for each row execute function app.set_updated_at();

create policy "Parties and admins read disputes" on app.disputes
  for select to authenticated
  using (creator_id = (select auth.uid()) or brand_id = (select auth.uid()) or (select app.is_admin()));
create policy "Parties open disputes as themselves" on app.disputes
  for insert to authenticated
  with check (opened_by = (select auth.uid()) and (creator_id = (select auth.uid()) or brand_id = (select auth.uid())));
create policy "Whoever opened a dispute may withdraw it" on app.disputes
  for update to authenticated
  using (opened_by = (select auth.uid()))
  with check (opened_by = (select auth.uid()));

create table app.dispute_messages (
  id uuid primary key default gen_random_uuid(),
  dispute_id uuid not null references app.disputes (id) on delete cascade,
  author_id uuid references app.profiles (id) on delete set null,
  body text not null,
  created_at timestamptz not null default now(),
  constraint dispute_messages_body_length check (char_length(btrim(body)) between 1 and 4000)
);
comment on table app.dispute_messages is 'The thread of a dispute: its two parties and admins.';
create index dispute_messages_dispute_idx on app.dispute_messages (dispute_id, created_at);
create index disputes_brand_idx on app.disputes (brand_id);
create index disputes_creator_idx on app.disputes (creator_id);
create index disputes_opened_by_idx on app.disputes (opened_by);
create index disputes_resolved_by_idx on app.disputes (resolved_by);
create index dispute_messages_author_idx on app.dispute_messages (author_id);
alter table app.dispute_messages enable row level security;
grant select, insert on app.dispute_messages to authenticated;
grant all on app.dispute_messages to service_role;

/** True when the caller is a party of the dispute or an admin. Definer: the policy reads disputes without recursion. */
create or replace function app.can_see_dispute(dispute_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from app.disputes d where d.id = can_see_dispute.dispute_id
                 and (select auth.uid()) in (d.brand_id, d.creator_id))
      or app.is_admin()
$$;
revoke execute on function app.can_see_dispute(uuid) from public, anon;
grant execute on function app.can_see_dispute(uuid) to authenticated;

create policy "Parties and admins read a dispute's thread" on app.dispute_messages
  for select to authenticated
  using ((select app.can_see_dispute(dispute_id)));
/** True while a dispute takes messages (open, or an admin's decision is being carried out). */
create or replace function app.dispute_is_active(dispute_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from app.disputes d where d.id = dispute_is_active.dispute_id and d.status in ('open', 'resolving'))
$$;
revoke execute on function app.dispute_is_active(uuid) from public, anon;
grant execute on function app.dispute_is_active(uuid) to authenticated;

create policy "Parties and admins write in an active dispute's thread as themselves" on app.dispute_messages
  for insert to authenticated
  with check (author_id = (select auth.uid()) and (select app.can_see_dispute(dispute_id)) and (select app.dispute_is_active(dispute_id)));

/**
 * Trigger: a dispute is opened on a funded hire only (its parties are copied from the hire) and freezes
 * it; users only withdraw their own open dispute; the rest of the life of a dispute belongs to the
 * service role (resolution).
 */
create or replace function app.guard_dispute()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  e app.escrows;
begin
  if tg_op = 'INSERT' then
    select * into e from app.escrows x where x.id = new.escrow_id for update;
    new.application_id := e.application_id;
    new.brand_id := e.brand_id;
    new.creator_id := e.creator_id;
    if e.status = 'disputed' or exists (select 1 from app.disputes d where d.escrow_id = e.id and d.status in ('open', 'resolving')) then
      perform app.fail('PT409', 'A dispute is already open on this hire', 'dispute_open');
    end if;
    if e.status is distinct from 'funded' or app.escrow_held(e.id) <= 0 then
      perform app.fail('PT409', 'A dispute can be opened only while the payment is held in escrow', 'not_held');
    end if;
    if (select auth.role()) = 'authenticated' then
      -- What a user writes is only the opening: who they are decides the side; no decision yet.
      new.opened_by_role := case when new.opened_by = e.brand_id then 'brand' else 'creator' end;
      new.status := 'open';
      new.outcome := null;
      new.creator_cents := null;
      new.brand_cents := null;
      new.resolution_note := null;
      new.resolved_by := null;
      new.resolved_at := null;
      new.withdrawn_at := null;
      new.created_at := now();
    end if;
    return new;
  end if;
  -- A party's account deleted sets its column to null (on delete set null): that is the only change allowed.
  if new.escrow_id is distinct from old.escrow_id
     or (new.opened_by is distinct from old.opened_by and new.opened_by is not null)
     or (new.brand_id is distinct from old.brand_id and new.brand_id is not null)
     or (new.creator_id is distinct from old.creator_id and new.creator_id is not null) then
    perform app.fail('42501', 'A dispute''s parties cannot be changed', 'immutable_owner');
  end if;
  if (select auth.role()) = 'authenticated'
     and new.status is distinct from old.status and not (old.status = 'open' and new.status = 'withdrawn') then
    perform app.fail('PT409', 'This dispute is no longer open', 'dispute_closed');
  end if;
  if new.status = 'withdrawn' and old.status <> 'withdrawn' then
    new.withdrawn_at := now();
  end if;
  return new;
end;
$$;
create trigger disputes_guard before insert or update on app.disputes
  for each row execute function app.guard_dispute();

/**
 * Trigger: opening freezes the hire (no release, no auto-approval); withdrawing unfreezes it and gives
 * content awaiting review a full review window again (the time spent in dispute does not count).
 */
create or replace function app.dispute_moves_hire()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update app.escrows x set status = 'disputed' where x.id = new.escrow_id;
    perform app.log_event(new.application_id, 'disputed', jsonb_build_object('reason', new.reason, 'dispute_id', new.id),
      new.created_at, new.opened_by);
  elsif new.status = 'withdrawn' and old.status = 'open' then
    update app.escrows x set status = 'funded' where x.id = new.escrow_id and x.status = 'disputed';
    update app.deliverables d
    set review_due_at = now() + make_interval(hours => (select s.review_window_hours from app.platform_settings s))
    where d.application_id = new.application_id and d.status in ('pending', 'submitted');
    perform app.log_event(new.application_id, 'dispute_withdrawn', jsonb_build_object('dispute_id', new.id));
  elsif new.status = 'resolved' and old.status <> 'resolved' then
    perform app.log_event(new.application_id, 'resolved',
      jsonb_build_object('dispute_id', new.id, 'outcome', new.outcome, 'creator_cents', new.creator_cents,
        'brand_cents', new.brand_cents, 'note', new.resolution_note),
      new.resolved_at, new.resolved_by);
  end if;
  return null;
end;
$$;
create trigger disputes_move_hire after insert or update of status on app.disputes
  for each row execute function app.dispute_moves_hire();

/**
 * Trigger (replaces issue 16's): content gets its review deadline on each submission to a funded hire;
 * approving is refused while the hire is disputed (an admin decides) or after it was closed.
 */
create or replace function app.deliverable_review_window()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  hire_status text;
begin
  select e.status into hire_status from app.escrows e where e.application_id = new.application_id;
  if tg_op = 'UPDATE' and new.status = 'approved' and old.status <> 'approved' then
    if hire_status = 'disputed' then
      raise exception 'A dispute is open on this hire: an admin will decide how the money is released'
        using errcode = 'PT409', detail = 'dispute_open';
    end if;
    if hire_status in ('awaiting_funding', 'refund_pending', 'refunded', 'canceled', 'charged_back') then
      raise exception 'This hire was canceled or refunded, so its content can no longer be approved'
        using errcode = 'PT409', detail = 'hire_closed';
    end if;
  end if;
  if new.status in ('pending', 'submitted') then
    if hire_status in ('funded', 'disputed') and (tg_op = 'INSERT' or new.content_url is distinct from old.content_url
                                   or old.status not in ('pending', 'submitted') or old.review_due_at is null) then
      new.review_due_at := now() + make_interval(hours => (select s.review_window_hours from app.platform_settings s));
    end if;
  else
    new.review_due_at := null;
  end if;
  return new;
end;
$$;

/**
 * Approves content whose review deadline passed by `as_of` (see issue 16), except on a hire that is
 * disputed (frozen) or closed: only content of a funded hire, or of one already released.
 */
create or replace function app.auto_approve_due(as_of timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  d record;
  approved integer := 0;
begin
  perform set_config('app.approval_kind', 'auto_approved', true);
  for d in
    select x.id from app.deliverables x
    where x.review_due_at <= as_of and x.status in ('pending', 'submitted')
      and not exists (select 1 from app.escrows e where e.application_id = x.application_id and e.status not in ('funded', 'released'))
    order by x.review_due_at
    for update of x skip locked
  loop
    update app.deliverables x set status = 'approved', review_due_at = null
    where x.id = d.id and x.status in ('pending', 'submitted');
    approved := approved + 1;
  end loop;
  perform set_config('app.approval_kind', '', true);
  return approved;
end;
$$;

/**
 * Money went back to the card (see issue 16). Unchanged, except while an admin's resolution of a dispute
 * is being carried out: the hire is then closed by that resolution, not by the refund.
 */
create or replace function app.post_payment_refunded(p app.payments, refunded_before bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  e app.escrows;
  delta bigint := p.amount_refunded_cents - refunded_before;
  from_escrow bigint := 0;
  campaign uuid;
begin
  if delta <= 0 then
    return;
  end if;
  if p.escrow_id is not null then
    select * into e from app.escrows x where x.id = p.escrow_id for update;
    campaign := e.campaign_id;
    if e.status not in ('released', 'charged_back') then
      from_escrow := least(delta, app.escrow_held(e.id));
    end if;
  else
    select d.campaign_id into campaign from app.deliverables d where d.id = p.deliverable_id;
  end if;
  perform app.ledger_post(case when from_escrow > 0 then 'refund' else 'refund_after_release' end,
    p.id::text || ':' || p.amount_refunded_cents,
    jsonb_build_array(
      jsonb_build_object('account', 'stripe_balance', 'amount_cents', -delta),
      jsonb_build_object('account', 'escrow', 'escrow_id', e.id, 'amount_cents', from_escrow),
      jsonb_build_object('account', 'platform_losses', 'amount_cents', delta - from_escrow)),
    escrow_id => e.id, payment_id => p.id, campaign_id => campaign, creator_id => p.creator_id,
    brand_id => p.brand_id, stripe_object_id => p.stripe_payment_id);
  if e.id is not null and from_escrow > 0 and app.escrow_held(e.id) = 0
     and not exists (select 1 from app.disputes d where d.escrow_id = e.id and d.status = 'resolving') then
    update app.escrows x set status = 'refunded', refunded_at = now(), canceled_at = coalesce(x.canceled_at, now())
    where x.id = e.id;
    -- The brand's reason when it canceled here; null when the refund came from Stripe's side.
    update app.applications a set status = 'canceled', canceled_at = now(),
      cancel_reason = (select x.cancel_reason from app.escrows x where x.id = e.id)
    where a.id = e.application_id and a.status = 'accepted';
  end if;
end;
$$;

/** Checks a dispute's reason, details and evidence links, with the form's messages. */
create or replace function app.validate_dispute(reason text, details text, evidence_urls text[])
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if reason is null or reason not in ('not_delivered', 'not_as_agreed', 'quality', 'missed_deadline', 'unresponsive', 'other') then
    perform app.fail('22023', 'Choose a reason', 'reason_invalid');
  end if;
  if app.is_blank(details) then
    perform app.fail('22023', 'Describe the problem', 'details_required');
  end if;
  if char_length(btrim(details)) > 5000 then
    perform app.fail('22023', 'The description must be 5000 characters or fewer', 'details_too_long');
  end if;
  if cardinality(evidence_urls) > 10 then
    perform app.fail('22023', 'Add at most 10 links', 'evidence_too_many');
  end if;
  if exists (select 1 from unnest(coalesce(evidence_urls, '{}')) u
             where btrim(u) !~* '^https?://[^[:space:]]+$' or char_length(btrim(u)) > 2000) then
    perform app.fail('22023', 'Evidence links must start with http:// or https://', 'evidence_invalid');
  end if;
end;
$$;
grant execute on function app.validate_dispute(text, text, text[]) to authenticated;

/** The brand or the creator of a hire whose money is held opens a dispute; returns its id. */
create or replace function api.open_dispute(application_id uuid, reason text, details text, evidence_urls text[] default '{}')
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  a record;
  e_id uuid;
  new_id uuid;
  uid uuid := (select auth.uid());
begin
  select x.id, x.brand_id, x.creator_id into a from app.applications x where x.id = open_dispute.application_id;
  if not found then
    perform app.fail('PT404', 'Application not found', 'application_not_found');
  end if;
  if uid is null or uid not in (a.brand_id, a.creator_id) then
    perform app.fail('42501', 'Only the brand and the creator of this hire can open a dispute', 'not_party');
  end if;
  perform app.validate_dispute(reason, details, evidence_urls);
  select e.id into e_id from app.escrows e where e.application_id = a.id;
  if e_id is null then
    perform app.fail('PT409', 'A dispute can be opened only while the payment is held in escrow', 'not_held');
  end if;
  insert into app.disputes (escrow_id, opened_by, opened_by_role, reason, details, evidence_urls, brand_id, creator_id)
  values (e_id, uid, case when uid = a.brand_id then 'brand' else 'creator' end, open_dispute.reason,
    btrim(open_dispute.details),
    coalesce((select array_agg(btrim(u)) from unnest(open_dispute.evidence_urls) u where btrim(u) <> ''), '{}'),
    a.brand_id, a.creator_id)
  returning id into new_id;
  return new_id;
exception
  when unique_violation then
    perform app.fail('PT409', 'A dispute is already open on this hire', 'dispute_open');
end;
$$;

/** Whoever opened a dispute withdraws it while it is open: release and the review window resume. */
create or replace function api.withdraw_dispute(dispute_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
declare
  d app.disputes;
begin
  select * into d from app.disputes x where x.id = withdraw_dispute.dispute_id;
  if not found then
    perform app.fail('PT404', 'Dispute not found', 'dispute_not_found');
  end if;
  if d.opened_by is distinct from (select auth.uid()) then
    perform app.fail('42501', 'Only whoever opened the dispute can withdraw it', 'not_opener');
  end if;
  if d.status <> 'open' then
    perform app.fail('PT409', 'This dispute is no longer open', 'dispute_closed');
  end if;
  update app.disputes x set status = 'withdrawn' where x.id = d.id and x.status = 'open';
  if not found then
    perform app.fail('PT409', 'This dispute is no longer open', 'dispute_closed');
  end if;
end;
$$;

/** A party or an admin writes in a dispute's thread while it is open (or being resolved). */
create or replace function api.post_dispute_message(dispute_id uuid, body text)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  d app.disputes;
  new_id uuid;
begin
  select * into d from app.disputes x where x.id = post_dispute_message.dispute_id;
  if not found then
    perform app.fail('PT404', 'Dispute not found', 'dispute_not_found');
  end if;
  if app.is_blank(body) then
    perform app.fail('22023', 'Message cannot be empty', 'body_required');
  end if;
  if char_length(btrim(body)) > 4000 then
    perform app.fail('22023', 'Message is too long (4000 characters at most)', 'body_too_long');
  end if;
  if d.status not in ('open', 'resolving') then
    perform app.fail('PT409', 'This dispute is no longer open', 'dispute_closed');
  end if;
  insert into app.dispute_messages (dispute_id, author_id, body)
  values (d.id, (select auth.uid()), btrim(body))
  returning id into new_id;
  return new_id;
end;
$$;

/** The display name of a user (a brand's company name). */
create or replace function app.display_name(user_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case when p.role = 'brand' then coalesce(b.company_name, p.full_name) else p.full_name end
  from app.profiles p left join app.brand_profiles b on b.user_id = p.id
  where p.id = display_name.user_id
$$;
revoke execute on function app.display_name(uuid) from public, anon;
grant execute on function app.display_name(uuid) to authenticated, service_role;

/** The latest dispute of a hire with its thread, for its two parties and admins; can_open says whether the caller may open one now. */
create or replace function api.hire_dispute(application_id uuid)
returns table (can_open boolean, id uuid, status text, reason text, details text, evidence_urls text[], opened_by uuid,
  opened_by_role text, opened_by_name text, created_at timestamptz, amount_cents bigint, held_cents bigint, outcome text,
  creator_cents bigint, brand_cents bigint, resolution_note text, resolved_at timestamptz, resolved_by_name text,
  withdrawn_at timestamptz, messages jsonb)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  a record;
  uid uuid := (select auth.uid());
begin
  select x.id, x.brand_id, x.creator_id into a from app.applications x where x.id = hire_dispute.application_id;
  if not found then
    perform app.fail('PT404', 'Application not found', 'application_not_found');
  end if;
  return query
    select
      uid in (a.brand_id, a.creator_id) and e.status = 'funded' and app.escrow_held(e.id) > 0,
      d.id, d.status, d.reason, d.details, d.evidence_urls, d.opened_by, d.opened_by_role, app.display_name(d.opened_by),
      d.created_at, e.amount_cents, case when e.id is not null then app.escrow_held(e.id) end, d.outcome, d.creator_cents,
      d.brand_cents, d.resolution_note, d.resolved_at, app.display_name(d.resolved_by), d.withdrawn_at,
      coalesce((select jsonb_agg(jsonb_build_object('id', m.id, 'author_id', m.author_id,
                  'author_name', app.display_name(m.author_id), 'author_role', app.role_of(m.author_id),
                  'body', m.body, 'created_at', m.created_at) order by m.created_at, m.id)
                from app.dispute_messages m where m.dispute_id = d.id), '[]'::jsonb)
    from (select 1) one
    left join app.escrows e on e.application_id = a.id
    left join lateral (select * from app.disputes x where x.application_id = a.id order by x.created_at desc limit 1) d on true;
end;
$$;

/** Admins: disputes waiting for a decision, oldest first, with the money at stake. */
create or replace function api.admin_dispute_queue()
returns table (id uuid, application_id uuid, deliverable_id uuid, campaign_title text, brand_name text, creator_name text,
  reason text, opened_by_role text, status text, amount_cents bigint, held_cents bigint, created_at timestamptz)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform app.assert_admin();
  return query
    select d.id, d.application_id,
      (select x.id from app.deliverables x where x.application_id = d.application_id order by x.created_at desc, x.id desc limit 1),
      c.title, app.display_name(d.brand_id), app.display_name(d.creator_id), d.reason, d.opened_by_role, d.status,
      e.amount_cents, app.escrow_held(e.id), d.created_at
    from app.disputes d
    join app.escrows e on e.id = d.escrow_id
    left join app.campaigns c on c.id = e.campaign_id
    where d.status in ('open', 'resolving')
    order by d.created_at, d.id;
end;
$$;

/**
 * What resolving a dispute as the calling admin involves: checks the outcome and the split against the
 * money held; returns the shares and the card payment to refund. A dispute already being resolved the
 * same way may be resolved again (a retry after a failure half-way).
 */
create or replace function api.resolve_dispute_quote(dispute_id uuid, outcome text, creator_cents bigint default null)
returns table (escrow_id uuid, held_cents bigint, creator_share_cents bigint, brand_share_cents bigint, stripe_payment_id text,
  admin_id uuid)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  d app.disputes;
  held bigint;
  share bigint;
begin
  if not (select app.is_admin()) then
    perform app.fail('42501', 'Only admins can resolve disputes', 'not_admin');
  end if;
  select * into d from app.disputes x where x.id = resolve_dispute_quote.dispute_id;
  if not found then
    perform app.fail('PT404', 'Dispute not found', 'dispute_not_found');
  end if;
  if outcome is null or outcome not in ('release', 'refund', 'split') then
    perform app.fail('22023', 'Outcome must be release, refund or split', 'outcome_invalid');
  end if;
  if d.status = 'resolving' then
    return query select d.escrow_id, d.creator_cents + d.brand_cents, d.creator_cents, d.brand_cents,
      (select p.stripe_payment_id from app.payments p where p.escrow_id = d.escrow_id and p.status in ('completed', 'refunded') limit 1),
      (select auth.uid());
    return;
  end if;
  if d.status <> 'open' then
    perform app.fail('PT409', 'This dispute was already resolved or withdrawn', 'dispute_closed');
  end if;
  held := app.escrow_held(d.escrow_id);
  share := case outcome when 'release' then held when 'refund' then 0 else resolve_dispute_quote.creator_cents end;
  if outcome = 'split' and (share is null or share <= 0 or share >= held) then
    perform app.fail('22023', 'The creator''s share must be more than $0.00 and less than the money held', 'split_invalid');
  end if;
  return query select d.escrow_id, held, share, held - share,
    (select p.stripe_payment_id from app.payments p where p.escrow_id = d.escrow_id and p.status = 'completed' limit 1),
    (select auth.uid());
end;
$$;

/**
 * Service role: starts carrying out an admin's decision (the dispute is 'resolving'; nothing moved yet).
 * The same decision again returns the same shares; another decision on a dispute being resolved, or any
 * on a closed one, is refused.
 */
create or replace function api.resolve_dispute_begin(dispute_id uuid, outcome text, creator_cents bigint, brand_cents bigint,
  note text, admin_id uuid)
returns table (escrow_id uuid, creator_share_cents bigint, brand_share_cents bigint, stripe_payment_id text)
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
  d app.disputes;
  held bigint;
begin
  if app.is_blank(note) then
    perform app.fail('22023', 'Explain the decision to both sides', 'note_required');
  end if;
  if char_length(btrim(note)) > 1000 then
    perform app.fail('22023', 'The note must be 1000 characters or fewer', 'note_too_long');
  end if;
  select * into d from app.disputes x where x.id = resolve_dispute_begin.dispute_id for update;
  if not found then
    perform app.fail('PT404', 'Dispute not found', 'dispute_not_found');
  end if;
  if d.status = 'resolving' and d.outcome = resolve_dispute_begin.outcome and d.creator_cents = resolve_dispute_begin.creator_cents then
    return query select d.escrow_id, d.creator_cents, d.brand_cents,
      (select p.stripe_payment_id from app.payments p where p.escrow_id = d.escrow_id and p.status in ('completed', 'refunded') limit 1);
    return;
  end if;
  if d.status <> 'open' then
    perform app.fail('PT409', 'This dispute was already resolved or withdrawn', 'dispute_closed');
  end if;
  perform 1 from app.escrows e where e.id = d.escrow_id for update;
  held := app.escrow_held(d.escrow_id);
  if creator_cents < 0 or brand_cents < 0 or creator_cents + brand_cents <> held then
    perform app.fail('22023', 'The shares must add up to the money held', 'split_invalid');
  end if;
  update app.disputes x set status = 'resolving', outcome = resolve_dispute_begin.outcome,
    creator_cents = resolve_dispute_begin.creator_cents, brand_cents = resolve_dispute_begin.brand_cents,
    resolution_note = btrim(note), resolved_by = admin_id
  where x.id = d.id;
  return query select d.escrow_id, resolve_dispute_begin.creator_cents, resolve_dispute_begin.brand_cents,
    (select p.stripe_payment_id from app.payments p where p.escrow_id = d.escrow_id and p.status = 'completed' limit 1);
end;
$$;

/** Service role: Stripe refused the refund of a decision; the dispute is open again and nothing moved. */
create or replace function api.resolve_dispute_abort(dispute_id uuid)
returns void
language sql
set search_path = ''
as $$
  update app.disputes x set status = 'open', outcome = null, creator_cents = null, brand_cents = null,
    resolution_note = null, resolved_by = null
  where x.id = resolve_dispute_abort.dispute_id and x.status = 'resolving'
    and not exists (select 1 from app.payments p where p.escrow_id = x.escrow_id and p.amount_refunded_cents > 0)
$$;

/**
 * Service role: finishes a decision once the brand's share is back on its card (recorded as a refund,
 * which took it from escrow): the creator's share is released less the fee, once; the hire closes
 * (released when the creator got anything, else refunded); the dispute is resolved.
 */
create or replace function app.resolve_dispute_finish(dispute_id uuid)
returns table (outcome text, creator_cents bigint, brand_cents bigint)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  d app.disputes;
  e app.escrows;
  held bigint;
  fee bigint;
begin
  select * into d from app.disputes x where x.id = resolve_dispute_finish.dispute_id for update;
  if not found then
    perform app.fail('PT404', 'Dispute not found', 'dispute_not_found');
  end if;
  if d.status = 'resolved' then
    return query select d.outcome, d.creator_cents, d.brand_cents;
    return;
  end if;
  if d.status <> 'resolving' then
    perform app.fail('PT409', 'This dispute was already resolved or withdrawn', 'dispute_closed');
  end if;
  select * into e from app.escrows x where x.id = d.escrow_id for update;
  held := app.escrow_held(e.id);
  if held <> d.creator_cents then
    perform app.fail('PT409', 'The brand''s refund is not recorded yet', 'refund_not_recorded');
  end if;
  -- The decision first, then the money it moves (the history reads in that order).
  update app.disputes x set status = 'resolved', resolved_at = now() where x.id = d.id;
  if held > 0 then
    fee := app.platform_fee(held, e.fee_bps);
    -- Kind 'release' with the hire as subject: a hire is released once, by approval or by a decision.
    perform app.ledger_post('release', e.id::text,
      jsonb_build_array(
        jsonb_build_object('account', 'escrow', 'escrow_id', e.id, 'amount_cents', held),
        jsonb_build_object('account', 'creator_available', 'amount_cents', -(held - fee)),
        jsonb_build_object('account', 'platform_fees', 'amount_cents', -fee)),
      escrow_id => e.id, campaign_id => e.campaign_id, creator_id => e.creator_id, brand_id => e.brand_id,
      memo => format('dispute %s: %s; fee %s bps', d.id, d.outcome, e.fee_bps));
    update app.escrows x set status = 'released', released_at = now(), release_reason = 'dispute' where x.id = e.id;
  else
    update app.escrows x set status = 'refunded', refunded_at = now() where x.id = e.id;
  end if;
  update app.deliverables x set review_due_at = null where x.application_id = d.application_id;
  return query select d.outcome, d.creator_cents, d.brand_cents;
end;
$$;
revoke execute on function app.resolve_dispute_finish(uuid) from public, anon, authenticated;
grant execute on function app.resolve_dispute_finish(uuid) to service_role;

/** Service role: app.resolve_dispute_finish (only the money functions of app write the ledger). */
create or replace function api.resolve_dispute_finish(dispute_id uuid)
returns table (outcome text, creator_cents bigint, brand_cents bigint)
language sql
set search_path = ''
as $$
  select * from app.resolve_dispute_finish(resolve_dispute_finish.dispute_id)
$$;

revoke execute on function api.open_dispute(uuid, text, text, text[]), api.withdraw_dispute(uuid),
  api.post_dispute_message(uuid, text), api.hire_dispute(uuid), api.admin_dispute_queue(),
  api.resolve_dispute_quote(uuid, text, bigint),
  api.resolve_dispute_begin(uuid, text, bigint, bigint, text, uuid), api.resolve_dispute_abort(uuid),
  api.resolve_dispute_finish(uuid)
  from public, anon;
grant execute on function api.open_dispute(uuid, text, text, text[]), api.withdraw_dispute(uuid),
  api.post_dispute_message(uuid, text), api.hire_dispute(uuid), api.admin_dispute_queue(),
  api.resolve_dispute_quote(uuid, text, bigint)
  to authenticated;
revoke execute on function api.resolve_dispute_begin(uuid, text, bigint, bigint, text, uuid), api.resolve_dispute_abort(uuid),
  api.resolve_dispute_finish(uuid)
  from authenticated;
grant execute on function api.resolve_dispute_begin(uuid, text, bigint, bigint, text, uuid), api.resolve_dispute_abort(uuid),
  api.resolve_dispute_finish(uuid)
  to service_role;

/**
 * A chargeback (see issue 16) also takes the money of a disputed hire from escrow: the card's bank
 * decided before our admin could, and the dispute is closed with it (withdrawn: nothing left to decide).
 */
create or replace function app.payment_record_dispute(stripe_payment_id text, dispute_id text, amount_cents bigint,
  dispute_status text, event_id text default null, event_type text default null, occurred_at timestamptz default null)
returns table (outcome text, payment_id uuid)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  p app.payments;
  e app.escrows;
  from_escrow boolean;
  won boolean := dispute_status = 'won';
  tx uuid;
begin
  if not app.first_delivery(event_id, event_type, occurred_at) then
    return query select 'duplicate'::text, null::uuid;
    return;
  end if;
  select * into p from app.payments x where x.stripe_payment_id = payment_record_dispute.stripe_payment_id for update;
  if not found then
    if event_id is not null then
      update app.stripe_events x set outcome = 'unknown_payment' where x.id = event_id;
    end if;
    return query select 'unknown_payment'::text, null::uuid;
    return;
  end if;
  if p.escrow_id is not null then
    select * into e from app.escrows x where x.id = p.escrow_id for update;
  end if;
  if not won then
    from_escrow := e.id is not null and e.status in ('funded', 'refund_pending', 'disputed') and app.escrow_held(e.id) >= amount_cents;
    tx := app.ledger_post('chargeback', dispute_id,
      jsonb_build_array(
        jsonb_build_object('account', 'stripe_balance', 'amount_cents', -amount_cents),
        case when from_escrow then jsonb_build_object('account', 'escrow', 'escrow_id', e.id, 'amount_cents', amount_cents)
             else jsonb_build_object('account', 'platform_losses', 'amount_cents', amount_cents) end),
      escrow_id => case when from_escrow then e.id end, payment_id => p.id, campaign_id => e.campaign_id,
      creator_id => p.creator_id, brand_id => p.brand_id, stripe_object_id => dispute_id, memo => dispute_status);
    if tx is not null and from_escrow then
      update app.escrows x set status = 'charged_back' where x.id = e.id;
    end if;
  else
    -- A won dispute returns the money where the chargeback took it from.
    select exists (select 1 from app.ledger_entries le join app.ledger_transactions lt on lt.id = le.transaction_id
                   where lt.kind = 'chargeback' and lt.subject_id = dispute_id and le.account = 'escrow') into from_escrow;
    if exists (select 1 from app.ledger_transactions lt where lt.kind = 'chargeback' and lt.subject_id = dispute_id) then
      tx := app.ledger_post('chargeback_reversal', dispute_id,
        jsonb_build_array(
          jsonb_build_object('account', 'stripe_balance', 'amount_cents', amount_cents),
          case when from_escrow then jsonb_build_object('account', 'escrow', 'escrow_id', e.id, 'amount_cents', -amount_cents)
               else jsonb_build_object('account', 'platform_losses', 'amount_cents', -amount_cents) end),
        escrow_id => case when from_escrow then e.id end, payment_id => p.id, campaign_id => e.campaign_id,
        creator_id => p.creator_id, brand_id => p.brand_id, stripe_object_id => dispute_id, memo => dispute_status);
      if tx is not null and from_escrow and e.status = 'charged_back' then
        update app.escrows x set status = 'funded' where x.id = e.id;
      end if;
    end if;
  end if;
  if event_id is not null then
    update app.stripe_events x set outcome = case when tx is null then 'unchanged' else 'applied' end, payment_id = p.id
    where x.id = event_id;
  end if;
  return query select case when tx is null then 'unchanged' else 'applied' end, p.id;
end;
$$;

/** Trigger: a hire charged back ends its open dispute. */
create or replace function app.chargeback_ends_dispute()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'charged_back' and old.status is distinct from 'charged_back' then
    update app.disputes d set status = 'withdrawn', resolution_note = 'charged back by the card''s bank'
    where d.escrow_id = new.id and d.status = 'open';
  end if;
  return null;
end;
$$;
create trigger escrows_chargeback_ends_dispute after update of status on app.escrows
  for each row execute function app.chargeback_ends_dispute();
