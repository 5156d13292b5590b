-- Escrow: payments, the hire (escrow) they fund, Stripe events, releases and auto-approval.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

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

create table app.escrows (
  id uuid default gen_random_uuid() not null,
  application_id uuid,
  campaign_id uuid,
  brand_id uuid,
  creator_id uuid,
  amount_cents bigint not null,
  fee_bps integer not null,
  status text default 'awaiting_funding'::text not null,
  funded_at timestamp with time zone,
  released_at timestamp with time zone,
  release_reason text,
  released_deliverable_id uuid,
  refunded_at timestamp with time zone,
  canceled_at timestamp with time zone,
  cancel_reason text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint escrows_pkey primary key (id),
  constraint escrows_one_per_application unique (application_id),
  constraint escrows_application_id_fkey foreign key (application_id) references app.applications(id) on delete set null,
  constraint escrows_brand_id_fkey foreign key (brand_id) references app.profiles(id) on delete set null,
  constraint escrows_campaign_id_fkey foreign key (campaign_id) references app.campaigns(id) on delete set null,
  constraint escrows_creator_id_fkey foreign key (creator_id) references app.profiles(id) on delete set null,
  constraint escrows_amount_positive check (amount_cents > 0),
  constraint escrows_fee_range check (fee_bps >= 0 and fee_bps <= 5000),
  constraint escrows_release_reason_valid check (release_reason is null or (release_reason = any (array['approved'::text, 'auto_approved'::text, 'dispute'::text]))),
  constraint escrows_status_valid check (status = any (array['awaiting_funding'::text, 'funded'::text, 'disputed'::text, 'refund_pending'::text, 'released'::text, 'refunded'::text, 'canceled'::text, 'charged_back'::text]))
);
alter table app.escrows enable row level security;
comment on table app.escrows is 'A funded hire: amount the brand pays (cents) and the fee rate fixed when the application was accepted. Money held = -sum(ledger escrow entries of this escrow).';
grant all on app.escrows to service_role;
grant select on app.escrows to authenticated;

create index escrows_brand_idx on app.escrows using btree (brand_id, status);
create index escrows_campaign_idx on app.escrows using btree (campaign_id);
create index escrows_creator_idx on app.escrows using btree (creator_id, status);
create index escrows_status_idx on app.escrows using btree (status);

create trigger escrows_log_event after update of status on app.escrows for each row execute function app.log_escrow_event();
create trigger escrows_set_updated_at before update on app.escrows for each row execute function app.set_updated_at();

create policy "Parties and admins see escrows" on app.escrows
for select
to authenticated
using (creator_id = (( select auth.uid() as uid)) or brand_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin));

create or replace function app.hire_licence_immutable()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.application_id, new.campaign_id, new.brand_id, new.creator_id, new.usage_kind, new.usage_platforms,
      new.usage_territory, new.usage_term_days, new.usage_price_cents, new.exclusivity_category,
      new.exclusivity_days, new.content_cents, new.starts_at, new.created_at)
     is distinct from
     (old.application_id, old.campaign_id, old.brand_id, old.creator_id, old.usage_kind, old.usage_platforms,
      old.usage_territory, old.usage_term_days, old.usage_price_cents, old.exclusivity_category,
      old.exclusivity_days, old.content_cents, old.starts_at, old.created_at) then
    perform app.fail('55000', 'The licence a hire agreed cannot be changed', 'licence_immutable');
  end if;
  if new.ends_at < old.ends_at then
    perform app.fail('55000', 'A licence can only be extended', 'licence_immutable');
  end if;
  return new;
end;
$$;

