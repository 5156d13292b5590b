-- Payouts: accounts, recipients, balances, and money sent to creators.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create table app.payout_accounts (
  creator_id uuid not null,
  country text not null,
  stripe_account_id text,
  status text default 'onboarding'::text not null,
  bank_summary text,
  problem_code text,
  problem_message text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  holder_name text,
  constraint payout_accounts_pkey primary key (creator_id),
  constraint payout_accounts_stripe_key unique (stripe_account_id),
  constraint payout_accounts_creator_id_fkey foreign key (creator_id) references app.profiles(id) on delete cascade,
  constraint payout_accounts_country_valid check (country ~ '^[A-Z]{2}$'::text),
  constraint payout_accounts_status_valid check (status = any (array['onboarding'::text, 'active'::text, 'needs_attention'::text]))
);
alter table app.payout_accounts enable row level security;
comment on table app.payout_accounts is 'Where a creator is paid: a Stripe recipient account. Bank numbers stay at Stripe; bank_summary is what Stripe shows (bank, last 4).';
comment on column app.payout_accounts.holder_name is 'The payout account holder''s legal name as Stripe verified it, when known (null: not known). A tax form''s payee must carry it (decision 0051).';
grant all on app.payout_accounts to service_role;
grant select on app.payout_accounts to authenticated;

create index payout_accounts_attention_idx on app.payout_accounts using btree (creator_id) where (status = 'needs_attention'::text);

create trigger payout_accounts_set_updated_at before update on app.payout_accounts for each row execute function app.set_updated_at();

create policy "Creators and admins see payout accounts" on app.payout_accounts
for select
to authenticated
using (creator_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin));

create table app.payouts (
  id uuid default gen_random_uuid() not null,
  creator_id uuid,
  amount_cents bigint not null,
  status text default 'pending'::text not null,
  requested_by text not null,
  stripe_account_id text,
  stripe_outbound_payment_id text,
  failure_code text,
  failure_message text,
  paid_at timestamp with time zone,
  failed_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint payouts_pkey primary key (id),
  constraint payouts_stripe_key unique (stripe_outbound_payment_id),
  constraint payouts_creator_id_fkey foreign key (creator_id) references app.profiles(id) on delete set null,
  constraint payouts_amount_positive check (amount_cents > 0),
  constraint payouts_requested_by_valid check (requested_by = any (array['schedule'::text, 'creator'::text])),
  constraint payouts_status_valid check (status = any (array['pending'::text, 'processing'::text, 'paid'::text, 'failed'::text]))
);
alter table app.payouts enable row level security;
comment on table app.payouts is 'USD payouts of a creator''s available balance. At most one open (pending or processing) per creator.';
grant all on app.payouts to service_role;
grant select on app.payouts to authenticated;

create index payouts_creator_idx on app.payouts using btree (creator_id, created_at desc);
create index payouts_failed_idx on app.payouts using btree (creator_id, created_at) where (status = 'failed'::text);
create unique index payouts_one_open_per_creator on app.payouts using btree (creator_id) where (status = any (array['pending'::text, 'processing'::text]));
create index payouts_status_idx on app.payouts using btree (status, created_at);

create trigger payouts_set_updated_at before update on app.payouts for each row execute function app.set_updated_at();

create policy "Creators and admins see payouts" on app.payouts
for select
to authenticated
using (creator_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin));

create table app.recipient_accounts (
  creator_id uuid not null,
  country text not null,
  stripe_account_id text,
  claimed_at timestamp with time zone default now() not null,
  created_at timestamp with time zone default now() not null,
  constraint recipient_accounts_pkey primary key (creator_id, country),
  constraint recipient_accounts_stripe_key unique (stripe_account_id),
  constraint recipient_accounts_creator_id_fkey foreign key (creator_id) references app.profiles(id) on delete cascade,
  constraint recipient_accounts_country_valid check (country ~ '^[A-Z]{2}$'::text)
);
alter table app.recipient_accounts enable row level security;
comment on table app.recipient_accounts is 'Every Stripe recipient account made for a creator, one per country, reused when they choose that country again.';
grant all on app.recipient_accounts to service_role;

