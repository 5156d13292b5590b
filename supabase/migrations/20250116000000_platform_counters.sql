-- Platform counters (issue 19): the admin dashboard's figures counted whole tables (0.5 to 17 s at 500k
-- users, 1M campaigns, 2M applications). The counts and sums it shows are now maintained by triggers in
-- app.stat_counters and read from there, still exact: every insert, update of a counted column and delete
-- moves the counter in the same transaction, so what a reader's snapshot sees is what the rows say.
--
-- A counter row is (metric, bucket, n, cents): bucket is '-infinity' for a plain total, or the hour (UTC)
-- the row belongs to for the series and "this month" figures (an hour boundary is a boundary in every
-- whole-hour time zone, so weeks and months cut in the session's time zone stay exact). Writers only
-- append a row with their change and readers sum a key's rows: an upsert into one row per key would make
-- every writer of applications wait for the previous one's commit on that row, and two transactions that
-- touch two keys in opposite orders deadlock. app.stat_counters_compact (every minute) folds each key's
-- rows into one; it deletes and re-inserts inside one transaction, so every snapshot still sums right.
--
-- Loads that bypass triggers (session_replication_role = replica, as bench:db does) must call
-- app.stat_counters_rebuild() afterwards.

create table app.stat_counters (
  id bigint generated always as identity,
  metric text not null,
  bucket timestamptz not null default '-infinity',
  n bigint not null default 0,
  cents bigint not null default 0,
  constraint stat_counters_pkey primary key (id)
);
create index stat_counters_metric_bucket on app.stat_counters (metric, bucket) include (n, cents);
comment on table app.stat_counters is
  'Counts and cent sums maintained by triggers for the admin figures (see app.stat_counters_rebuild for their definitions).';
alter table app.stat_counters enable row level security;
grant select on app.stat_counters to authenticated;
grant all on app.stat_counters to service_role;
create policy "Admins read the platform counters" on app.stat_counters
  for select to authenticated
  using ((select app.is_admin()));

/**
 * Ledger transactions whose entries do not sum to zero yet, with the running sum. A transaction is here
 * only between its first entry and the entry that balances it (inside the writing transaction: the
 * deferred ledger_entries_balanced check refuses to commit an unbalanced one), so it is empty for every
 * other reader unless rows were loaded with triggers off.
 */
create table app.ledger_unbalanced (
  transaction_id uuid not null,
  cents bigint not null,
  constraint ledger_unbalanced_pkey primary key (transaction_id)
);
comment on table app.ledger_unbalanced is 'Ledger transactions whose entries do not (yet) sum to zero, maintained by trigger.';
alter table app.ledger_unbalanced enable row level security;
grant select on app.ledger_unbalanced to authenticated;
grant all on app.ledger_unbalanced to service_role;
create policy "Admins read unbalanced ledger transactions" on app.ledger_unbalanced
  for select to authenticated
  using ((select app.is_admin()));

/** The hour (UTC) a time falls in: the bucket of hourly counters. */
create or replace function app.stat_hour(t timestamptz)
returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select date_trunc('hour', t at time zone 'UTC') at time zone 'UTC'
$$;
grant execute on function app.stat_hour(timestamptz) to authenticated;

/** Adds n rows and cents to a counter: a row of its own (see the header), none for a change of nothing. */
create or replace function app.stat_add(metric text, bucket timestamptz, n bigint, cents bigint)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into app.stat_counters (metric, bucket, n, cents)
  select stat_add.metric, stat_add.bucket, stat_add.n, stat_add.cents
  where stat_add.n <> 0 or stat_add.cents <> 0
$$;
revoke execute on function app.stat_add(text, timestamptz, bigint, bigint) from public, anon, authenticated;

/**
 * The counters one row of a counted table contributes to (r is the row as jsonb). The same definitions
 * as app.stat_counters_rebuild, which computes them set-wise.
 */
create or replace function app.stat_row_keys(tbl text, r jsonb)
returns table (metric text, bucket timestamptz, cents bigint)
language sql
stable
set search_path = ''
as $$
  select 'users', '-infinity'::timestamptz, 0::bigint where tbl = 'profiles'
  union all
  select 'users:' || (r ->> 'role'), '-infinity', 0 where tbl = 'profiles'
  union all
  select 'users_hourly:' || (r ->> 'role'), app.stat_hour((r ->> 'created_at')::timestamptz), 0 where tbl = 'profiles'
  union all
  select 'campaigns:' || (r ->> 'status'), '-infinity', 0 where tbl = 'campaigns'
  union all
  select 'campaigns_hourly', app.stat_hour((r ->> 'created_at')::timestamptz), 0 where tbl = 'campaigns'
  union all
  select 'applications', '-infinity', 0 where tbl = 'applications'
  union all
  select 'applications:' || (r ->> 'status'), '-infinity', 0 where tbl = 'applications'
  union all
  select 'deliverables:' || (r ->> 'status'), '-infinity', 0 where tbl = 'deliverables'
  union all
  select 'payments:' || (r ->> 'status'), '-infinity', (r ->> 'amount_cents')::bigint where tbl = 'payments'
  union all
  select 'payments_hourly:' || (r ->> 'status'),
    app.stat_hour(coalesce((r ->> 'payment_date')::timestamptz, (r ->> 'created_at')::timestamptz)), (r ->> 'amount_cents')::bigint
  where tbl = 'payments'
  union all
  select 'payouts:' || (r ->> 'status'), '-infinity', (r ->> 'amount_cents')::bigint where tbl = 'payouts'
$$;
revoke execute on function app.stat_row_keys(text, jsonb) from public, anon, authenticated;

/** Trigger (after insert, delete, or update of a counted column): moves the row's counters. */
create or replace function app.stat_count_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform app.stat_add(k.metric, k.bucket, -1, -k.cents) from app.stat_row_keys(tg_table_name, to_jsonb(old)) k;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform app.stat_add(k.metric, k.bucket, 1, k.cents) from app.stat_row_keys(tg_table_name, to_jsonb(new)) k;
  end if;
  return null;
end;
$$;
revoke execute on function app.stat_count_row() from public, anon, authenticated;

create trigger profiles_stat_counters after insert or delete on app.profiles
  for each row execute function app.stat_count_row();
create trigger profiles_stat_counters_update after update of role, created_at on app.profiles
  for each row when (old.role is distinct from new.role or old.created_at is distinct from new.created_at)
  execute function app.stat_count_row();
create trigger campaigns_stat_counters after insert or delete on app.campaigns
  for each row execute function app.stat_count_row();
create trigger campaigns_stat_counters_update after update of status, created_at on app.campaigns
  for each row when (old.status is distinct from new.status or old.created_at is distinct from new.created_at)
  execute function app.stat_count_row();
create trigger applications_stat_counters after insert or delete on app.applications
  for each row execute function app.stat_count_row();
create trigger applications_stat_counters_update after update of status on app.applications
  for each row when (old.status is distinct from new.status)
  execute function app.stat_count_row();
create trigger deliverables_stat_counters after insert or delete on app.deliverables
  for each row execute function app.stat_count_row();
create trigger deliverables_stat_counters_update after update of status on app.deliverables
  for each row when (old.status is distinct from new.status)
  execute function app.stat_count_row();
create trigger payments_stat_counters after insert or delete on app.payments
  for each row execute function app.stat_count_row();
create trigger payments_stat_counters_update after update of status, amount_cents, payment_date, created_at on app.payments
  for each row when (old.status is distinct from new.status or old.amount_cents is distinct from new.amount_cents
    or old.payment_date is distinct from new.payment_date or old.created_at is distinct from new.created_at)
  execute function app.stat_count_row();
create trigger payouts_stat_counters after insert or delete on app.payouts
  for each row execute function app.stat_count_row();
create trigger payouts_stat_counters_update after update of status, amount_cents on app.payouts
  for each row when (old.status is distinct from new.status or old.amount_cents is distinct from new.amount_cents)
  execute function app.stat_count_row();

/** The counters one ledger entry contributes to, signed by `sign` (1 to add it, -1 to take it away). */
create or replace function app.stat_add_ledger_entry(entry_transaction uuid, entry_account text, entry_cents bigint, sign integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  t record;
begin
  select x.kind, x.created_at into t from app.ledger_transactions x where x.id = entry_transaction;
  if found then
    perform app.stat_add('ledger_hourly:' || t.kind || ':' || entry_account, app.stat_hour(t.created_at), sign, sign * entry_cents);
  end if;
  perform app.stat_add('ledger:' || entry_account, '-infinity', sign, sign * entry_cents);
  insert into app.ledger_unbalanced as u (transaction_id, cents) values (entry_transaction, sign * entry_cents)
  on conflict on constraint ledger_unbalanced_pkey do update set cents = u.cents + excluded.cents;
  delete from app.ledger_unbalanced u where u.transaction_id = entry_transaction and u.cents = 0;
end;
$$;
revoke execute on function app.stat_add_ledger_entry(uuid, text, bigint, integer) from public, anon, authenticated;

/**
 * Trigger on ledger_entries: an entry's account total, the hourly sum per transaction kind and account (by
 * the transaction's time) and the transaction's running balance. Entries are append-only; updates and
 * deletes are counted too for maintenance that switches that guard off.
 */
create or replace function app.stat_count_ledger_entry()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform app.stat_add_ledger_entry(old.transaction_id, old.account, old.amount_cents, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform app.stat_add_ledger_entry(new.transaction_id, new.account, new.amount_cents, 1);
  end if;
  return null;
end;
$$;
revoke execute on function app.stat_count_ledger_entry() from public, anon, authenticated;
create trigger ledger_entries_stat_counters after insert or delete on app.ledger_entries
  for each row execute function app.stat_count_ledger_entry();
create trigger ledger_entries_stat_counters_update after update of transaction_id, account, amount_cents on app.ledger_entries
  for each row when (old.transaction_id is distinct from new.transaction_id or old.account is distinct from new.account
    or old.amount_cents is distinct from new.amount_cents)
  execute function app.stat_count_ledger_entry();

/**
 * Trigger on ledger_transactions (append-only too; the seed back-dates them with that guard off): a new
 * time or kind moves its entries' hourly sums.
 */
create or replace function app.stat_move_ledger_transaction()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app.stat_add('ledger_hourly:' || old.kind || ':' || e.account, app.stat_hour(old.created_at), -count(*), -sum(e.amount_cents)::bigint)
  from app.ledger_entries e where e.transaction_id = new.id group by e.account;
  perform app.stat_add('ledger_hourly:' || new.kind || ':' || e.account, app.stat_hour(new.created_at), count(*), sum(e.amount_cents)::bigint)
  from app.ledger_entries e where e.transaction_id = new.id group by e.account;
  return null;
end;
$$;
revoke execute on function app.stat_move_ledger_transaction() from public, anon, authenticated;
create trigger ledger_transactions_stat_counters after update of kind, created_at on app.ledger_transactions
  for each row when (old.kind is distinct from new.kind or old.created_at is distinct from new.created_at)
  execute function app.stat_move_ledger_transaction();

/**
 * Recomputes every counter from the tables (after loads with triggers off; the migration's first fill).
 * Service role and the owner only.
 */
create or replace function app.stat_counters_rebuild()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from app.stat_counters;
  delete from app.ledger_unbalanced;
  insert into app.stat_counters (metric, bucket, n, cents)
  select 'users', '-infinity'::timestamptz, count(*), 0::bigint from app.profiles p
  union all
  select 'users:' || p.role, '-infinity', count(*), 0 from app.profiles p group by p.role
  union all
  select 'users_hourly:' || p.role, app.stat_hour(p.created_at), count(*), 0 from app.profiles p
  group by p.role, app.stat_hour(p.created_at)
  union all
  select 'campaigns:' || c.status, '-infinity', count(*), 0 from app.campaigns c group by c.status
  union all
  select 'campaigns_hourly', app.stat_hour(c.created_at), count(*), 0 from app.campaigns c group by app.stat_hour(c.created_at)
  union all
  select 'applications', '-infinity', count(*), 0 from app.applications a
  union all
  select 'applications:' || a.status, '-infinity', count(*), 0 from app.applications a group by a.status
  union all
  select 'deliverables:' || d.status, '-infinity', count(*), 0 from app.deliverables d group by d.status
  union all
  select 'payments:' || p.status, '-infinity', count(*), sum(p.amount_cents) from app.payments p group by p.status
  union all
  select 'payments_hourly:' || p.status, app.stat_hour(coalesce(p.payment_date, p.created_at)), count(*), sum(p.amount_cents)
  from app.payments p group by p.status, app.stat_hour(coalesce(p.payment_date, p.created_at))
  union all
  select 'payouts:' || p.status, '-infinity', count(*), sum(p.amount_cents) from app.payouts p group by p.status
  union all
  select 'ledger:' || e.account, '-infinity', count(*), sum(e.amount_cents) from app.ledger_entries e group by e.account
  union all
  select 'ledger_hourly:' || t.kind || ':' || e.account, app.stat_hour(t.created_at), count(*), sum(e.amount_cents)
  from app.ledger_entries e join app.ledger_transactions t on t.id = e.transaction_id
  group by t.kind, e.account, app.stat_hour(t.created_at);
  insert into app.ledger_unbalanced (transaction_id, cents)
  select e.transaction_id, sum(e.amount_cents) from app.ledger_entries e group by e.transaction_id having sum(e.amount_cents) <> 0;
end;
$$;
revoke execute on function app.stat_counters_rebuild() from public, anon, authenticated;
grant execute on function app.stat_counters_rebuild() to service_role;

select app.stat_counters_rebuild();

/**
 * Folds each key's rows into one (writers append, see the header). The delete and the insert are one
 * statement, so a reader's snapshot sees either the rows or their sum; rows appended meanwhile are not in
 * the delete's snapshot and stay for the next run. Two runs at once delete disjoint rows.
 */
create or replace function app.stat_counters_compact()
returns void
language sql
security definer
set search_path = ''
as $$
  with folded as (delete from app.stat_counters returning metric, bucket, n, cents)
  insert into app.stat_counters (metric, bucket, n, cents)
  select f.metric, f.bucket, sum(f.n), sum(f.cents) from folded f
  group by f.metric, f.bucket
  having sum(f.n) <> 0 or sum(f.cents) <> 0
$$;
revoke execute on function app.stat_counters_compact() from public, anon, authenticated;
grant execute on function app.stat_counters_compact() to service_role;

insert into app.scheduled_jobs (name, schedule, sql_command, function_path) values
  ('compact-platform-counters', '* * * * *', 'select app.stat_counters_compact()', null);
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('compact-platform-counters', '* * * * *', 'select app.stat_counters_compact()');
  end if;
end;
$$;

/** Sum of a counter's rows (every bucket from `since`): rows and cents. */
create or replace function app.stat_total(metric text, since timestamptz default '-infinity')
returns table (n bigint, cents bigint)
language sql
stable
set search_path = ''
as $$
  select coalesce(sum(s.n), 0)::bigint, coalesce(sum(s.cents), 0)::bigint from app.stat_counters s
  where s.metric = stat_total.metric and s.bucket >= stat_total.since
$$;
revoke execute on function app.stat_total(text, timestamptz) from public, anon;
grant execute on function app.stat_total(text, timestamptz) to authenticated;

-- The figures still read from the tables, each from a small index.
create index payments_failed_time_idx on app.payments ((coalesce(payment_date, created_at))) where status = 'failed';
create index campaigns_active_deadline_idx on app.campaigns (deadline) where status = 'active';
create index payouts_failed_idx on app.payouts (creator_id, created_at) where status = 'failed';
create index payout_accounts_attention_idx on app.payout_accounts (creator_id) where status = 'needs_attention';

/** Figures of the admin dashboard's stat cards, from the counters. Admins only. */
create or replace function api.admin_stats()
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  result jsonb;
  month_start timestamptz := date_trunc('month', now());
begin
  perform app.assert_admin();
  with totals as (
    select s.metric, sum(s.n) as n from app.stat_counters s
    where s.metric in ('users', 'users:brand', 'users:creator', 'users:admin', 'campaigns:active', 'applications',
      'applications:pending') and s.bucket = '-infinity'
    group by s.metric
  ),
  month as (
    select coalesce(sum(s.n), 0) as n, coalesce(sum(s.cents), 0) as cents from app.stat_counters s
    where s.metric = 'payments_hourly:completed' and s.bucket >= month_start
  )
  select jsonb_build_object(
    'total_users', coalesce((select t.n from totals t where t.metric = 'users'), 0),
    'brands', coalesce((select t.n from totals t where t.metric = 'users:brand'), 0),
    'creators', coalesce((select t.n from totals t where t.metric = 'users:creator'), 0),
    'admins', coalesce((select t.n from totals t where t.metric = 'users:admin'), 0),
    'active_campaigns', coalesce((select t.n from totals t where t.metric = 'campaigns:active'), 0),
    'applications', coalesce((select t.n from totals t where t.metric = 'applications'), 0),
    'pending_applications', coalesce((select t.n from totals t where t.metric = 'applications:pending'), 0),
    'payments_this_month', (select m.n from month m),
    'paid_this_month_cents', (select m.cents from month m)
  ) into result;
  return result;
end;
$$;

/** Live health figures of the platform for the admin dashboard. Admins only. */
create or replace function api.admin_platform_health()
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  result jsonb;
  since timestamptz := now() - interval '7 days';
  -- Whole hours from the counters, the part of the first hour from the profiles' time index.
  first_full_hour timestamptz := app.stat_hour(now() - interval '7 days') + interval '1 hour';
begin
  perform app.assert_admin();
  with totals as (
    select s.metric, sum(s.n) as n from app.stat_counters s
    where s.metric in ('campaigns:draft', 'campaigns:active', 'campaigns:paused', 'campaigns:completed', 'applications:pending',
      'deliverables:pending', 'deliverables:submitted', 'payments:pending') and s.bucket = '-infinity'
    group by s.metric
  )
  select jsonb_build_object(
    'new_users_7d',
      (select coalesce(sum(s.n), 0) from app.stat_counters s
       where s.metric in ('users_hourly:brand', 'users_hourly:creator', 'users_hourly:admin') and s.bucket >= first_full_hour)
      + (select count(*) from app.profiles where created_at >= since and created_at < first_full_hour),
    'campaigns_by_status', jsonb_build_object(
      'draft', coalesce((select t.n from totals t where t.metric = 'campaigns:draft'), 0),
      'active', coalesce((select t.n from totals t where t.metric = 'campaigns:active'), 0),
      'paused', coalesce((select t.n from totals t where t.metric = 'campaigns:paused'), 0),
      'completed', coalesce((select t.n from totals t where t.metric = 'campaigns:completed'), 0)),
    'pending_applications', coalesce((select t.n from totals t where t.metric = 'applications:pending'), 0),
    'deliverables_awaiting_review', coalesce((select sum(t.n) from totals t
      where t.metric in ('deliverables:pending', 'deliverables:submitted')), 0),
    'pending_payments', coalesce((select t.n from totals t where t.metric = 'payments:pending'), 0),
    'failed_payments_30d', (select count(*) from app.payments
      where status = 'failed' and coalesce(payment_date, created_at) >= now() - interval '30 days'),
    'overdue_active_campaigns', (select count(*) from app.campaigns where status = 'active' and deadline < now())
  ) into result;
  return result;
end;
$$;

/** Admins, per week: sign-ups by role (the profile's role now) and campaigns created, from hourly counters. */
create or replace function api.admin_growth_series(days integer default 365)
returns table (week_start date, brand_signups integer, creator_signups integer, admin_signups integer, campaigns_created integer)
language plpgsql
stable
set search_path = ''
as $$
begin
  perform app.assert_series_role('admin');
  return query
    with b as (select s.bucket_start from app.series_buckets(admin_growth_series.days, 'week') s),
    sums as (
      select date_trunc('week', s.bucket) as w, s.metric, sum(s.n) as n from app.stat_counters s
      where s.metric in ('users_hourly:brand', 'users_hourly:creator', 'users_hourly:admin', 'campaigns_hourly')
        and s.bucket >= (select min(b.bucket_start) from b)
      group by 1, 2
    )
    select b.bucket_start::date,
      coalesce((select s.n from sums s where s.w = b.bucket_start and s.metric = 'users_hourly:brand'), 0)::integer,
      coalesce((select s.n from sums s where s.w = b.bucket_start and s.metric = 'users_hourly:creator'), 0)::integer,
      coalesce((select s.n from sums s where s.w = b.bucket_start and s.metric = 'users_hourly:admin'), 0)::integer,
      coalesce((select s.n from sums s where s.w = b.bucket_start and s.metric = 'campaigns_hourly'), 0)::integer
    from b
    order by b.bucket_start;
end;
$$;

/**
 * Admins, per month, from the ledger's hourly counters: brands' card payments received, money released to
 * creators (after the fee), the platform's fees, refunds to cards and payouts paid to creators' banks.
 */
create or replace function api.admin_money_series(days integer default 365)
returns table (month_start date, charged_cents bigint, released_cents bigint, fees_cents bigint, refunded_cents bigint, paid_out_cents bigint)
language plpgsql
stable
set search_path = ''
as $$
begin
  perform app.assert_series_role('admin');
  return query
    with b as (select s.bucket_start from app.series_buckets(admin_money_series.days, 'month') s),
    sums as (
      select date_trunc('month', s.bucket) as m,
        coalesce(sum(s.cents) filter (where s.metric in ('ledger_hourly:escrow_funding:stripe_balance',
          'ledger_hourly:direct_payment:stripe_balance')), 0) as charged,
        coalesce(-sum(s.cents) filter (where s.metric in ('ledger_hourly:release:creator_available',
          'ledger_hourly:direct_payment:creator_available')), 0) as released,
        coalesce(-sum(s.cents) filter (where s.metric in ('ledger_hourly:release:platform_fees',
          'ledger_hourly:direct_payment:platform_fees')), 0) as fees,
        coalesce(-sum(s.cents) filter (where s.metric in ('ledger_hourly:refund:stripe_balance',
          'ledger_hourly:refund_after_release:stripe_balance')), 0) as refunded,
        coalesce(sum(s.cents) filter (where s.metric = 'ledger_hourly:payout_paid:creator_in_transit'), 0) as paid_out
      from app.stat_counters s
      where s.metric in ('ledger_hourly:escrow_funding:stripe_balance', 'ledger_hourly:direct_payment:stripe_balance',
          'ledger_hourly:release:creator_available', 'ledger_hourly:direct_payment:creator_available',
          'ledger_hourly:release:platform_fees', 'ledger_hourly:direct_payment:platform_fees',
          'ledger_hourly:refund:stripe_balance', 'ledger_hourly:refund_after_release:stripe_balance',
          'ledger_hourly:payout_paid:creator_in_transit')
        and s.bucket >= (select min(b.bucket_start) from b)
      group by 1
    )
    select b.bucket_start::date, coalesce(s.charged, 0)::bigint, coalesce(s.released, 0)::bigint, coalesce(s.fees, 0)::bigint,
      coalesce(s.refunded, 0)::bigint, coalesce(s.paid_out, 0)::bigint
    from b
    left join sums s on s.m = b.bucket_start
    order by b.bucket_start;
end;
$$;

/** The platform's money for admins: account balances and paid payouts from the counters. */
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