create table app.hire_licences (
  application_id uuid not null,
  campaign_id uuid not null,
  brand_id uuid not null,
  creator_id uuid not null,
  usage_kind text not null,
  usage_platforms text[] not null,
  usage_territory text[],
  usage_term_days integer not null,
  usage_price_cents bigint,
  exclusivity_category text,
  exclusivity_days integer,
  content_cents bigint not null,
  starts_at timestamp with time zone not null,
  ends_at timestamp with time zone not null,
  created_at timestamp with time zone default now() not null,
  constraint hire_licences_pkey primary key (application_id),
  constraint hire_licences_application_id_fkey foreign key (application_id) references app.applications(id) on delete cascade,
  constraint hire_licences_content_nonnegative check (content_cents >= 0),
  constraint hire_licences_ends_after_start check (ends_at > starts_at),
  constraint hire_licences_price_valid check ((usage_kind = 'paid'::text) = (usage_price_cents is not null) and (usage_price_cents is null or usage_price_cents >= 0)),
  constraint hire_licences_term_range check (usage_term_days > 0 and usage_term_days <= 3650),
  constraint hire_licences_usage_kind_valid check (usage_kind = any (array['organic'::text, 'paid'::text]))
);
alter table app.hire_licences enable row level security;
comment on table app.hire_licences is 'The licence a hire agreed (decision 0056): the campaign''s usage terms and content fee copied when the application was accepted. Immutable but for ends_at, which only moves later (a funded renewal).';
grant all on app.hire_licences to service_role;
grant select on app.hire_licences to authenticated;

create index hire_licences_brand_idx on app.hire_licences using btree (brand_id, ends_at);
create index hire_licences_creator_idx on app.hire_licences using btree (creator_id);

create trigger hire_licences_immutable before update on app.hire_licences for each row execute function app.hire_licence_immutable();

create policy "Parties and admins see hire licences" on app.hire_licences
for select
to authenticated
using (brand_id = (( select auth.uid() as uid)) or creator_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin));

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

create or replace function app.notify_licence_renewal()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform app.notify(new.creator_id, 'licence_renewal_offered', new.brand_id, new.application_id,
      jsonb_build_object('count', new.term_days, 'amount_cents', new.price_cents, 'renewal_id', new.id));
  elsif old.status = 'offered' and new.status in ('accepted', 'declined') then
    perform app.notify(new.brand_id, 'licence_renewal_decided', new.creator_id, new.application_id,
      jsonb_build_object('count', new.term_days, 'amount_cents', new.price_cents, 'renewal_id', new.id, 'decision', new.status));
  end if;
  -- Paid by card: the creator is told the licence runs longer (a $0.00 renewal is funded by their own acceptance).
  if tg_op = 'UPDATE' and old.funded_at is null and new.funded_at is not null and new.price_cents > 0 then
    perform app.notify(new.creator_id, 'licence_renewal_paid', new.brand_id, new.application_id,
      jsonb_build_object('count', new.term_days, 'renewal_id', new.id, 'expires_on', to_char(new.ends_at at time zone 'UTC', 'YYYY-MM-DD')));
  end if;
  return null;
end;
$$;
comment on function app.notify_licence_renewal() is 'Tells the hired creator of a renewal offer and the brand of the creator''s answer (decision 0060).';

create table app.licence_renewals (
  id uuid default gen_random_uuid() not null,
  application_id uuid not null,
  brand_id uuid not null,
  creator_id uuid not null,
  term_days integer not null,
  price_cents bigint not null,
  status text default 'offered'::text not null,
  created_at timestamp with time zone default now() not null,
  decided_at timestamp with time zone,
  funded_at timestamp with time zone,
  starts_at timestamp with time zone,
  ends_at timestamp with time zone,
  constraint licence_renewals_pkey primary key (id),
  constraint licence_renewals_application_id_fkey foreign key (application_id) references app.applications(id) on delete cascade,
  constraint licence_renewals_decided check ((status = 'offered'::text) = (decided_at is null)),
  constraint licence_renewals_funded check (funded_at is null and starts_at is null and ends_at is null or status = 'accepted'::text and funded_at is not null and starts_at is not null and ends_at = (starts_at + make_interval(days => term_days))),
  constraint licence_renewals_price_nonnegative check (price_cents >= 0),
  constraint licence_renewals_status_valid check (status = any (array['offered'::text, 'accepted'::text, 'declined'::text])),
  constraint licence_renewals_term_range check (term_days > 0 and term_days <= 3650)
);
alter table app.licence_renewals enable row level security;
comment on table app.licence_renewals is 'A renewal offer of a hire''s licence (decisions 0056, 0060): term days and price, offered by the brand, accepted or declined by the creator, then funded (paid by card, or at acceptance when free), which records the period it adds.';
comment on column app.licence_renewals.funded_at is 'When the renewal was paid (or accepted, when priced $0.00); the licence is extended from then.';
comment on column app.licence_renewals.ends_at is 'The end this renewal gives the licence: term_days after the licence''s end at funding time, or after the funding when it had expired.';
grant all on app.licence_renewals to service_role;
grant select, insert on app.licence_renewals to authenticated;
grant update (status, decided_at) on app.licence_renewals to authenticated;