create or replace function app.creator_balance(creator_id uuid)
returns table(available_cents bigint, in_transit_cents bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(-sum(e.amount_cents) filter (where e.account = 'creator_available'), 0)::bigint,
    coalesce(-sum(e.amount_cents) filter (where e.account = 'creator_in_transit'), 0)::bigint
  from app.ledger_entries e
  where e.creator_id = creator_balance.creator_id and e.account in ('creator_available', 'creator_in_transit')
$$;
grant execute on function app.creator_balance(creator_id uuid) to service_role;

create or replace function app.payout_begin(creator_id uuid, requested_by text)
returns table (
  payout_id uuid,
  amount_cents bigint,
  status text,
  stripe_account_id text,
  stripe_outbound_payment_id text,
  created boolean
)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  a app.payout_accounts;
  p app.payouts;
  available bigint;
  minimum bigint;
begin
  select * into a from app.payout_accounts x where x.creator_id = payout_begin.creator_id for update;
  if not found then
    perform app.fail('PT409', 'Set up your payout account first', 'payout_account_missing');
  end if;
  select * into p from app.payouts x where x.creator_id = a.creator_id and x.status in ('pending', 'processing');
  if found then
    return query select p.id, p.amount_cents, p.status, p.stripe_account_id, p.stripe_outbound_payment_id, false;
    return;
  end if;
  if a.status <> 'active' then
    perform app.fail('PT409', 'Your payout account needs attention before you can be paid', 'payout_account_not_ready');
  end if;
  -- A US payer pays no one without a tax form on file (issue 36, decision 0044): the money waits, available.
  case app.tax_form_state_of(a.creator_id)
  when 'missing' then
    perform app.fail('PT409', 'Your payouts are on hold until you sign your tax form (Settings, Tax form)', 'tax_form_missing');
  when 'expired' then
    perform app.fail('PT409', 'Your payouts are on hold: your tax form has expired, sign a new one (Settings, Tax form)', 'tax_form_expired');
  when 'name_mismatch' then
    perform app.fail('PT409', 'Your payouts are on hold: the name on your tax form is not your payout account holder''s, sign a new one with the holder''s name (Settings, Tax form)', 'tax_form_name_mismatch');
  else
    null;
  end case;
  select b.available_cents into available from app.creator_balance(a.creator_id) b;
  minimum := case when requested_by = 'creator' then 100 else (select s.payout_minimum_cents from app.platform_settings s) end;
  if available < minimum then
    raise exception using
      message = format('Your available balance is below the minimum payout of $%s', to_char(minimum / 100.0, 'FM999,999,990.00')),
      errcode = 'PT409',
      detail = 'payout_below_minimum',
      hint = json_build_object('minimum_cents', minimum)::text;
  end if;
  insert into app.payouts (creator_id, amount_cents, status, requested_by, stripe_account_id)
  values (a.creator_id, available, 'pending', payout_begin.requested_by, a.stripe_account_id)
  returning * into p;
  perform app.ledger_post('payout', p.id::text,
    jsonb_build_array(
      jsonb_build_object('account', 'creator_available', 'amount_cents', available),
      jsonb_build_object('account', 'creator_in_transit', 'amount_cents', -available)),
    payout_id => p.id, creator_id => a.creator_id);
  return query select p.id, p.amount_cents, p.status, p.stripe_account_id, p.stripe_outbound_payment_id, true;
end;
$$;
grant execute on function app.payout_begin(creator_id uuid, requested_by text) to service_role;

create or replace function app.payout_record(
  payout_id uuid,
  stripe_outbound_payment_id text,
  status text,
  failure_code text default null::text,
  failure_message text default null::text,
  event_id text default null::text,
  event_type text default null::text
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  p app.payouts;
begin
  if status not in ('processing', 'paid', 'failed') then
    perform app.fail('22023', 'Unknown payout status', 'status_invalid');
  end if;
  if not app.first_delivery(event_id, event_type) then
    return 'duplicate';
  end if;
  select * into p from app.payouts x
  where x.id = payout_record.payout_id or x.stripe_outbound_payment_id = payout_record.stripe_outbound_payment_id
  for update;
  if not found then
    return 'unknown_payout';
  end if;
  if p.status = 'failed' and p.stripe_outbound_payment_id is null and payout_record.stripe_outbound_payment_id is not null
      and status in ('processing', 'paid') then
    update app.payouts x set stripe_outbound_payment_id = payout_record.stripe_outbound_payment_id where x.id = p.id;
    return 'sent_after_refusal';
  end if;
  if p.stripe_outbound_payment_id is null and payout_record.stripe_outbound_payment_id is not null then
    update app.payouts x set stripe_outbound_payment_id = payout_record.stripe_outbound_payment_id,
      status = case when x.status = 'pending' then 'processing' else x.status end
    where x.id = p.id;
    p.status := case when p.status = 'pending' then 'processing' else p.status end;
  end if;
  if status = 'paid' and p.status in ('pending', 'processing') then
    perform app.ledger_post('payout_paid', p.id::text,
      jsonb_build_array(
        jsonb_build_object('account', 'creator_in_transit', 'amount_cents', p.amount_cents),
        jsonb_build_object('account', 'stripe_balance', 'amount_cents', -p.amount_cents)),
      payout_id => p.id, creator_id => p.creator_id, stripe_object_id => payout_record.stripe_outbound_payment_id);
    update app.payouts x set status = 'paid', paid_at = now() where x.id = p.id;
    return 'applied';
  end if;
  if status = 'failed' and p.status <> 'failed' then
    perform app.ledger_post('payout_failed', p.id::text,
      jsonb_build_array(
        case when p.status = 'paid'
          then jsonb_build_object('account', 'stripe_balance', 'amount_cents', p.amount_cents)
          else jsonb_build_object('account', 'creator_in_transit', 'amount_cents', p.amount_cents) end,
        jsonb_build_object('account', 'creator_available', 'amount_cents', -p.amount_cents)),
      payout_id => p.id, creator_id => p.creator_id, stripe_object_id => payout_record.stripe_outbound_payment_id);
    update app.payouts x set status = 'failed', failed_at = now(), failure_code = payout_record.failure_code,
      failure_message = payout_record.failure_message
    where x.id = p.id;
    update app.payout_accounts x set status = 'needs_attention', problem_code = payout_record.failure_code,
      problem_message = payout_record.failure_message
    where x.creator_id = p.creator_id;
    return 'applied';
  end if;
  return 'unchanged';
end;
$$;
grant execute on function app.payout_record(payout_id uuid, stripe_outbound_payment_id text, status text, failure_code text, failure_message text, event_id text, event_type text) to service_role;

create or replace function app.payout_refused(payout_id uuid, failure_code text, failure_message text, account_problem boolean default false)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  p app.payouts;
begin
  if failure_code is null or failure_message is null then
    perform app.fail('22023', 'A refused payout needs its reason', 'reason_required');
  end if;
  select * into p from app.payouts x where x.id = payout_refused.payout_id for update;
  if not found then
    return 'unknown_payout';
  end if;
  if p.status not in ('pending', 'processing') or p.stripe_outbound_payment_id is not null then
    return 'unchanged';
  end if;
  perform app.ledger_post('payout_failed', p.id::text,
    jsonb_build_array(
      jsonb_build_object('account', 'creator_in_transit', 'amount_cents', p.amount_cents),
      jsonb_build_object('account', 'creator_available', 'amount_cents', -p.amount_cents)),
    payout_id => p.id, creator_id => p.creator_id);
  update app.payouts x set status = 'failed', failed_at = now(), failure_code = payout_refused.failure_code,
    failure_message = payout_refused.failure_message
  where x.id = p.id;
  if account_problem then
    update app.payout_accounts x set status = 'needs_attention', problem_code = payout_refused.failure_code,
      problem_message = payout_refused.failure_message
    where x.creator_id = p.creator_id and x.status = 'active';
  end if;
  return 'applied';
end;
$$;
comment on function app.payout_refused(payout_id uuid, failure_code text, failure_message text, account_problem boolean) is 'Security definer: it writes the ledger (only the money functions of app may) and the payout; callable by the service role only.';
grant execute on function app.payout_refused(payout_id uuid, failure_code text, failure_message text, account_problem boolean) to service_role;
