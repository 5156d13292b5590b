-- Platform counters: hourly totals kept by triggers, read by admin figures.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create table app.stat_counters (
  id bigint generated always as identity,
  metric text not null,
  bucket timestamp with time zone default '-infinity'::timestamp with time zone not null,
  n bigint default 0 not null,
  cents bigint default 0 not null,
  constraint stat_counters_pkey primary key (id)
);
alter table app.stat_counters enable row level security;
comment on table app.stat_counters is 'Counts and cent sums maintained by triggers for the admin figures (see app.stat_counters_rebuild for their definitions).';
grant all on app.stat_counters to service_role;
grant select on app.stat_counters to authenticated;

create index stat_counters_metric_bucket on app.stat_counters using btree (metric, bucket) include (n, cents);

create policy "Admins read the platform counters" on app.stat_counters
for select
to authenticated
using (( select app.is_admin() as is_admin));

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

create or replace function app.stat_add(metric text, bucket timestamp with time zone, n bigint, cents bigint)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into app.stat_counters (metric, bucket, n, cents)
  select stat_add.metric, stat_add.bucket, stat_add.n, stat_add.cents
  where stat_add.n <> 0 or stat_add.cents <> 0
$$;

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
grant execute on function app.stat_counters_compact() to service_role;

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
  group by t.kind, e.account, app.stat_hour(t.created_at)
  union all
  select 'active_campaigns:' || c.content_type, '-infinity', count(*), 0 from app.campaigns c
  where c.status = 'active' group by c.content_type
  union all
  select 'active_campaigns_on:' || u.p, '-infinity', count(*), 0
  from app.campaigns c, lateral (select distinct x.p from unnest(c.platforms) x(p)) u
  where c.status = 'active' group by u.p
  union all
  select 'active_campaigns:' || c.content_type || ':' || u.p, '-infinity', count(*), 0
  from app.campaigns c, lateral (select distinct x.p from unnest(c.platforms) x(p)) u
  where c.status = 'active' group by c.content_type, u.p;
  insert into app.ledger_unbalanced (transaction_id, cents)
  select e.transaction_id, sum(e.amount_cents) from app.ledger_entries e group by e.transaction_id having sum(e.amount_cents) <> 0;
end;
$$;
grant execute on function app.stat_counters_rebuild() to service_role;

create or replace function app.stat_hour(t timestamp with time zone)
returns timestamp with time zone
language sql
immutable
set search_path = ''
as $$
  select date_trunc('hour', t at time zone 'UTC') at time zone 'UTC'
$$;
grant execute on function app.stat_hour(t timestamp with time zone) to authenticated;

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

create or replace function app.stat_row_keys(tbl text, r jsonb)
returns table(metric text, bucket timestamp with time zone, cents bigint)
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
  union all
  select 'active_campaigns:' || (r ->> 'content_type'), '-infinity', 0 where tbl = 'campaigns' and r ->> 'status' = 'active'
  union all
  select 'active_campaigns_on:' || p.p, '-infinity', 0
  from (select distinct x.p from jsonb_array_elements_text(case when tbl = 'campaigns' and r ->> 'status' = 'active'
    then r -> 'platforms' else '[]'::jsonb end) x(p)) p
  union all
  select 'active_campaigns:' || (r ->> 'content_type') || ':' || p.p, '-infinity', 0
  from (select distinct x.p from jsonb_array_elements_text(case when tbl = 'campaigns' and r ->> 'status' = 'active'
    then r -> 'platforms' else '[]'::jsonb end) x(p)) p
$$;

create or replace function app.stat_total(metric text, since timestamp with time zone default '-infinity'::timestamp with time zone)
returns table(n bigint, cents bigint)
language sql
stable
set search_path = ''
as $$
  select coalesce(sum(s.n), 0)::bigint, coalesce(sum(s.cents), 0)::bigint from app.stat_counters s
  where s.metric = stat_total.metric and s.bucket >= stat_total.since
$$;
grant execute on function app.stat_total(metric text, since timestamp with time zone) to authenticated;

create trigger applications_stat_counters after insert or delete on app.applications for each row execute function app.stat_count_row();

create trigger applications_stat_counters_update after update of status on app.applications for each row when (old.status is distinct from new.status) execute function app.stat_count_row();

create trigger campaigns_stat_counters after insert or delete on app.campaigns for each row execute function app.stat_count_row();

create trigger campaigns_stat_counters_update after update of status, created_at, content_type, platforms on app.campaigns for each row when (old.status is distinct from new.status or old.created_at is distinct from new.created_at or old.content_type is distinct from new.content_type or old.platforms is distinct from new.platforms) execute function app.stat_count_row();

create trigger deliverables_stat_counters after insert or delete on app.deliverables for each row execute function app.stat_count_row();

create trigger deliverables_stat_counters_update after update of status on app.deliverables for each row when (old.status is distinct from new.status) execute function app.stat_count_row();

create trigger ledger_entries_stat_counters after insert or delete on app.ledger_entries for each row execute function app.stat_count_ledger_entry();

create trigger ledger_entries_stat_counters_update after update of transaction_id, account, amount_cents on app.ledger_entries for each row when (old.transaction_id is distinct from new.transaction_id or old.account is distinct from new.account or old.amount_cents is distinct from new.amount_cents) execute function app.stat_count_ledger_entry();

create trigger ledger_transactions_stat_counters after update of kind, created_at on app.ledger_transactions for each row when (old.kind is distinct from new.kind or old.created_at is distinct from new.created_at) execute function app.stat_move_ledger_transaction();

create trigger payments_stat_counters after insert or delete on app.payments for each row execute function app.stat_count_row();

create trigger payments_stat_counters_update after update of status, amount_cents, payment_date, created_at on app.payments for each row when (old.status is distinct from new.status or old.amount_cents is distinct from new.amount_cents or old.payment_date is distinct from new.payment_date or old.created_at is distinct from new.created_at) execute function app.stat_count_row();

create trigger payouts_stat_counters after insert or delete on app.payouts for each row execute function app.stat_count_row();

create trigger payouts_stat_counters_update after update of status, amount_cents on app.payouts for each row when (old.status is distinct from new.status or old.amount_cents is distinct from new.amount_cents) execute function app.stat_count_row();

create trigger profiles_stat_counters after insert or delete on app.profiles for each row execute function app.stat_count_row();

create trigger profiles_stat_counters_update after update of role, created_at on app.profiles for each row when (old.role is distinct from new.role or old.created_at is distinct from new.created_at) execute function app.stat_count_row();