create index licence_renewals_application_idx on app.licence_renewals using btree (application_id, ends_at);
create index licence_renewals_creator_idx on app.licence_renewals using btree (creator_id);
create unique index licence_renewals_one_open on app.licence_renewals using btree (application_id) where (status = 'offered'::text);

create trigger licence_renewals_fund_free after update of status on app.licence_renewals for each row execute function app.fund_free_renewal();
create trigger licence_renewals_notify after insert or update of status, funded_at on app.licence_renewals for each row execute function app.notify_licence_renewal();

create policy "Brands offer renewals of their hires" on app.licence_renewals
for insert
to authenticated
with check (brand_id = (( select auth.uid() as uid)));
create policy "Creators decide the renewals offered to them" on app.licence_renewals
for update
to authenticated
using (creator_id = (( select auth.uid() as uid)))
with check (creator_id = (( select auth.uid() as uid)));
create policy "Parties and admins see licence renewals" on app.licence_renewals
for select
to authenticated
using (brand_id = (( select auth.uid() as uid)) or creator_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin));

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

create table app.payments (
  id uuid default gen_random_uuid() not null,
  deliverable_id uuid,
  creator_id uuid,
  brand_id uuid,
  amount_cents bigint not null,
  currency text default 'usd'::text not null,
  status text default 'pending'::text not null,
  payment_method text,
  stripe_payment_id text,
  payment_date timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  stripe_status text,
  amount_refunded_cents bigint default 0 not null,
  escrow_id uuid,
  renewal_id uuid,
  constraint payments_pkey primary key (id),
  constraint payments_stripe_payment_id_key unique (stripe_payment_id),
  constraint payments_brand_id_fkey foreign key (brand_id) references app.profiles(id) on delete set null,
  constraint payments_creator_id_fkey foreign key (creator_id) references app.profiles(id) on delete set null,
  constraint payments_deliverable_id_fkey foreign key (deliverable_id) references app.deliverables(id) on delete set null,
  constraint payments_escrow_id_fkey foreign key (escrow_id) references app.escrows(id) on delete set null,
  constraint payments_renewal_id_fkey foreign key (renewal_id) references app.licence_renewals(id) on delete set null,
  constraint payments_amount_positive check (amount_cents > 0),
  constraint payments_refund_within_amount check (amount_refunded_cents >= 0 and amount_refunded_cents <= amount_cents),
  constraint payments_status_valid check (status = any (array['pending'::text, 'completed'::text, 'failed'::text, 'refunded'::text]))
);
alter table app.payments enable row level security;
comment on table app.payments is 'Money in US cents. At most one completed payment per deliverable.';
comment on column app.payments.stripe_status is 'Last known status of the PaymentIntent (requires_payment_method, requires_action, processing, succeeded, canceled).';
comment on column app.payments.amount_refunded_cents is 'Refunded so far; status becomes refunded when all of it is.';
comment on column app.payments.renewal_id is 'The licence renewal this payment funds (decision 0060; its completed payment is the renewal''s funding); null for a hire''s funding or a deliverable''s payment.';
grant all on app.payments to service_role;
grant select on app.payments to authenticated;

