-- Money that reaches creators (issue 16), part 2: escrow. Accepting an application on a flat-fee campaign
-- opens a hire that the brand funds by card; the creator starts work once it is funded; approving the
-- content (or the review window running out) releases it to the creator's balance, less the platform
-- fee; the brand can cancel a funded hire before any content is submitted, for a full refund.

alter table app.applications drop constraint applications_status_valid;
alter table app.applications add constraint applications_status_valid
  check (status in ('pending', 'accepted', 'rejected', 'canceled'));
alter table app.applications add column cancel_reason text;
alter table app.applications add column canceled_at timestamptz;
alter table app.applications add constraint applications_cancel_reason_length
  check (cancel_reason is null or char_length(cancel_reason) <= 1000);

/** One hire's money: what the brand funds and where it is. Kept when a party is deleted (money stays traceable). */
create table app.escrows (
  id uuid primary key default gen_random_uuid(),
  application_id uuid references app.applications (id) on delete set null,
  campaign_id uuid references app.campaigns (id) on delete set null,
  brand_id uuid references app.profiles (id) on delete set null,
  creator_id uuid references app.profiles (id) on delete set null,
  amount_cents bigint not null,
  fee_bps integer not null,
  status text not null default 'awaiting_funding',
  funded_at timestamptz,
  released_at timestamptz,
  release_reason text,
  released_deliverable_id uuid,
  refunded_at timestamptz,
  canceled_at timestamptz,
  cancel_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint escrows_one_per_application unique (application_id),
  constraint escrows_amount_positive check (amount_cents > 0),
  constraint escrows_fee_range check (fee_bps between 0 and 5000),
  constraint escrows_status_valid check (status in (
    'awaiting_funding', 'funded', 'refund_pending', 'released', 'refunded', 'canceled', 'charged_back')),
  constraint escrows_release_reason_valid check (release_reason is null or release_reason in ('approved', 'auto_approved'))
);
comment on table app.escrows is
  'A funded hire: amount the brand pays (cents) and the fee rate fixed when the application was accepted. '
  'Money held = -sum(ledger escrow entries of this escrow).';
create index escrows_campaign_idx on app.escrows (campaign_id);
create index escrows_brand_idx on app.escrows (brand_id, status);
create index escrows_creator_idx on app.escrows (creator_id, status);
create index escrows_status_idx on app.escrows (status);
alter table app.escrows enable row level security;
grant select on app.escrows to authenticated;
grant all on app.escrows to service_role;
create policy "Parties and admins see escrows" on app.escrows
  for select to authenticated
  using (creator_id = (select auth.uid()) or brand_id = (select auth.uid()) or (select app.is_admin()));
create trigger escrows_set_updated_at before update on app.escrows
  for each row execute function app.set_updated_at();

alter table app.payments add column escrow_id uuid references app.escrows (id) on delete set null;
create index payments_escrow_idx on app.payments (escrow_id);
create unique index payments_one_completed_per_escrow on app.payments (escrow_id) where status = 'completed';
create unique index payments_one_open_per_escrow on app.payments (escrow_id)
  where status = 'pending' or (status = 'failed' and stripe_status is not null and stripe_status <> 'canceled');

alter table app.deliverables add column review_due_at timestamptz;
create index deliverables_review_due_idx on app.deliverables (review_due_at) where review_due_at is not null;
comment on column app.deliverables.review_due_at is
  'Funded hires only: when content awaiting review is approved automatically (set on each submission).';

/** The money held in an escrow, in cents (from the ledger). */
create or replace function app.escrow_held(escrow_id uuid)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(-sum(e.amount_cents), 0)::bigint from app.ledger_entries e
  where e.escrow_id = escrow_held.escrow_id and e.account = 'escrow'
$$;
revoke execute on function app.escrow_held(uuid) from public, anon;
grant execute on function app.escrow_held(uuid) to authenticated, service_role;

