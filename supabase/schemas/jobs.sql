-- Scheduled jobs and rate limits on functions.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create table app.function_calls (
  user_id uuid not null,
  action text not null,
  window_started_at timestamp with time zone not null,
  calls integer not null,
  constraint function_calls_pkey primary key (user_id, action),
  constraint function_calls_user_id_fkey foreign key (user_id) references app.profiles(id) on delete cascade
);
alter table app.function_calls enable row level security;
comment on table app.function_calls is 'Calls per user and rate-limited action in the window that started at window_started_at (decision 0030).';
grant all on app.function_calls to service_role;

create table app.function_rate_limits (
  action text not null,
  max_calls integer not null,
  window_seconds integer not null,
  constraint function_rate_limits_pkey primary key (action),
  constraint function_rate_limits_max_calls_valid check (max_calls >= 1 and max_calls <= 10000),
  constraint function_rate_limits_window_valid check (window_seconds >= 1 and window_seconds <= 86400)
);
alter table app.function_rate_limits enable row level security;
comment on table app.function_rate_limits is 'Per-user limit of each edge function route that calls Stripe (decision 0030). Read only by app.function_call_take.';
grant all on app.function_rate_limits to service_role;

create table app.scheduled_jobs (
  name text not null,
  schedule text not null,
  sql_command text,
  function_path text,
  constraint scheduled_jobs_pkey primary key (name),
  constraint scheduled_jobs_one_action check ((sql_command is null) <> (function_path is null))
);
alter table app.scheduled_jobs enable row level security;
comment on table app.scheduled_jobs is 'The schedule: pg_cron on hosted Supabase, local/scheduler elsewhere.';
grant select on app.scheduled_jobs to service_role;

create or replace function app.function_call_take(action text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  rule app.function_rate_limits;
  counted app.function_calls;
  now_at timestamptz := clock_timestamp();
begin
  if uid is null then
    perform app.fail('42501', 'Not signed in', 'not_signed_in');
  end if;
  select * into rule from app.function_rate_limits r where r.action = function_call_take.action;
  if not found then
    perform app.fail('22023', 'Unknown rate-limited action', 'action_unknown');
  end if;
  insert into app.function_calls as c (user_id, action, window_started_at, calls)
  values (uid, rule.action, now_at, 1)
  on conflict on constraint function_calls_pkey do update set
    window_started_at = case when c.window_started_at + make_interval(secs => rule.window_seconds) <= now_at
      then now_at else c.window_started_at end,
    calls = case when c.window_started_at + make_interval(secs => rule.window_seconds) <= now_at
      then 1 else least(c.calls + 1, rule.max_calls + 1) end
  returning * into counted;
  if counted.calls <= rule.max_calls then
    return 0;
  end if;
  return greatest(1, ceil(extract(epoch from counted.window_started_at + make_interval(secs => rule.window_seconds) - now_at)))::integer;
end;
$$;
comment on function app.function_call_take(action text) is 'Security definer: writes the caller''s own count in app.function_calls, which no API role may write (a user could reset it). Counts only auth.uid().';
grant execute on function app.function_call_take(action text) to authenticated;

create or replace function app.scheduler_now()
returns timestamp with time zone
language sql
stable
set search_path = ''
as $$
  select coalesce(nullif(current_setting('app.scheduler_clock', true), '')::timestamptz, now())
$$;
grant execute on function app.scheduler_now() to service_role;
