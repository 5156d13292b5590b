-- Connected social accounts, verified reach and the daily refresh schedule (issue 35, decisions 0053 and 0054).
-- This file: the api functions and types (the Data API); the tables are in ../social-accounts.sql.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create or replace function api.social_accounts_due_for_refresh(batch integer default 500, only_platform text default null::text)
returns table (
  id uuid,
  creator_id uuid,
  platform text,
  platform_user_id text,
  handle text,
  due_at timestamp with time zone
)
language sql
set search_path = ''
as $$
  select * from app.pick_social_accounts_due(social_accounts_due_for_refresh.batch, social_accounts_due_for_refresh.only_platform, now())
$$;
comment on function api.social_accounts_due_for_refresh(batch integer, only_platform text) is 'Refresh job: claims up to batch connected accounts whose daily slot has come (oldest due first; optionally one platform). Each is not picked again for at least 12 hours and, in the steady state, exactly once a day (decision 0054). Service role only.';
grant execute on function api.social_accounts_due_for_refresh(batch integer, only_platform text) to service_role;