create index payments_brand_history_idx on app.payments using btree (brand_id, coalesce(payment_date, created_at) desc, id desc);
create index payments_brand_idx on app.payments using btree (brand_id, created_at desc);
create index payments_creator_history_idx on app.payments using btree (creator_id, coalesce(payment_date, created_at) desc, id desc);
create index payments_creator_idx on app.payments using btree (creator_id, created_at desc);
create index payments_deliverable_idx on app.payments using btree (deliverable_id);
create index payments_escrow_idx on app.payments using btree (escrow_id);
create index payments_failed_time_idx on app.payments using btree (coalesce(payment_date, created_at)) where (status = 'failed'::text);
create unique index payments_one_completed_per_deliverable on app.payments using btree (deliverable_id) where (status = 'completed'::text);
create unique index payments_one_completed_per_escrow on app.payments using btree (escrow_id) where (status = 'completed'::text);
create unique index payments_one_completed_per_renewal on app.payments using btree (renewal_id) where (status = 'completed'::text);
create unique index payments_one_open_per_deliverable on app.payments using btree (deliverable_id) where ((status = 'pending'::text) or ((status = 'failed'::text) and (stripe_status is not null) and (stripe_status <> 'canceled'::text)));
create unique index payments_one_open_per_escrow on app.payments using btree (escrow_id) where ((status = 'pending'::text) or ((status = 'failed'::text) and (stripe_status is not null) and (stripe_status <> 'canceled'::text)));
create unique index payments_one_open_per_renewal on app.payments using btree (renewal_id) where ((status = 'pending'::text) or ((status = 'failed'::text) and (stripe_status is not null) and (stripe_status <> 'canceled'::text)));
create index payments_renewal_idx on app.payments using btree (renewal_id);
create index payments_time_idx on app.payments using btree (coalesce(payment_date, created_at) desc, id desc);

create trigger payments_check before insert or update on app.payments for each row execute function app.check_payment();
create trigger payments_money_moved after insert or update on app.payments for each row execute function app.payment_money_moved();
create trigger payments_set_updated_at before update on app.payments for each row execute function app.set_updated_at();

create policy "Paying brands, paid creators and admins read payments" on app.payments
for select
to authenticated
using (creator_id = (( select auth.uid() as uid)) or brand_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin));

create table app.stripe_events (
  id text not null,
  type text not null,
  stripe_created timestamp with time zone,
  payment_id uuid,
  outcome text default 'received'::text not null,
  received_at timestamp with time zone default now() not null,
  constraint stripe_events_pkey primary key (id),
  constraint stripe_events_payment_id_fkey foreign key (payment_id) references app.payments(id) on delete set null,
  constraint stripe_events_outcome_valid check (outcome = any (array['received'::text, 'applied'::text, 'unchanged'::text, 'unknown_payment'::text]))
);
alter table app.stripe_events enable row level security;
comment on table app.stripe_events is 'Processed Stripe webhook events (de-duplication by event id). Service role only.';
grant all on app.stripe_events to service_role;

create index stripe_events_payment_idx on app.stripe_events using btree (payment_id);

create or replace function app.assert_hire_allows_work(application_id uuid)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not app.hire_allows_work(application_id) then
    if exists (select 1 from app.escrows e where e.application_id = assert_hire_allows_work.application_id and e.status = 'awaiting_funding') then
      perform app.fail('PT409', 'The brand has not funded this hire yet. You can submit content once it is funded.', 'hire_not_funded');
    end if;
    perform app.fail('PT409', 'This hire was canceled, so content can no longer be submitted', 'hire_closed');
  end if;
end;
$$;
grant execute on function app.assert_hire_allows_work(application_id uuid) to authenticated;

create or replace function app.auto_approve_due(as_of timestamp with time zone default now())
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
    for no key update of x skip locked
  loop
    begin
      update app.deliverables x set status = 'approved', review_due_at = null
      where x.id = d.id and x.status in ('pending', 'submitted');
      approved := approved + 1;
    exception
      when sqlstate 'PT409' then
        null;
    end;
  end loop;
  perform set_config('app.approval_kind', '', true);
  return approved;
end;
$$;
grant execute on function app.auto_approve_due(as_of timestamp with time zone) to service_role;

create or replace function app.delete_hires_of_profile()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from app.applications a where a.creator_id = old.id or a.brand_id = old.id;
  return old;
