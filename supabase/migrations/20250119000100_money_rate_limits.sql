-- Per-user limits on the edge functions that call Stripe (issue 29 item 5, decision 0030). The functions
-- run on hosted Supabase as separate isolates, so the count lives here: one row per user and action, a
-- fixed window that starts with the first call, and the seconds left in it when a call is over the limit.

/** How many calls a user may make of each Stripe-calling function route in one window. */
create table app.function_rate_limits (
  action text primary key,
  max_calls integer not null,
  window_seconds integer not null,
  constraint function_rate_limits_max_calls_valid check (max_calls between 1 and 10000),
  constraint function_rate_limits_window_valid check (window_seconds between 1 and 86400)
);
comment on table app.function_rate_limits is
  'Per-user limit of each edge function route that calls Stripe (decision 0030). Read only by app.function_call_take.';
alter table app.function_rate_limits enable row level security;
grant all on app.function_rate_limits to service_role;

-- Far above what a person does by clicking, far below a script's burst. Setting up payouts, checking the
-- account and withdrawing take a person a minute or more each: 10 a minute. A brand may pay or fund a list
-- of deliverables one after another (each a Stripe page): 20 a minute. The status check is read on each
-- visit of the payment result page and retried by the browser on failure: 60 a minute.
-- /api/check-payment-status is the same check and shares 'payments/status'.
insert into app.function_rate_limits (action, max_calls, window_seconds) values
  ('payouts/onboarding', 10, 60),
  ('payouts/sync', 10, 60),
  ('payouts/request', 10, 60),
  ('payouts/reconcile', 10, 60),
  ('payments/create', 20, 60),
  ('payments/fund', 20, 60),
  ('payments/cancel-hire', 20, 60),
  ('payments/resolve-dispute', 20, 60),
  ('payments/status', 60, 60);

/** Each user's calls of each action in the current window. */
create table app.function_calls (
  user_id uuid not null references app.profiles (id) on delete cascade,
  -- No foreign key: only app.function_call_take writes here, with an action it read from the limits.
  action text not null,
  window_started_at timestamptz not null,
  calls integer not null,
  primary key (user_id, action)
);
comment on table app.function_calls is
  'Calls per user and rate-limited action in the window that started at window_started_at (decision 0030).';
alter table app.function_calls enable row level security;
grant all on app.function_calls to service_role;

/**
 * Counts one call of `action` by the signed-in user and answers 0 when it may go ahead, else the seconds
 * until the window ends (at least 1). The insert ... on conflict takes the row's lock, so concurrent
 * calls are counted one after the other and exactly max_calls of a burst go ahead. A call over the limit
 * does not extend the window; the count stops at max_calls + 1.
 */
create or replace function app.function_call_take(action text)
returns integer
language plpgsql
volatile
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
comment on function app.function_call_take(text) is
  'Security definer: writes the caller''s own count in app.function_calls, which no API role may write (a user could reset it). Counts only auth.uid().';
revoke execute on function app.function_call_take(text) from public, anon;
grant execute on function app.function_call_take(text) to authenticated;

/**
 * Called by the edge functions with the user's own token before they ask Stripe: 0 to go ahead, else the
 * seconds to wait (the function answers 429 with Retry-After). A user can only spend their own calls.
 */
create or replace function api.function_rate_limit_take(action text)
returns integer
language sql
volatile
set search_path = ''
as $$
  select app.function_call_take(function_rate_limit_take.action)
$$;
revoke execute on function api.function_rate_limit_take(text) from public, anon;
grant execute on function api.function_rate_limit_take(text) to authenticated;
