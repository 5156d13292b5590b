-- The schema guards (issue 12) on the connected accounts of 20250131000100: every security definer function
-- in api says why in its comment, and every foreign key column is indexed.
-- Why definer, for all of them: app.social_accounts, app.social_tokens and app.social_oauth_states grant
-- nothing to any API role (the tokens must never be readable by one), so these functions are the only way
-- in: the public and owner reads return chosen fields, and the rest are granted to service_role alone.
do $$
declare
  f record;
begin
  for f in
    select p.oid::regprocedure as sig, coalesce(obj_description(p.oid, 'pg_proc'), '') as reason
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'api' and p.prosecdef and p.proname in ('my_social_accounts', 'social_account_id',
      'social_account_refresh_failed', 'social_account_refreshed', 'social_account_remove', 'social_account_save',
      'social_account_store_tokens', 'social_account_tokens', 'social_accounts_of', 'social_oauth_begin', 'social_oauth_take')
  loop
    execute format('comment on function %s is %L', f.sig,
      'Security definer: the connected-account tables grant nothing to API roles (tokens are never readable by one); '
      || 'this function is the only way in. ' || f.reason);
  end loop;
end;
$$;

create index social_oauth_states_user_id_idx on app.social_oauth_states (user_id);
