-- Money that reaches creators (issue 16), part 4: payout accounts (Stripe-hosted onboarding; we keep only
-- Stripe's account id, the country and a bank summary such as "BBVA •••• 1234"), payouts of the available
-- balance in USD (on a schedule above a minimum, or on request), and the money views of each role.

/** Countries whose creators can be paid, and the Stripe path that pays them (docs/decisions/0017). */
create or replace function api.payout_countries()
returns table (country text, path text, rail text)
language sql
immutable
set search_path = ''
as $$
  values ('AR', 'global_payouts', 'ar_bank_account'), ('BR', 'global_payouts', 'br_bank_account'),
    ('CL', 'global_payouts', 'cl_bank_account'), ('CO', 'global_payouts', 'co_bank_account'),
    ('MX', 'global_payouts', 'mx_bank_account'), ('PE', 'global_payouts', 'pe_bank_account'),
    ('US', 'global_payouts', 'us_bank_account')
$$;

create table app.payout_accounts (
  creator_id uuid primary key references app.profiles (id) on delete cascade,
  country text not null,
  stripe_account_id text,
  status text not null default 'onboarding',
  bank_summary text,
  problem_code text,
  problem_message text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint payout_accounts_country_valid check (country ~ '^[A-Z]{2}$'),
  constraint payout_accounts_stripe_key unique (stripe_account_id),
  constraint payout_accounts_status_valid check (status in ('onboarding', 'active', 'needs_attention'))
);
comment on table app.payout_accounts is
  'Where a creator is paid: a Stripe recipient account. Bank numbers stay at Stripe; bank_summary is what Stripe shows (bank, last 4).';
alter table app.payout_accounts enable row level security;
grant select on app.payout_accounts to authenticated;
grant all on app.payout_accounts to service_role;
create policy "Creators and admins see payout accounts" on app.payout_accounts
  for select to authenticated using (creator_id = (select auth.uid()) or (select app.is_admin()));
create trigger payout_accounts_set_updated_at before update on app.payout_accounts
  for each row execute function app.set_updated_at();

create table app.payouts (
  id uuid primary key default gen_random_uuid(),
  creator_id uuid references app.profiles (id) on delete set null,
  amount_cents bigint not null,
  status text not null default 'pending',
  requested_by text not null,
  stripe_account_id text,
  stripe_outbound_payment_id text,
  failure_code text,
  failure_message text,
  paid_at timestamptz,
  failed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint payouts_amount_positive check (amount_cents > 0),
  constraint payouts_status_valid check (status in ('pending', 'processing', 'paid', 'failed')),
  constraint payouts_requested_by_valid check (requested_by in ('schedule', 'creator')),
  constraint payouts_stripe_key unique (stripe_outbound_payment_id)
);
comment on table app.payouts is 'USD payouts of a creator''s available balance. At most one open (pending or processing) per creator.';
create unique index payouts_one_open_per_creator on app.payouts (creator_id) where status in ('pending', 'processing');
create index payouts_creator_idx on app.payouts (creator_id, created_at desc);
create index payouts_status_idx on app.payouts (status, created_at);
alter table app.payouts enable row level security;
grant select on app.payouts to authenticated;
grant all on app.payouts to service_role;
create policy "Creators and admins see payouts" on app.payouts
  for select to authenticated using (creator_id = (select auth.uid()) or (select app.is_admin()));
create trigger payouts_set_updated_at before update on app.payouts
  for each row execute function app.set_updated_at();

/** A creator's balances from the ledger, in cents. */
create or replace function app.creator_balance(creator_id uuid)
returns table (available_cents bigint, in_transit_cents bigint)
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
revoke execute on function app.creator_balance(uuid) from public, anon, authenticated;
grant execute on function app.creator_balance(uuid) to service_role;

/** The calling creator's money at a glance: balances, payout rules and their payout account. */
create or replace function api.my_payouts_overview()
returns table (in_escrow_cents bigint, available_cents bigint, in_transit_cents bigint, paid_out_cents bigint,
  payout_minimum_cents bigint, payout_schedule text, fee_bps integer,
  account_country text, account_status text, bank_summary text, problem_code text, problem_message text,
  last_failed_payout_id uuid)
language sql
stable
set search_path = ''
as $$
  select
    (select coalesce(sum(e.amount_cents - app.platform_fee(e.amount_cents, e.fee_bps)), 0)::bigint from app.escrows e
     where e.creator_id = (select auth.uid()) and e.status in ('funded', 'refund_pending', 'charged_back')),
    b.available_cents, b.in_transit_cents,
    (select coalesce(sum(p.amount_cents), 0)::bigint from app.payouts p where p.creator_id = (select auth.uid()) and p.status = 'paid'),
    s.payout_minimum_cents, s.payout_schedule, s.fee_bps,
    a.country, a.status, a.bank_summary, a.problem_code, a.problem_message,
    (select p.id from app.payouts p where p.creator_id = (select auth.uid()) and p.status = 'failed'
     order by p.created_at desc limit 1)
  from app.platform_settings s
  cross join lateral (
    select coalesce(-sum(le.amount_cents) filter (where le.account = 'creator_available'), 0)::bigint available_cents,
      coalesce(-sum(le.amount_cents) filter (where le.account = 'creator_in_transit'), 0)::bigint in_transit_cents
    from app.ledger_entries le
    where le.creator_id = (select auth.uid()) and le.account in ('creator_available', 'creator_in_transit')
  ) b
  left join app.payout_accounts a on a.creator_id = (select auth.uid())
  where (select app.current_role()) = 'creator'
$$;

/**
 * The calling creator's money history, newest first, each line linked to its campaign: hires in escrow,
 * releases and direct payments (what reached the available balance, after the fee), and payouts.
 * kind: in_escrow | released | payment | payout; status for payouts: pending | processing | paid | failed.
 */
create or replace function api.creator_money_history()
returns table (kind text, status text, amount_cents bigint, fee_cents bigint, occurred_at timestamptz,
  campaign_id uuid, campaign_title text, application_id uuid, payout_id uuid, failure_code text, failure_message text)
language sql
stable
set search_path = ''
as $$
  select * from (
    select 'in_escrow'::text, e.status, e.amount_cents - app.platform_fee(e.amount_cents, e.fee_bps),
      app.platform_fee(e.amount_cents, e.fee_bps), e.funded_at, e.campaign_id, c.title, e.application_id,
      null::uuid, null::text, null::text
    from app.escrows e left join app.campaigns c on c.id = e.campaign_id
    where e.creator_id = (select auth.uid()) and e.status in ('funded', 'refund_pending', 'charged_back')
    union all
    select case t.kind when 'release' then 'released' else 'payment' end, case t.kind when 'release' then e.release_reason end,
      -(select sum(le.amount_cents) from app.ledger_entries le where le.transaction_id = t.id and le.account = 'creator_available'),
      -(select coalesce(sum(le.amount_cents), 0) from app.ledger_entries le where le.transaction_id = t.id and le.account = 'platform_fees'),
      -- When it happened (a payment's own date, a release's), not when the ledger line was written.
      coalesce(case t.kind when 'release' then e.released_at else p.payment_date end, t.created_at),
      t.campaign_id, c.title, e.application_id, null::uuid, null::text, null::text
    from app.ledger_transactions t
    left join app.escrows e on e.id = t.escrow_id
    left join app.payments p on p.id = t.payment_id
    left join app.campaigns c on c.id = t.campaign_id
    where t.creator_id = (select auth.uid()) and t.kind in ('release', 'direct_payment')
    union all
    select 'payout'::text, p.status, p.amount_cents, 0::bigint, coalesce(p.paid_at, p.failed_at, p.created_at),
      null::uuid, null::text, null::uuid, p.id, p.failure_code, p.failure_message
    from app.payouts p
    where p.creator_id = (select auth.uid())
  ) h (kind, status, amount_cents, fee_cents, occurred_at, campaign_id, campaign_title, application_id, payout_id,
    failure_code, failure_message)
  order by h.occurred_at desc nulls last
$$;

/** The calling brand's money per campaign: funded (card payments received), held, released, refunded. */
create or replace function api.brand_money_by_campaign()
returns table (campaign_id uuid, campaign_title text, funded_cents bigint, in_escrow_cents bigint,
  released_cents bigint, refunded_cents bigint)
language sql
stable
set search_path = ''
as $$
  select t.campaign_id, c.title,
    coalesce(sum(le.amount_cents) filter (where t.kind in ('escrow_funding', 'direct_payment') and le.account = 'stripe_balance'), 0)::bigint,
    coalesce(-sum(le.amount_cents) filter (where le.account = 'escrow'), 0)::bigint,
    coalesce(sum(le.amount_cents) filter (where t.kind = 'release' and le.account = 'escrow'), 0)::bigint
      + coalesce(sum(le.amount_cents) filter (where t.kind = 'direct_payment' and le.account = 'stripe_balance'), 0)::bigint,
    coalesce(-sum(le.amount_cents) filter (where t.kind in ('refund', 'refund_after_release') and le.account = 'stripe_balance'), 0)::bigint
  from app.ledger_transactions t
  join app.ledger_entries le on le.transaction_id = t.id
  left join app.campaigns c on c.id = t.campaign_id
  where t.brand_id = (select auth.uid()) and (select app.current_role()) = 'brand'
  group by t.campaign_id, c.title
  order by c.title
$$;

/**
 * The creator dashboard's cards (see 20250101001000_api_profiles_and_dashboards.sql). Total earnings is
 * now what reached the creator's balance: releases and direct payments after the platform fee, from the
 * ledger; a funded hire still in escrow is not earned yet.
 */
create or replace function api.creator_dashboard()
returns api.creator_dashboard_stats
language sql
stable
set search_path = ''
as $$
  select
    (select count(*)::integer from app.applications a where a.creator_id = (select auth.uid()) and a.status = 'accepted'),
    (select count(*)::integer from app.deliverables d where d.creator_id = (select auth.uid()) and d.status = 'approved'),
    null::numeric,
    0,
    (select coalesce(-sum(e.amount_cents), 0)::bigint from app.ledger_entries e
      join app.ledger_transactions t on t.id = e.transaction_id
      where e.creator_id = (select auth.uid()) and e.account = 'creator_available' and t.kind in ('release', 'direct_payment'))
$$;

/** Admins: the platform's money from the ledger, and payouts that need attention. */
create or replace function api.admin_money_summary()
returns table (held_in_escrow_cents bigint, fees_earned_cents bigint, owed_to_creators_cents bigint,
  in_transit_cents bigint, paid_out_cents bigint, platform_losses_cents bigint, stripe_balance_cents bigint,
  failed_payouts integer, failed_payouts_cents bigint, accounts_needing_attention integer, unbalanced_transactions integer)
language plpgsql
stable
set search_path = ''
as $$
begin
  perform app.assert_admin();
  return query
    select
      coalesce(-sum(e.amount_cents) filter (where e.account = 'escrow'), 0)::bigint,
      coalesce(-sum(e.amount_cents) filter (where e.account = 'platform_fees'), 0)::bigint,
      coalesce(-sum(e.amount_cents) filter (where e.account = 'creator_available'), 0)::bigint,
      coalesce(-sum(e.amount_cents) filter (where e.account = 'creator_in_transit'), 0)::bigint,
      (select coalesce(sum(p.amount_cents), 0)::bigint from app.payouts p where p.status = 'paid'),
      coalesce(sum(e.amount_cents) filter (where e.account = 'platform_losses'), 0)::bigint,
      coalesce(sum(e.amount_cents) filter (where e.account = 'stripe_balance'), 0)::bigint,
      (select count(*)::integer from app.payouts p where p.status = 'failed'
         and not exists (select 1 from app.payouts q where q.creator_id = p.creator_id and q.created_at > p.created_at and q.status = 'paid')),
      (select coalesce(sum(p.amount_cents), 0)::bigint from app.payouts p where p.status = 'failed'
         and not exists (select 1 from app.payouts q where q.creator_id = p.creator_id and q.created_at > p.created_at and q.status = 'paid')),
      (select count(*)::integer from app.payout_accounts a where a.status = 'needs_attention'),
      (select count(*)::integer from (
         select 1 from app.ledger_entries x group by x.transaction_id having sum(x.amount_cents) <> 0) u)
    from app.ledger_entries e;
end;
$$;

/** Service role: a creator's payout account (the payouts function reads the Stripe account id here). */
create or replace function api.payout_account_of(creator_id uuid)
returns table (country text, stripe_account_id text, status text, bank_summary text)
language sql
stable
set search_path = ''
as $$
  select a.country, a.stripe_account_id, a.status, a.bank_summary from app.payout_accounts a
  where a.creator_id = payout_account_of.creator_id
$$;

/** Service role: the creator's payout account for a Stripe recipient account (new or the country changed). */
create or replace function api.payout_account_save(creator_id uuid, country text, stripe_account_id text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select 1 from api.payout_countries() c where c.country = payout_account_save.country) then
    perform app.fail('22023', 'Payouts are not available in this country yet', 'country_not_supported');
  end if;
  if (select app.role_of(payout_account_save.creator_id)) is distinct from 'creator' then
    perform app.fail('42501', 'Only creators have payout accounts', 'not_creator');
  end if;
  insert into app.payout_accounts (creator_id, country, stripe_account_id, status)
  values (payout_account_save.creator_id, payout_account_save.country, payout_account_save.stripe_account_id, 'onboarding')
  on conflict on constraint payout_accounts_pkey do update set country = excluded.country, stripe_account_id = excluded.stripe_account_id,
    status = 'onboarding', bank_summary = null, problem_code = null, problem_message = null;
end;
$$;

/**
 * Service role: what Stripe says about a recipient account (from its webhook or a retrieve): active with
 * its bank summary, or still onboarding. Activating an account clears an earlier payout problem: failed
 * payouts went back to the available balance and the next run pays them.
 */
create or replace function api.payout_account_record(stripe_account_id text, ready boolean, bank_summary text default null,
  event_id text default null, event_type text default null)
returns text
language plpgsql
set search_path = ''
as $$
declare
  a app.payout_accounts;
begin
  if not app.first_delivery(event_id, event_type) then
    return 'duplicate';
  end if;
  select * into a from app.payout_accounts x where x.stripe_account_id = payout_account_record.stripe_account_id for update;
  if not found then
    return 'unknown_account';
  end if;
  if ready and (a.status <> 'active' or a.bank_summary is distinct from payout_account_record.bank_summary) then
    update app.payout_accounts x set status = 'active', bank_summary = payout_account_record.bank_summary,
      problem_code = null, problem_message = null
    where x.creator_id = a.creator_id;
    return 'applied';
  end if;
  if not ready and a.status = 'active' then
    -- Stripe stopped accepting the bank account (its bank refused a payout): new details are needed.
    update app.payout_accounts x set status = 'needs_attention',
      problem_code = coalesce(x.problem_code, 'bank_account_invalid'),
      problem_message = coalesce(x.problem_message, 'Your bank account can no longer receive payouts. Add your bank details again.')
    where x.creator_id = a.creator_id;
    return 'applied';
  end if;
  return 'unchanged';
end;
$$;

/**
 * Service role: starts paying out a creator's available balance, or returns their open payout (a retry of
 * an interrupted run reuses it and its idempotency key). The account must be active; a scheduled payout
 * needs the platform minimum, one the creator asks for at least $1.00. The money moves from available to
 * in transit at once, so it is never paid twice.
 */
create or replace function app.payout_begin(creator_id uuid, requested_by text)
returns table (payout_id uuid, amount_cents bigint, status text, stripe_account_id text,
  stripe_outbound_payment_id text, created boolean)
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
  select b.available_cents into available from app.creator_balance(a.creator_id) b;
  minimum := case when requested_by = 'creator' then 100 else (select s.payout_minimum_cents from app.platform_settings s) end;
  if available < minimum then
    perform app.fail('PT409', format('Your available balance is below the minimum payout of $%s', to_char(minimum / 100.0, 'FM999,999,990.00')),
      'payout_below_minimum');
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

/**
 * Service role: what Stripe says about a payout's OutboundPayment. processing: its id is saved; posted:
 * paid (in transit leaves the Stripe balance); failed or returned: the money goes back to the creator's
 * available balance and the account is marked as needing attention with Stripe's reason. Each event
 * once; a payout never goes back from paid or failed, except paid -> failed for a returned payment.
 */
create or replace function app.payout_record(payout_id uuid, stripe_outbound_payment_id text, status text,
  failure_code text default null, failure_message text default null,
  event_id text default null, event_type text default null)
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

revoke execute on function app.payout_begin(uuid, text), app.payout_record(uuid, text, text, text, text, text, text)
  from public, anon, authenticated;

/** Service role: app.payout_begin (the ledger is written only by the money functions of app). */
create or replace function api.payout_begin(creator_id uuid, requested_by text)
returns table (payout_id uuid, amount_cents bigint, status text, stripe_account_id text,
  stripe_outbound_payment_id text, created boolean)
language sql
set search_path = ''
as $$
  select * from app.payout_begin(payout_begin.creator_id, payout_begin.requested_by)
$$;

/** Service role: app.payout_record. */
create or replace function api.payout_record(payout_id uuid, stripe_outbound_payment_id text, status text,
  failure_code text default null, failure_message text default null,
  event_id text default null, event_type text default null)
returns text
language sql
set search_path = ''
as $$
  select app.payout_record(payout_record.payout_id, payout_record.stripe_outbound_payment_id, payout_record.status,
    payout_record.failure_code, payout_record.failure_message, payout_record.event_id, payout_record.event_type)
$$;

/**
 * Service role (the payout run): creators to pay now. Open payouts come first (an interrupted run is
 * finished, never doubled); then active accounts whose available balance reaches the minimum, on the
 * platform's schedule (daily: no payout in the last 20 hours; weekly: none in the last 6.5 days).
 */
create or replace function api.payouts_due()
returns table (creator_id uuid, open_payout_id uuid)
language sql
stable
set search_path = ''
as $$
  select p.creator_id, p.id from app.payouts p
  where p.status = 'pending' or (p.status = 'processing' and p.stripe_outbound_payment_id is null)
  union all
  select a.creator_id, null::uuid
  from app.payout_accounts a
  cross join app.platform_settings s
  cross join lateral app.creator_balance(a.creator_id) b
  where a.status = 'active' and s.payout_schedule <> 'on_request'
    and b.available_cents >= s.payout_minimum_cents
    and not exists (select 1 from app.payouts q where q.creator_id = a.creator_id and q.status in ('pending', 'processing'))
    and not exists (select 1 from app.payouts q where q.creator_id = a.creator_id and q.status = 'paid'
      and q.created_at > now() - case s.payout_schedule when 'weekly' then interval '156 hours' else interval '20 hours' end)
$$;

/** Service role: the newest card payments and payouts with their Stripe ids, for the reconciliation report. */
create or replace function api.reconciliation_items(max_items integer default 200)
returns table (kind text, id uuid, stripe_id text, status text, amount_cents bigint, refunded_cents bigint)
language sql
stable
set search_path = ''
as $$
  (select 'payment'::text, p.id, p.stripe_payment_id, p.status, p.amount_cents, p.amount_refunded_cents
   from app.payments p where p.stripe_payment_id is not null
   order by p.updated_at desc limit least(greatest(max_items, 1), 1000))
  union all
  (select 'payout'::text, o.id, o.stripe_outbound_payment_id, o.status, o.amount_cents, 0::bigint
   from app.payouts o where o.stripe_outbound_payment_id is not null
   order by o.updated_at desc limit least(greatest(max_items, 1), 1000))
$$;

/** Service role: the ledger's own check, for the reconciliation report. */
create or replace function api.ledger_totals()
returns table (account text, total_cents bigint, unbalanced_transactions integer)
language sql
stable
set search_path = ''
as $$
  select e.account, sum(e.amount_cents)::bigint, (select count(*)::integer from app.ledger_imbalances())
  from app.ledger_entries e group by e.account order by e.account
$$;

revoke execute on function api.payout_account_of(uuid), api.reconciliation_items(integer) from public, anon, authenticated;
grant execute on function api.payout_account_of(uuid), api.reconciliation_items(integer) to service_role;
revoke execute on function api.payout_countries(), api.my_payouts_overview(), api.creator_money_history(),
  api.brand_money_by_campaign(), api.admin_money_summary(), api.payout_account_save(uuid, text, text),
  api.payout_account_record(text, boolean, text, text, text), api.payout_begin(uuid, text),
  api.payout_record(uuid, text, text, text, text, text, text), api.payouts_due(), api.ledger_totals()
  from public, anon;
grant execute on function api.payout_countries(), api.my_payouts_overview(), api.creator_money_history(),
  api.brand_money_by_campaign(), api.admin_money_summary() to authenticated;
grant execute on function api.payout_countries() to service_role;
revoke execute on function api.payout_account_save(uuid, text, text), api.payout_account_record(text, boolean, text, text, text),
  api.payout_begin(uuid, text), api.payout_record(uuid, text, text, text, text, text, text), api.payouts_due(),
  api.ledger_totals()
  from authenticated;
grant execute on function api.payout_account_save(uuid, text, text), api.payout_account_record(text, boolean, text, text, text),
  api.payout_begin(uuid, text), api.payout_record(uuid, text, text, text, text, text, text), api.payouts_due(),
  api.ledger_totals(), app.creator_balance(uuid), app.ledger_imbalances(),
  app.payout_begin(uuid, text), app.payout_record(uuid, text, text, text, text, text, text)
  to service_role;
