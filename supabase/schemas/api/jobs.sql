-- Scheduled jobs and rate limits on functions.
-- This file: the api functions and types (the Data API); the tables are in ../jobs.sql.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create or replace function api.function_rate_limit_take(action text)
returns integer
language sql
set search_path = ''
as $$
  select app.function_call_take(function_rate_limit_take.action)
$$;
grant execute on function api.function_rate_limit_take(action text) to authenticated;
