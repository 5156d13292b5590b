-- Money that reaches creators (issue 16), part 5: what runs on a schedule, in one place. On hosted
-- Supabase, pg_cron runs these rows (SQL directly; edge functions through pg_net with the service role
-- key from Vault, Supabase's documented pattern); where pg_cron is not available (local/ on PGlite or a
-- plain Postgres), local/scheduler reads the same rows and runs them. Each job is safe to run twice at
-- once: auto-approval skips rows another run holds, and each release and payout happens once.

create table app.scheduled_jobs (
  name text primary key,
  -- Cron syntax, UTC: minute hour day-of-month month day-of-week.
  schedule text not null,
  sql_command text,
  -- An edge function path, POSTed with the service role key (e.g. 'payouts/run').
  function_path text,
  constraint scheduled_jobs_one_action check ((sql_command is null) <> (function_path is null))
);
comment on table app.scheduled_jobs is 'The schedule: pg_cron on hosted Supabase, local/scheduler elsewhere.';
alter table app.scheduled_jobs enable row level security;
revoke all on app.scheduled_jobs from public, anon, authenticated;
grant select on app.scheduled_jobs to service_role;

/**
 * The time a scheduled job acts at: now(), unless the runner set `app.scheduler_clock` for this
 * transaction (local/ does, for tests that move the clock forward).
 */
create or replace function app.scheduler_now()
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select coalesce(nullif(current_setting('app.scheduler_clock', true), '')::timestamptz, now())
$$;
grant execute on function app.scheduler_now() to service_role;

insert into app.scheduled_jobs (name, schedule, sql_command, function_path) values
  ('auto-approve-due-content', '*/5 * * * *', 'select app.auto_approve_due(app.scheduler_now())', null),
  ('pay-out-available-balances', '7 * * * *', null, 'payouts/run');

do $$
declare
  j record;
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron')
     or not exists (select 1 from pg_available_extensions where name = 'pg_net') then
    raise notice 'pg_cron or pg_net is not available here: app.scheduled_jobs is run by local/scheduler';
    return;
  end if;
  create extension if not exists pg_cron;
  create extension if not exists pg_net with schema extensions;
  for j in select * from app.scheduled_jobs loop
    perform cron.schedule(j.name, j.schedule, coalesce(j.sql_command, format(
      $cmd$select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/%s',
        headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization',
          'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),
        body := '{}'::jsonb)$cmd$, j.function_path)));
  end loop;
end;
$$;
