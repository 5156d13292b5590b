-- Payouts: accounts, recipients, balances, and money sent to creators.
-- This file: the api functions and types (the Data API); the tables are in ../payouts.sql.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create or replace function api.admin_money_summary()
returns table (
  held_in_escrow_cents bigint,
  fees_earned_cents bigint,
  owed_to_creators_cents bigint,
  in_transit_cents bigint,
  paid_out_cents bigint,
  platform_losses_cents bigint,
  stripe_balance_cents bigint,
  failed_payouts integer,
  failed_payouts_cents bigint,
  accounts_needing_attention integer,
  unbalanced_transactions integer
)
language plpgsql
stable
set search_path = ''
as $$
begin
  perform app.assert_admin();
  return query
    with totals as (
      select s.metric, sum(s.cents) as cents from app.stat_counters s
      where s.metric in ('ledger:escrow', 'ledger:platform_fees', 'ledger:creator_available', 'ledger:creator_in_transit',
        'payouts:paid', 'ledger:platform_losses', 'ledger:stripe_balance') and s.bucket = '-infinity'
      group by s.metric
    )
    select
      coalesce(-(select t.cents from totals t where t.metric = 'ledger:escrow'), 0)::bigint,
      coalesce(-(select t.cents from totals t where t.metric = 'ledger:platform_fees'), 0)::bigint,
      coalesce(-(select t.cents from totals t where t.metric = 'ledger:creator_available'), 0)::bigint,
      coalesce(-(select t.cents from totals t where t.metric = 'ledger:creator_in_transit'), 0)::bigint,
      coalesce((select t.cents from totals t where t.metric = 'payouts:paid'), 0)::bigint,
      coalesce((select t.cents from totals t where t.metric = 'ledger:platform_losses'), 0)::bigint,
      coalesce((select t.cents from totals t where t.metric = 'ledger:stripe_balance'), 0)::bigint,
      (select count(*)::integer from app.payouts p where p.status = 'failed'
         and not exists (select 1 from app.payouts q where q.creator_id = p.creator_id and q.created_at > p.created_at and q.status = 'paid')),
      (select coalesce(sum(p.amount_cents), 0)::bigint from app.payouts p where p.status = 'failed'
         and not exists (select 1 from app.payouts q where q.creator_id = p.creator_id and q.created_at > p.created_at and q.status = 'paid')),
      (select count(*)::integer from app.payout_accounts a where a.status = 'needs_attention'),
      (select count(*)::integer from app.ledger_unbalanced u);
end;
$$;
grant execute on function api.admin_money_summary() to authenticated;

create or replace function api.brand_money_by_campaign()
returns table (
  campaign_id uuid,
  campaign_title text,
  funded_cents bigint,
  in_escrow_cents bigint,
  released_cents bigint,
  refunded_cents bigint
)
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
grant execute on function api.brand_money_by_campaign() to authenticated;