/** The hire of an application as the app shows it (null when the hire needs no funding). */
create or replace function app.hire_json(application_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'escrow_id', e.id, 'status', e.status, 'amount_cents', e.amount_cents, 'fee_bps', e.fee_bps,
    'fee_cents', app.platform_fee(e.amount_cents, e.fee_bps),
    'creator_cents', e.amount_cents - app.platform_fee(e.amount_cents, e.fee_bps),
    'held_cents', app.escrow_held(e.id),
    'funded_at', e.funded_at, 'released_at', e.released_at, 'release_reason', e.release_reason,
    'refunded_at', e.refunded_at, 'canceled_at', e.canceled_at, 'cancel_reason', e.cancel_reason,
    'review_due_at', (select min(d.review_due_at) from app.deliverables d where d.application_id = e.application_id))
  from app.escrows e
  where e.application_id = hire_json.application_id
$$;
revoke execute on function app.hire_json(uuid) from public, anon;
grant execute on function app.hire_json(uuid) to authenticated, service_role;

/** True when the creator may work on (submit content for) this application: no unfunded or closed hire. */
create or replace function app.hire_allows_work(application_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select not exists (
    select 1 from app.escrows e
    where e.application_id = hire_allows_work.application_id
      and e.status in ('awaiting_funding', 'refund_pending', 'refunded', 'canceled', 'charged_back'))
$$;
revoke execute on function app.hire_allows_work(uuid) from public, anon;
grant execute on function app.hire_allows_work(uuid) to authenticated, service_role;

/** Trigger: accepting an application on a paid flat-fee campaign opens its hire, awaiting funding. */
create or replace function app.open_hire_on_accept()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  c record;
begin
  if new.status <> 'accepted' or old.status = 'accepted' then
    return null;
  end if;
  select x.compensation_type, x.compensation_cents into c from app.campaigns x where x.id = new.campaign_id;
  if c.compensation_type = 'flat_fee' and c.compensation_cents > 0
     and (select s.escrow_enabled from app.platform_settings s) then
    insert into app.escrows (application_id, campaign_id, brand_id, creator_id, amount_cents, fee_bps)
    select new.id, new.campaign_id, new.brand_id, new.creator_id, c.compensation_cents, s.fee_bps
    from app.platform_settings s
    on conflict (application_id) do nothing;
  end if;
  return null;
end;
$$;
create trigger applications_open_hire after update of status on app.applications
  for each row execute function app.open_hire_on_accept();

-- Creators deliver only for accepted applications whose hire (if any) is funded.
drop policy "Creators deliver for their accepted applications" on app.deliverables;
create policy "Creators deliver for their accepted, funded applications" on app.deliverables
  for insert to authenticated
  with check (
    creator_id = (select auth.uid())
    and exists (select 1 from app.applications a
                where a.id = application_id and a.creator_id = (select auth.uid()) and a.status = 'accepted')
    and app.hire_allows_work(application_id)
  );

/**
 * Trigger: content awaiting review on a funded hire gets its review deadline (now + the window) on each
 * submission; leaving review clears it. A closed hire's content cannot be approved.
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
  if tg_op = 'UPDATE' and new.status = 'approved' and old.status <> 'approved'
     and hire_status in ('awaiting_funding', 'refund_pending', 'refunded', 'canceled', 'charged_back') then
    raise exception 'This hire was canceled or refunded, so its content can no longer be approved'
      using errcode = 'PT409', detail = 'hire_closed';
  end if;
  if new.status in ('pending', 'submitted') then
    if hire_status = 'funded' and (tg_op = 'INSERT' or new.content_url is distinct from old.content_url
                                   or old.status not in ('pending', 'submitted') or old.review_due_at is null) then
      new.review_due_at := now() + make_interval(hours => (select s.review_window_hours from app.platform_settings s));
    end if;
  else
    new.review_due_at := null;
  end if;
  return new;
end;
$$;
create trigger deliverables_review_window before insert or update on app.deliverables
  for each row execute function app.deliverable_review_window();

/**
 * Releases a funded hire to its creator, once: the held money leaves escrow, the fee (rounded down to
 * the cent) goes to the platform, the rest to the creator's available balance. A hire already released
 * is left alone; a hire in any other state is an error.
 */
create or replace function app.release_escrow(escrow_id uuid, deliverable_id uuid, reason text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  e app.escrows;
  held bigint;
  fee bigint;
begin
  select * into e from app.escrows x where x.id = release_escrow.escrow_id for update;
  if not found or e.status = 'released' then
    return false;
  end if;
  if e.status <> 'funded' then
    perform app.fail('PT409', 'Only a funded hire can be released', 'hire_not_funded');
  end if;
  held := app.escrow_held(e.id);
  fee := app.platform_fee(held, e.fee_bps);
  perform app.ledger_post('release', e.id::text,
    jsonb_build_array(
      jsonb_build_object('account', 'escrow', 'escrow_id', e.id, 'amount_cents', held),
      jsonb_build_object('account', 'creator_available', 'amount_cents', -(held - fee)),
      jsonb_build_object('account', 'platform_fees', 'amount_cents', -fee)),
    escrow_id => e.id, campaign_id => e.campaign_id, creator_id => e.creator_id, brand_id => e.brand_id,
    memo => format('%s; fee %s bps', reason, e.fee_bps));
  update app.escrows x set status = 'released', released_at = now(), release_reason = reason,
    released_deliverable_id = release_escrow.deliverable_id
  where x.id = e.id;
  return true;
end;
$$;
revoke execute on function app.release_escrow(uuid, uuid, text) from public, anon, authenticated, service_role;

/** Trigger: approving content of a funded hire releases it (auto-approval marks the reason). */
create or replace function app.release_on_approval()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  e_id uuid;
begin
  if new.status <> 'approved' or old.status = 'approved' then
    return null;
  end if;
  select e.id into e_id from app.escrows e where e.application_id = new.application_id and e.status = 'funded';
  if e_id is not null then
    perform app.release_escrow(e_id, new.id,
      case when current_setting('app.approval_kind', true) = 'auto_approved' then 'auto_approved' else 'approved' end);
  end if;
  return null;
end;
$$;
create trigger deliverables_release_on_approval after update of status on app.deliverables
  for each row execute function app.release_on_approval();

/**
 * Approves every funded hire's content whose review deadline has passed by `as_of`, releasing its money.
 * Rows another run holds are skipped (they are being approved there), so any number of schedulers may
 * run at once; each release still happens once (row lock on the escrow, unique ledger posting).
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
    order by x.review_due_at
    for update skip locked
  loop
    update app.deliverables x set status = 'approved', review_due_at = null
    where x.id = d.id and x.status in ('pending', 'submitted');
    approved := approved + 1;
  end loop;
  perform set_config('app.approval_kind', '', true);
  return approved;
end;
$$;
revoke execute on function app.auto_approve_due(timestamptz) from public, anon, authenticated;
grant execute on function app.auto_approve_due(timestamptz) to service_role;

/** Service role (the scheduler): runs the auto-approvals due by `as_of` (the scheduler's clock). */
create or replace function api.run_auto_approvals(as_of timestamptz default null)
returns integer
language sql
set search_path = ''
as $$
  select app.auto_approve_due(coalesce(run_auto_approvals.as_of, now()))
$$;

/** Money arrived for a payment: fund its hire, or (a direct payment) credit its creator less the fee. */
create or replace function app.post_payment_received(p app.payments)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  e app.escrows;
  fee bigint;
  campaign uuid;
begin
  if p.escrow_id is not null then
    select * into e from app.escrows x where x.id = p.escrow_id for update;
    perform app.ledger_post('escrow_funding', p.id::text,
      jsonb_build_array(
        jsonb_build_object('account', 'stripe_balance', 'amount_cents', p.amount_cents),
        jsonb_build_object('account', 'escrow', 'escrow_id', e.id, 'amount_cents', -p.amount_cents)),
      escrow_id => e.id, payment_id => p.id, campaign_id => e.campaign_id, creator_id => e.creator_id,
      brand_id => e.brand_id, stripe_object_id => p.stripe_payment_id);
    if e.status in ('awaiting_funding', 'canceled') then
      update app.escrows x set status = 'funded', funded_at = coalesce(p.payment_date, now()) where x.id = e.id;
    end if;
    return;
  end if;
  select d.campaign_id into campaign from app.deliverables d where d.id = p.deliverable_id;
  fee := app.platform_fee(p.amount_cents, (select s.fee_bps from app.platform_settings s));
  perform app.ledger_post('direct_payment', p.id::text,
    jsonb_build_array(
      jsonb_build_object('account', 'stripe_balance', 'amount_cents', p.amount_cents),
      jsonb_build_object('account', 'creator_available', 'amount_cents', -(p.amount_cents - fee)),
      jsonb_build_object('account', 'platform_fees', 'amount_cents', -fee)),
    payment_id => p.id, campaign_id => campaign, creator_id => p.creator_id, brand_id => p.brand_id,
    stripe_object_id => p.stripe_payment_id);
end;
$$;
revoke execute on function app.post_payment_received(app.payments) from public, anon, authenticated, service_role;

/**
 * Money went back to the card (a refund, `refunded_total` cumulative). Held escrow money returns first;
 * a refund of money already released or paid to the creator is the platform's loss. A hire whose
 * escrow is emptied is refunded and its application canceled, with the brand's reason.
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
  if e.id is not null and from_escrow > 0 and app.escrow_held(e.id) = 0 then
    update app.escrows x set status = 'refunded', refunded_at = now(), canceled_at = coalesce(x.canceled_at, now())
    where x.id = e.id;
    -- The brand's reason when it canceled here; null when the refund came from Stripe's side.
    update app.applications a set status = 'canceled', canceled_at = now(),
      cancel_reason = (select x.cancel_reason from app.escrows x where x.id = e.id)
    where a.id = e.application_id and a.status = 'accepted';
  end if;
end;
$$;
revoke execute on function app.post_payment_refunded(app.payments, bigint) from public, anon, authenticated, service_role;

/** Trigger: a payment's money arriving or going back is posted to the ledger (whatever reported it). */
create or replace function app.payment_money_moved()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  arrived_before boolean := tg_op = 'UPDATE' and old.status in ('completed', 'refunded');
  arrived_now boolean := new.status in ('completed', 'refunded');
begin
  if arrived_now and not arrived_before then
    perform app.post_payment_received(new);
    perform app.post_payment_refunded(new, 0);
  elsif arrived_now and new.amount_refunded_cents > old.amount_refunded_cents then
    perform app.post_payment_refunded(new, old.amount_refunded_cents);
  end if;
  return null;
end;
$$;
create trigger payments_money_moved after insert or update on app.payments
  for each row execute function app.payment_money_moved();

/** Trigger: a new payment pays an approved deliverable, or funds a hire awaiting funding. */
create or replace function app.check_payment()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  d record;
begin
  if new.escrow_id is not null then
    if tg_op = 'UPDATE' and new.escrow_id is not distinct from old.escrow_id then
      return new;
    end if;
    select e.status, e.creator_id, e.brand_id, e.amount_cents into d from app.escrows e where e.id = new.escrow_id;
    if not found then
      raise exception 'Hire not found' using errcode = 'PT404', detail = 'hire_not_found';
    end if;
    if d.status <> 'awaiting_funding' then
      raise exception 'Only a hire awaiting funding can be funded' using errcode = 'PT409', detail = 'already_funded';
    end if;
    if new.amount_cents <> d.amount_cents then
      raise exception 'A hire is funded with its agreed amount' using errcode = '22023', detail = 'amount_fixed';
    end if;
    new.creator_id := d.creator_id;
    new.brand_id := d.brand_id;
    return new;
  end if;
  -- Unchanged or cleared (its deliverable was deleted with a user): nothing to check.
  if tg_op = 'UPDATE' and (new.deliverable_id is not distinct from old.deliverable_id or new.deliverable_id is null) then
    return new;
  end if;
  select dl.status, dl.creator_id, dl.brand_id into d from app.deliverables dl where dl.id = new.deliverable_id;
  if not found then
    raise exception 'Deliverable not found' using errcode = 'PT404', detail = 'deliverable_not_found';
  end if;
  if d.status <> 'approved' then
    raise exception 'Only approved content can be paid' using errcode = 'PT409', detail = 'deliverable_not_approved';
  end if;
  new.creator_id := d.creator_id;
  new.brand_id := d.brand_id;
  return new;
end;
$$;
