-- Issue 36 item 2 (decisions 0056, 0060): an accepted licence renewal is a funded item on the same hire.
-- The brand pays it by card through the payments function (api.renewal_quote, api.renewal_payment_begin,
-- one app.payments row per attempt with renewal_id); when the payment is recorded as completed the ledger
-- posts it as a direct payment (the content exists: the creator's part is available at once) with a memo
-- naming the licence renewal, and the renewal row records the period it adds. app.hire_licences stays the
-- immutable copy agreed at acceptance; app.licence_end is the ONE place the effective end is computed, for
-- the licence library, the creator's view and the licence_ending reminder. A renewal priced $0.00 is
-- funded when the creator accepts it.
alter table app.licence_renewals add column funded_at timestamp with time zone;
alter table app.licence_renewals add column starts_at timestamp with time zone;
alter table app.licence_renewals add column ends_at timestamp with time zone;
alter table app.licence_renewals add constraint licence_renewals_funded check (
  (funded_at is null and starts_at is null and ends_at is null)
  or (status = 'accepted' and funded_at is not null and starts_at is not null and ends_at = starts_at + make_interval(days => term_days)));
comment on column app.licence_renewals.funded_at is 'When the renewal was paid (or accepted, when priced $0.00); the licence is extended from then.';
comment on column app.licence_renewals.ends_at is 'The end this renewal gives the licence: term_days after the licence''s end at funding time, or after the funding when it had expired.';
comment on table app.licence_renewals is 'A renewal offer of a hire''s licence (decisions 0056, 0060): term days and price, offered by the brand, accepted or declined by the creator, then funded (paid by card, or at acceptance when free), which records the period it adds.';

alter table app.payments add column renewal_id uuid;
alter table app.payments add constraint payments_renewal_id_fkey foreign key (renewal_id) references app.licence_renewals(id) on delete set null;
comment on column app.payments.renewal_id is 'The licence renewal this payment funds (decision 0060; its completed payment is the renewal''s funding); null for a hire''s funding or a deliverable''s payment.';
create unique index payments_one_completed_per_renewal on app.payments using btree (renewal_id) where (status = 'completed'::text);
create unique index payments_one_open_per_renewal on app.payments using btree (renewal_id) where ((status = 'pending'::text) or ((status = 'failed'::text) and (stripe_status is not null) and (stripe_status <> 'canceled'::text)));

create or replace function app.licence_end(application_id uuid)
returns timestamp with time zone
language sql
stable
security definer
set search_path = ''
as $$
  select greatest(l.ends_at, (select max(r.ends_at) from app.licence_renewals r
    where r.application_id = l.application_id and r.funded_at is not null))
  from app.hire_licences l where l.application_id = licence_end.application_id
$$;
comment on function app.licence_end(application_id uuid) is 'A hire''s licence end (decision 0060): the agreed end, or the latest funded renewal''s. The one place the effective end is computed. Security definer so a brand whose view of renewals is narrower still reads the true end; it reveals a date only.';
revoke execute on function app.licence_end(application_id uuid) from public, anon;
grant execute on function app.licence_end(application_id uuid) to authenticated, service_role;

create or replace function app.fund_licence_renewal(renewal_id uuid, funded_at timestamp with time zone)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  r app.licence_renewals;
  from_at timestamp with time zone;
begin
  select * into r from app.licence_renewals x where x.id = fund_licence_renewal.renewal_id for update;
  if not found or r.funded_at is not null then
    return;
  end if;
  -- Runs on from the current end; a licence that had already expired runs from the funding.
  from_at := greatest(app.licence_end(r.application_id), fund_licence_renewal.funded_at);
  update app.licence_renewals x set funded_at = fund_licence_renewal.funded_at,
    starts_at = from_at, ends_at = from_at + make_interval(days => r.term_days)
  where x.id = r.id;
end;
$$;
comment on function app.fund_licence_renewal(renewal_id uuid, funded_at timestamp with time zone) is 'Records a renewal as funded and the period it adds (from the licence''s current end, or from the funding when it had expired). Idempotent.';
revoke execute on function app.fund_licence_renewal(renewal_id uuid, funded_at timestamp with time zone) from public, anon, authenticated;
grant execute on function app.fund_licence_renewal(renewal_id uuid, funded_at timestamp with time zone) to service_role;

create or replace function app.fund_free_renewal()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'accepted' and old.status = 'offered' and new.price_cents = 0 then
    perform app.fund_licence_renewal(new.id, now());
  end if;
  return null;
end;
$$;
comment on function app.fund_free_renewal() is 'A renewal priced $0.00 needs no payment: accepting it funds it.';
create trigger licence_renewals_fund_free after update of status on app.licence_renewals for each row execute function app.fund_free_renewal();

create or replace function app.check_payment()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  d record;
begin
  if new.renewal_id is not null then
    if tg_op = 'UPDATE' and new.renewal_id is not distinct from old.renewal_id then
      return new;
    end if;
    if new.escrow_id is not null or new.deliverable_id is not null then
      raise exception 'A renewal payment pays for nothing else' using errcode = '22023', detail = 'renewal_payment_mixed';
    end if;
    select r.status, r.funded_at, r.creator_id, r.brand_id, r.price_cents into d from app.licence_renewals r where r.id = new.renewal_id;
    if not found then
      raise exception 'Renewal offer not found' using errcode = 'PT404', detail = 'renewal_not_found';
    end if;
    if d.status <> 'accepted' then
      raise exception 'Only an accepted renewal can be paid' using errcode = 'PT409', detail = 'renewal_not_accepted';
    end if;
    if d.funded_at is not null then
      raise exception 'This renewal is already funded' using errcode = 'PT409', detail = 'already_funded';
    end if;
    if new.amount_cents <> d.price_cents then
      raise exception 'A renewal is paid with its agreed price' using errcode = '22023', detail = 'amount_fixed';
    end if;
    new.creator_id := d.creator_id;
    new.brand_id := d.brand_id;
    return new;
  end if;
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
  parts record;
  r app.licence_renewals;
  renewal_fee bigint;
begin
  if p.renewal_id is not null then
    -- A licence renewal (decision 0060): the content exists already, so the creator's part is available at
    -- once, as a direct payment's is, at the hire's fee rate; the memo names it.
    select * into r from app.licence_renewals x where x.id = p.renewal_id for update;
    renewal_fee := app.platform_fee(p.amount_cents, coalesce(
      (select x.fee_bps from app.escrows x where x.application_id = r.application_id), (select s.fee_bps from app.platform_settings s)));
    perform app.ledger_post('direct_payment', p.id::text,
      jsonb_build_array(
        jsonb_build_object('account', 'stripe_balance', 'amount_cents', p.amount_cents),
        jsonb_build_object('account', 'creator_available', 'amount_cents', -(p.amount_cents - renewal_fee)),
        jsonb_build_object('account', 'platform_fees', 'amount_cents', -renewal_fee)),
      payment_id => p.id, campaign_id => (select a.campaign_id from app.applications a where a.id = r.application_id),
      creator_id => p.creator_id, brand_id => p.brand_id, stripe_object_id => p.stripe_payment_id,
      memo => format('licence renewal %s: %s days, licence %s cents', r.id, r.term_days, p.amount_cents));
    perform app.fund_licence_renewal(r.id, coalesce(p.payment_date, now()));
    return;
  end if;
  if p.escrow_id is not null then
    select * into e from app.escrows x where x.id = p.escrow_id for update;
    select * into parts from app.hire_amount_parts(e.application_id, p.amount_cents);
    perform app.ledger_post('escrow_funding', p.id::text,
      jsonb_build_array(
        jsonb_build_object('account', 'stripe_balance', 'amount_cents', p.amount_cents),
        jsonb_build_object('account', 'escrow', 'escrow_id', e.id, 'amount_cents', -p.amount_cents)),
      escrow_id => e.id, payment_id => p.id, campaign_id => e.campaign_id, creator_id => e.creator_id,
      brand_id => e.brand_id, stripe_object_id => p.stripe_payment_id,
      memo => format('content %s cents; licence %s cents', parts.content_cents, parts.licence_cents));
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

create or replace function api.renewal_quote(renewal_id uuid)
returns table (id uuid, application_id uuid, campaign_id uuid, campaign_title text, brand_id uuid, creator_id uuid,
  creator_name text, term_days integer, amount_cents bigint, fee_cents bigint, creator_cents bigint)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  r app.licence_renewals;
  fee bigint;
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  -- Runs as the caller: only the two parties (and admins) see the row.
  select * into r from app.licence_renewals x where x.id = renewal_quote.renewal_id;
  if not found then
    perform app.fail('PT404', 'Renewal offer not found', 'renewal_not_found');
  end if;
  if r.brand_id is distinct from (select auth.uid()) then
    perform app.fail('42501', 'Only the brand that offered the renewal pays for it', 'not_owner');
  end if;
  if not exists (select 1 from app.applications a where a.id = r.application_id) then
    perform app.fail('PT404', 'This hire no longer exists', 'hire_not_found');
  end if;
  if not exists (select 1 from app.applications a where a.id = r.application_id and a.status = 'accepted') then
    perform app.fail('PT409', 'This hire was canceled', 'hire_closed');
  end if;
  if r.status <> 'accepted' then
    perform app.fail('PT409', 'Only a renewal the creator accepted can be paid', 'renewal_not_accepted');
  end if;
  if r.funded_at is not null then
    perform app.fail('PT409', 'This renewal is already funded', 'already_funded');
  end if;
  -- Stripe's limits for one card payment, with the card payments' own messages.
  perform app.payment_amount('flat_fee', r.price_cents, null);
  fee := app.platform_fee(r.price_cents, coalesce(
    (select x.fee_bps from app.escrows x where x.application_id = r.application_id), (select s.fee_bps from app.platform_settings s)));
  return query
    select r.id, r.application_id, a.campaign_id, c.title::text, r.brand_id, r.creator_id, p.full_name::text,
      r.term_days, r.price_cents, fee, r.price_cents - fee
    from app.applications a
    left join app.campaigns c on c.id = a.campaign_id
    left join app.profiles p on p.id = r.creator_id
    where a.id = r.application_id;
end;
$$;
comment on function api.renewal_quote(renewal_id uuid) is 'What the brand pays to fund an accepted renewal (decision 0060): price, fee (the hire''s rate) and the creator''s part. Codes: not_signed_in, renewal_not_found, not_owner, hire_not_found, hire_closed, renewal_not_accepted, already_funded, and the card amount limits.';
grant execute on function api.renewal_quote(renewal_id uuid) to authenticated;

create or replace function api.renewal_payment_begin(renewal_id uuid)
returns table (payment_id uuid, payment_amount_cents bigint, payment_status text, stripe_payment_id text, stripe_status text, created boolean)
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
  r app.licence_renewals;
  p app.payments;
begin
  select * into r from app.licence_renewals x where x.id = renewal_payment_begin.renewal_id for update;
  if not found then
    perform app.fail('PT404', 'Renewal offer not found', 'renewal_not_found');
  end if;
  if r.funded_at is not null then
    perform app.fail('PT409', 'This renewal is already funded', 'already_funded');
  end if;
  select * into p from app.payments x
  where x.renewal_id = r.id
    and (x.status = 'pending' or (x.status = 'failed' and x.stripe_status is not null and x.stripe_status <> 'canceled'))
  for update;
  if found then
    return query select p.id, p.amount_cents, p.status, p.stripe_payment_id, p.stripe_status, false;
    return;
  end if;
  insert into app.payments (renewal_id, amount_cents, status, payment_method)
  values (r.id, r.price_cents, 'pending', 'card')
  returning * into p;
  return query select p.id, p.amount_cents, p.status, p.stripe_payment_id, p.stripe_status, true;
end;
$$;
comment on function api.renewal_payment_begin(renewal_id uuid) is 'Service role (the payments function, after api.renewal_quote checked the brand): the renewal''s one open card payment, created or reused.';
revoke execute on function api.renewal_payment_begin(renewal_id uuid) from public, anon, authenticated;
grant execute on function api.renewal_payment_begin(renewal_id uuid) to service_role;