create or replace function api.creator_money_history()
returns table (
  kind text,
  status text,
  amount_cents bigint,
  fee_cents bigint,
  occurred_at timestamp with time zone,
  campaign_id uuid,
  campaign_title text,
  application_id uuid,
  payout_id uuid,
  failure_code text,
  failure_message text
)
language plpgsql
stable
set search_path = ''
as $$
begin
  -- The ledger's sums are numeric; return query wants the declared bigint (a sql function cast them itself).
  return query
    select h.kind, h.status, h.amount_cents::bigint, h.fee_cents::bigint, h.occurred_at, h.campaign_id,
           h.campaign_title, h.application_id, h.payout_id, h.failure_code, h.failure_message
    from (
      select 'in_escrow'::text, e.status, e.amount_cents - app.platform_fee(e.amount_cents, e.fee_bps),
        app.platform_fee(e.amount_cents, e.fee_bps), e.funded_at, e.campaign_id, c.title, e.application_id,
        null::uuid, null::text, null::text
      from app.escrows e left join app.campaigns c on c.id = e.campaign_id
      where e.creator_id = (select auth.uid()) and e.status in ('funded', 'disputed', 'refund_pending', 'charged_back')
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
    order by h.occurred_at desc nulls last;
end;
$$;
grant execute on function api.creator_money_history() to authenticated;

create or replace function api.my_payouts_overview()
returns table (
  in_escrow_cents bigint,
  available_cents bigint,
  in_transit_cents bigint,
  paid_out_cents bigint,
  payout_minimum_cents bigint,
  payout_schedule text,
  fee_bps integer,
  account_country text,
  account_status text,
  bank_summary text,
  problem_code text,
  problem_message text,
  last_failed_payout_id uuid
)
language sql
stable
set search_path = ''
as $$
  select
    (select coalesce(sum(e.amount_cents - app.platform_fee(e.amount_cents, e.fee_bps)), 0)::bigint from app.escrows e
     where e.creator_id = (select auth.uid()) and e.status in ('funded', 'disputed', 'refund_pending', 'charged_back')),
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
grant execute on function api.my_payouts_overview() to authenticated;

create or replace function api.payout_account_of(creator_id uuid)
returns table(country text, stripe_account_id text, status text, bank_summary text)
language sql
stable
set search_path = ''
as $$
  select a.country, a.stripe_account_id, a.status, a.bank_summary from app.payout_accounts a
  where a.creator_id = payout_account_of.creator_id
$$;
grant execute on function api.payout_account_of(creator_id uuid) to service_role;

create or replace function api.payout_account_record(
  stripe_account_id text,
  ready boolean,
  bank_summary text default null::text,
  event_id text default null::text,
  event_type text default null::text,
  holder_name text default null::text
)
returns text
language plpgsql
set search_path = ''
as $$
declare
  a app.payout_accounts;
  holder text := nullif(trim(payout_account_record.holder_name), '');
  changed boolean := false;
begin
  if not app.first_delivery(event_id, event_type) then
    return 'duplicate';
  end if;
  select * into a from app.payout_accounts x where x.stripe_account_id = payout_account_record.stripe_account_id for update;
  if not found then
    return 'unknown_account';
  end if;
  -- Stripe's answer replaces what we knew; an answer without a name (not collected yet) keeps it.
  if holder is not null and holder is distinct from a.holder_name then
    update app.payout_accounts x set holder_name = holder where x.creator_id = a.creator_id;
    perform app.recheck_tax_form_name(a.creator_id, holder);
    changed := true;
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
  return case when changed then 'applied' else 'unchanged' end;
end;
$$;
grant execute on function api.payout_account_record(stripe_account_id text, ready boolean, bank_summary text, event_id text, event_type text, holder_name text) to service_role;

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
  insert into app.payout_accounts as a (creator_id, country, stripe_account_id, status)
  values (payout_account_save.creator_id, payout_account_save.country, payout_account_save.stripe_account_id, 'onboarding')
  on conflict on constraint payout_accounts_pkey do update set country = excluded.country, stripe_account_id = excluded.stripe_account_id,
    status = 'onboarding', bank_summary = null, problem_code = null, problem_message = null
  where a.stripe_account_id is distinct from excluded.stripe_account_id;
end;
$$;
grant execute on function api.payout_account_save(creator_id uuid, country text, stripe_account_id text) to service_role;

create or replace function api.payout_begin(creator_id uuid, requested_by text)
returns table (
  payout_id uuid,
  amount_cents bigint,
  status text,
  stripe_account_id text,
  stripe_outbound_payment_id text,
  created boolean
)
language sql
set search_path = ''
as $$
  select * from app.payout_begin(payout_begin.creator_id, payout_begin.requested_by)
$$;
grant execute on function api.payout_begin(creator_id uuid, requested_by text) to service_role;

create or replace function api.payout_countries()
returns table(country text, path text, rail text)
language sql
immutable
set search_path = ''
as $$
  values ('AR', 'global_payouts', 'ar_bank_account'), ('BR', 'global_payouts', 'br_bank_account'),
    ('CL', 'global_payouts', 'cl_bank_account'), ('CO', 'global_payouts', 'co_bank_account'),
    ('MX', 'global_payouts', 'mx_bank_account'), ('PE', 'global_payouts', 'pe_bank_account'),
    ('US', 'global_payouts', 'us_bank_account')
$$;
grant execute on function api.payout_countries() to authenticated, service_role;

create or replace function api.payout_record(
  payout_id uuid,
  stripe_outbound_payment_id text,
  status text,
  failure_code text default null::text,
  failure_message text default null::text,
  event_id text default null::text,
  event_type text default null::text
)
returns text
language sql
set search_path = ''
as $$
  select app.payout_record(payout_record.payout_id, payout_record.stripe_outbound_payment_id, payout_record.status,
    payout_record.failure_code, payout_record.failure_message, payout_record.event_id, payout_record.event_type)
$$;
grant execute on function api.payout_record(payout_id uuid, stripe_outbound_payment_id text, status text, failure_code text, failure_message text, event_id text, event_type text) to service_role;

create or replace function api.payout_refused(payout_id uuid, failure_code text, failure_message text, account_problem boolean default false)
returns text
language sql
set search_path = ''
as $$
  select app.payout_refused(payout_refused.payout_id, payout_refused.failure_code, payout_refused.failure_message,
    payout_refused.account_problem)
$$;
grant execute on function api.payout_refused(payout_id uuid, failure_code text, failure_message text, account_problem boolean) to service_role;

create or replace function api.payouts_due()
returns table(creator_id uuid, open_payout_id uuid)
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
    and app.tax_form_state_of(a.creator_id) not in ('missing', 'expired', 'name_mismatch')
    and not exists (select 1 from app.payouts q where q.creator_id = a.creator_id and q.status in ('pending', 'processing'))
    and not exists (select 1 from app.payouts q where q.creator_id = a.creator_id
      and (q.status = 'paid' or (q.status = 'failed' and q.stripe_outbound_payment_id is null))
      and q.created_at > now() - case s.payout_schedule when 'weekly' then interval '156 hours' else interval '20 hours' end)
$$;
grant execute on function api.payouts_due() to service_role;

create or replace function api.recipient_account_claim(creator_id uuid, country text)
returns table(stripe_account_id text, claimed boolean)
language plpgsql
set search_path = ''
as $$
declare
  r app.recipient_accounts;
begin
  if (select app.role_of(recipient_account_claim.creator_id)) is distinct from 'creator' then
    perform app.fail('42501', 'Only creators have payout accounts', 'not_creator');
  end if;
  -- An account made before this table (or by the seed) is the creator's current payout account: kept.
  insert into app.recipient_accounts (creator_id, country, stripe_account_id, claimed_at, created_at)
  select a.creator_id, a.country, a.stripe_account_id, a.created_at, a.created_at from app.payout_accounts a
  where a.creator_id = recipient_account_claim.creator_id and a.country = recipient_account_claim.country
    and a.stripe_account_id is not null
  on conflict do nothing;
  insert into app.recipient_accounts (creator_id, country)
  values (recipient_account_claim.creator_id, recipient_account_claim.country)
  on conflict on constraint recipient_accounts_pkey do nothing;
  if found then
    return query select null::text, true;
    return;
  end if;
  select * into r from app.recipient_accounts a
  where a.creator_id = recipient_account_claim.creator_id and a.country = recipient_account_claim.country
  for update;
  if r.stripe_account_id is not null then
    return query select r.stripe_account_id, false;
    return;
  end if;
  if r.claimed_at < now() - interval '30 seconds' then
    update app.recipient_accounts a set claimed_at = now()
    where a.creator_id = r.creator_id and a.country = r.country;
    return query select null::text, true;
    return;
  end if;
  return query select null::text, false;
end;
$$;
grant execute on function api.recipient_account_claim(creator_id uuid, country text) to service_role;

create or replace function api.recipient_account_record(creator_id uuid, country text, stripe_account_id text)
returns void
language sql
set search_path = ''
as $$
  update app.recipient_accounts a set stripe_account_id = recipient_account_record.stripe_account_id
  where a.creator_id = recipient_account_record.creator_id and a.country = recipient_account_record.country
$$;
grant execute on function api.recipient_account_record(creator_id uuid, country text, stripe_account_id text) to service_role;

create or replace function api.recipient_account_release(creator_id uuid, country text)
returns void
language sql
set search_path = ''
as $$
  delete from app.recipient_accounts a
  where a.creator_id = recipient_account_release.creator_id and a.country = recipient_account_release.country
    and a.stripe_account_id is null
$$;
grant execute on function api.recipient_account_release(creator_id uuid, country text) to service_role;

create or replace function api.reconciliation_items(max_items integer default 200)
returns table(kind text, id uuid, stripe_id text, status text, amount_cents bigint, refunded_cents bigint)
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
grant execute on function api.reconciliation_items(max_items integer) to service_role;