end;
$$;
comment on function app.delete_hires_of_profile() is 'Before a profile is deleted: its hires (as creator or brand) go first, so that no row under them is set null twice while its parent is already gone.';

create or replace function app.document_licence(campaign_id uuid, transaction_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(
    -- The hire's copy, reached through its escrow, or through the renewal a payment funded (decision 0060),
    -- which adds the period and price that renewal bought.
    (select app.licence_json(h.usage_kind, h.usage_platforms, h.usage_territory, h.usage_term_days, h.usage_price_cents,
        h.exclusivity_category, h.exclusivity_days)
      || case when r.id is null then '{}'::jsonb else jsonb_build_object('renewal', jsonb_build_object('term_days', r.term_days,
          'price_cents', r.price_cents, 'starts_on', to_char(r.starts_at at time zone 'UTC', 'YYYY-MM-DD'),
          'ends_on', to_char(r.ends_at at time zone 'UTC', 'YYYY-MM-DD'))) end
      from app.ledger_transactions t
      left join app.escrows x on x.id = t.escrow_id
      left join app.payments p on p.id = t.payment_id
      left join app.licence_renewals r on r.id = p.renewal_id
      join app.hire_licences h on h.application_id = coalesce(r.application_id, x.application_id)
      where t.id = document_licence.transaction_id),
    (select app.usage_rights_json(c) from app.campaigns c where c.id = document_licence.campaign_id))
$$;

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
grant execute on function app.escrow_held(escrow_id uuid) to authenticated, service_role;

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
grant execute on function app.fund_licence_renewal(renewal_id uuid, funded_at timestamp with time zone) to service_role;

create or replace function app.hire_allows_work(application_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return not exists (
    select 1 from app.escrows e
    where e.application_id = hire_allows_work.application_id
      and not app.hire_status_allows_work(e.status));
end;
$$;
grant execute on function app.hire_allows_work(application_id uuid) to authenticated, service_role;

create or replace function app.hire_amount_parts(application_id uuid, amount_cents bigint)
returns table(content_cents bigint, licence_cents bigint)
language sql
stable
set search_path = ''
as $$
  select amount_cents - coalesce(min(l.usage_price_cents), 0), coalesce(min(l.usage_price_cents), 0)::bigint
  from app.hire_licences l
  where l.application_id = hire_amount_parts.application_id and l.usage_kind = 'paid'
$$;
grant execute on function app.hire_amount_parts(application_id uuid, amount_cents bigint) to authenticated, service_role;

create or replace function app.hire_json(application_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'escrow_id', e.id, 'status', e.status, 'amount_cents', e.amount_cents, 'fee_bps', e.fee_bps,
    'fee_cents', case when e.status in ('released', 'refund_pending', 'refunded', 'canceled', 'charged_back') then m.fee_cents else app.platform_fee(e.amount_cents, e.fee_bps) end,
    'creator_cents', case when e.status in ('released', 'refund_pending', 'refunded', 'canceled', 'charged_back') then m.net_cents else e.amount_cents - app.platform_fee(e.amount_cents, e.fee_bps) end,
    'held_cents', m.held_cents,
    'released_cents', m.released_cents,
    'refunded_cents', m.refunded_cents,
    'funded_at', e.funded_at, 'released_at', e.released_at, 'release_reason', e.release_reason,
    'refunded_at', e.refunded_at, 'canceled_at', e.canceled_at, 'cancel_reason', e.cancel_reason,
    'review_due_at', (select min(d.review_due_at) from app.deliverables d where d.application_id = e.application_id),
    'content_cents', coalesce(x.content_cents, e.amount_cents), 'licence_cents', coalesce(x.licence_cents, 0))
  from app.escrows e
  cross join lateral app.hire_money(e.id) m
  left join lateral app.hire_amount_parts(e.application_id, e.amount_cents) x on true
  where e.application_id = hire_json.application_id
$$;
grant execute on function app.hire_json(application_id uuid) to authenticated, service_role;

create or replace function app.hire_money(escrow_id uuid)
returns table (
  paid_cents bigint,
  held_cents bigint,
  released_cents bigint,
  refunded_cents bigint,
  fee_cents bigint,
  net_cents bigint
)
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
grant execute on function app.hire_money(escrow_id uuid) to authenticated, service_role;

create or replace function app.hire_status_allows_work(hire_status text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select hire_status is null
    or hire_status not in ('awaiting_funding', 'refund_pending', 'refunded', 'canceled', 'charged_back')
$$;
grant execute on function app.hire_status_allows_work(hire_status text) to authenticated, service_role;

create or replace function app.licence_days_left(ends_at timestamp with time zone, as_of timestamp with time zone)
returns integer
language sql
immutable
set search_path = ''
as $$
  select greatest(0, ceil(extract(epoch from (ends_at - as_of)) / 86400))::integer
$$;
comment on function app.licence_days_left(ends_at timestamp with time zone, as_of timestamp with time zone) is 'Whole days until a licence ends, rounded up (a licence ending in 3 hours has 1 day left), 0 once it has ended.';
grant execute on function app.licence_days_left(ends_at timestamp with time zone, as_of timestamp with time zone) to authenticated, service_role;

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
grant execute on function app.licence_end(application_id uuid) to authenticated, service_role;

create or replace function app.licence_status(ends_at timestamp with time zone, as_of timestamp with time zone)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when ends_at <= as_of then 'expired'
              when app.licence_days_left(ends_at, as_of) <= 14 then 'ending_soon'
              else 'active' end
$$;
grant execute on function app.licence_status(ends_at timestamp with time zone, as_of timestamp with time zone) to authenticated, service_role;

create or replace function app.open_card_payment(
  deliverable_id uuid default null::uuid,
  escrow_id uuid default null::uuid,
  renewal_id uuid default null::uuid,
  amount_cents bigint default null::bigint
)
returns table (
  payment_id uuid,
  payment_amount_cents bigint,
  payment_status text,
  stripe_payment_id text,
  stripe_status text,
  created boolean
)
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
  p app.payments;
begin
  -- One subject is named: the content, the hire's escrow or the renewal a payment is for; the caller has
  -- locked it, so two retries at once find the same attempt.
  if num_nonnulls(open_card_payment.deliverable_id, open_card_payment.escrow_id, open_card_payment.renewal_id) <> 1 then
    perform app.fail('22023', 'A card payment is for exactly one deliverable, escrow or renewal', 'payment_subject_invalid');
  end if;
  select * into p from app.payments x
  where (x.deliverable_id = open_card_payment.deliverable_id
      or x.escrow_id = open_card_payment.escrow_id
      or x.renewal_id = open_card_payment.renewal_id)
    and app.payment_attempt_open(x.status, x.stripe_status)
  order by x.created_at desc
  limit 1
  for update;
  if found then
    return query select p.id, p.amount_cents, p.status, p.stripe_payment_id, p.stripe_status, false;
    return;
  end if;
  insert into app.payments (deliverable_id, escrow_id, renewal_id, amount_cents, status, payment_method)
  values (open_card_payment.deliverable_id, open_card_payment.escrow_id, open_card_payment.renewal_id, open_card_payment.amount_cents, 'pending', 'card')
  returning * into p;
  return query select p.id, p.amount_cents, p.status, p.stripe_payment_id, p.stripe_status, true;
end;
$$;
comment on function app.open_card_payment(deliverable_id uuid, escrow_id uuid, renewal_id uuid, amount_cents bigint) is 'The one open card payment of a deliverable, a hire''s escrow or a licence renewal: the open attempt reused, or a new pending one for amount_cents.';
grant execute on function app.open_card_payment(deliverable_id uuid, escrow_id uuid, renewal_id uuid, amount_cents bigint) to service_role;

create or replace function app.open_hire_on_accept()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  c app.campaigns;
  licence_cents bigint;
  content bigint;
begin
  if new.status <> 'accepted' or old.status = 'accepted' then
    return null;
  end if;
  select * into c from app.campaigns x where x.id = new.campaign_id;
  licence_cents := case when c.usage_kind = 'paid' then coalesce(c.usage_price_cents, 0) else 0 end;
  insert into app.hire_licences (application_id, campaign_id, brand_id, creator_id, usage_kind, usage_platforms,
    usage_territory, usage_term_days, usage_price_cents, exclusivity_category, exclusivity_days, content_cents,
    starts_at, ends_at)
  values (new.id, c.id, new.brand_id, new.creator_id, c.usage_kind, c.usage_platforms, c.usage_territory,
    c.usage_term_days, c.usage_price_cents, c.exclusivity_category, c.exclusivity_days,
    case when c.compensation_type = 'flat_fee' then c.compensation_cents else 0 end,
    now(), now() + make_interval(days => c.usage_term_days))
  on conflict (application_id) do nothing;
  -- The escrow holds the content fee and the paid-usage price together: one funding, one charge. A paid
  -- licence with no flat fee in escrow (a product or performance campaign, or escrow switched off) opens one
  -- for the licence part alone (content 0, decision 0056): the content's money still goes through "Pay creator".
  content := case when c.compensation_type = 'flat_fee' and (select s.escrow_enabled from app.platform_settings s)
    then greatest(c.compensation_cents, 0) else 0 end;
  if content + licence_cents > 0 then
    insert into app.escrows (application_id, campaign_id, brand_id, creator_id, amount_cents, fee_bps)
    select new.id, new.campaign_id, new.brand_id, new.creator_id, content + licence_cents, s.fee_bps
    from app.platform_settings s
    on conflict (application_id) do nothing;
  end if;
  return null;
end;
$$;

create or replace function app.payment_amount(compensation_type text, compensation_cents bigint, requested_cents bigint)
returns bigint
language plpgsql
immutable
set search_path = ''
as $$
declare
  amount bigint := requested_cents;
begin
  if compensation_type = 'flat_fee' and compensation_cents > 0 then
    if requested_cents is not null and requested_cents <> compensation_cents then
      perform app.fail('22023', 'A flat fee pays the campaign''s compensation', 'amount_fixed');
    end if;
    amount := compensation_cents;
  elsif requested_cents is null then
    if compensation_type = 'product' then
      perform app.fail('22023', 'A product exchange has no payment: enter a bonus amount to pay one', 'amount_required');
    end if;
    perform app.fail('22023', 'Enter the amount to pay', 'amount_required');
  end if;
  if amount < 50 then
    perform app.fail('22023', 'The minimum payment is $0.50', 'amount_too_small');
  end if;
  if amount > 99999999 then
    perform app.fail('22023', 'The maximum payment is $999,999.99', 'amount_too_large');
  end if;
  return amount;
end;
$$;
grant execute on function app.payment_amount(compensation_type text, compensation_cents bigint, requested_cents bigint) to authenticated, service_role;

create or replace function app.payment_attempt_open(status text, stripe_status text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  -- Pending, or failed at a step Stripe can still complete (a declined card leaves the intent open for
  -- another card): the attempt a retry reuses, so it never opens a second charge.
  select status = 'pending' or (status = 'failed' and stripe_status is not null and stripe_status <> 'canceled');
$$;
comment on function app.payment_attempt_open(status text, stripe_status text) is 'Whether a payment attempt is still open at Stripe: pending, or failed on an intent that is not canceled.';
grant execute on function app.payment_attempt_open(status text, stripe_status text) to authenticated, service_role;

create or replace function app.payment_record_dispute(
  stripe_payment_id text,
  dispute_id text,
  amount_cents bigint,
  dispute_status text,
  event_id text default null::text,
  event_type text default null::text,
  occurred_at timestamp with time zone default null::timestamp with time zone
)
returns table(outcome text, payment_id uuid)
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
grant execute on function app.payment_record_dispute(stripe_payment_id text, dispute_id text, amount_cents bigint, dispute_status text, event_id text, event_type text, occurred_at timestamp with time zone) to service_role;

create or replace function app.payment_status_rank(status text)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case status when 'pending' then 0 when 'failed' then 1 when 'completed' then 2 when 'refunded' then 3 end
$$;
grant execute on function app.payment_status_rank(status text) to authenticated, service_role;

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

create or replace function app.price_chargeable(price_cents bigint)
returns boolean
language sql
immutable
set search_path = ''
as $$
  -- A licence or renewal price is either nothing to charge or one card payment can carry: one priced under
  -- the minimum payment could be agreed but never funded on its own (app.payment_amount's limits).
  select price_cents is not null and (price_cents = 0 or price_cents between 50 and 99999999);
$$;
comment on function app.price_chargeable(price_cents bigint) is 'Whether a licence or renewal price is $0.00 or within the payment limits ($0.50 to $999,999.99).';
grant execute on function app.price_chargeable(price_cents bigint) to authenticated, service_role;

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

create or replace function app.warn_licence_ending(as_of timestamp with time zone default now())
returns integer
language sql
security definer
set search_path = ''
as $$
  with added as (
    insert into app.notifications (user_id, kind, actor_id, application_id, campaign_id, data, created_at)
    select l.brand_id, 'licence_ending', l.creator_id, l.application_id, c.id,
      jsonb_build_object('campaign_title', c.title, 'ends_at', e.ends_at,
        'expires_on', (e.ends_at at time zone 'UTC')::date, 'days', app.licence_days_left(e.ends_at, warn_licence_ending.as_of)),
      warn_licence_ending.as_of
    from app.hire_licences l
    cross join lateral (select app.licence_end(l.application_id) as ends_at) e
    join app.applications a on a.id = l.application_id and a.status = 'accepted'
    join app.profiles b on b.id = l.brand_id
    left join app.campaigns c on c.id = l.campaign_id
    where app.licence_status(e.ends_at, warn_licence_ending.as_of) = 'ending_soon'
      and not exists (select 1 from app.notifications x
        where x.user_id = l.brand_id and x.kind = 'licence_ending' and x.application_id = l.application_id
          and (x.data ->> 'ends_at')::timestamptz = e.ends_at)
    returning 1
  )
  select count(*)::integer from added
$$;
comment on function app.warn_licence_ending(as_of timestamp with time zone) is 'Tells each brand, once per licence end (app.licence_end, renewals included), that a licence of a standing hire ends within 14 days (app.licence_status). Security definer: the scheduler writes notifications for every brand.';
grant execute on function app.warn_licence_ending(as_of timestamp with time zone) to service_role;

create view app.brand_money_lines with (security_invoker=true) as
select t.brand_id,
    t.campaign_id,
    t.escrow_id,
    t.created_at,
        case
            when (t.kind = any (array['escrow_funding'::text, 'direct_payment'::text])) and le.account = 'stripe_balance'::text then le.amount_cents
            else 0::bigint
        end as paid_cents,
        case
            when le.account = 'escrow'::text then - le.amount_cents
            else 0::bigint
        end as in_escrow_cents,
        case
            when t.kind = 'release'::text and le.account = 'escrow'::text or t.kind = 'direct_payment'::text and le.account = 'stripe_balance'::text then le.amount_cents
            else 0::bigint
        end as released_cents,
        case
            when (t.kind = any (array['refund'::text, 'refund_after_release'::text])) and le.account = 'stripe_balance'::text then - le.amount_cents
            else 0::bigint
        end as refunded_cents
   from app.ledger_transactions t
     join app.ledger_entries le on le.transaction_id = t.id;
comment on view app.brand_money_lines is 'Glossary (decision 0031), brand side: paid, in escrow, released (gross), refunded cents per ledger entry.';
grant select on app.brand_money_lines to authenticated, service_role;

create trigger applications_open_hire after update of status on app.applications for each row execute function app.open_hire_on_accept();

create trigger deliverables_release_on_approval after update of status on app.deliverables for each row execute function app.release_on_approval();

create trigger profiles_remove_hires_first before delete on app.profiles for each row execute function app.delete_hires_of_profile();

create policy "Creators deliver for their accepted, funded applications" on app.deliverables
for insert
to authenticated
with check (creator_id = (( select auth.uid() as uid)) and (exists ( select 1
   from app.applications a
  where a.id = deliverables.application_id and a.creator_id = (( select auth.uid() as uid)) and a.status = 'accepted'::text)) and app.hire_allows_work(application_id));
