-- Connected social accounts, verified reach and the daily refresh schedule (issue 35, decisions 0053 and 0054).
-- This file: the api functions and types (the Data API); the tables are in ../social-accounts.sql.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create or replace function api.my_social_accounts()
returns table (
  id uuid,
  platform text,
  handle text,
  display_name text,
  profile_url text,
  followers bigint,
  followers_as_of timestamp with time zone,
  status text,
  connected_at timestamp with time zone,
  last_refresh_at timestamp with time zone,
  last_refresh_error text
)
language sql
stable
security definer
set search_path = ''
as $$
  select s.id, s.platform, s.handle, s.display_name, s.profile_url, s.followers, s.followers_as_of, s.status,
    s.connected_at, s.last_refresh_at, s.last_refresh_error
  from app.social_accounts s
  where s.creator_id = (select auth.uid())
  order by array_position(array['instagram', 'tiktok', 'youtube'], s.platform)
$$;
comment on function api.my_social_accounts() is 'Security definer: the connected-account tables grant nothing to API roles (tokens are never readable by one); this function is the only way in. The signed-in user''s connected accounts with their refresh state (decision 0053).';
grant execute on function api.my_social_accounts() to authenticated, service_role;

create or replace function api.social_account_id(creator_id uuid, platform text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select s.id from app.social_accounts s
  where s.creator_id = social_account_id.creator_id and s.platform = social_account_id.platform
$$;
comment on function api.social_account_id(creator_id uuid, platform text) is 'Security definer: the connected-account tables grant nothing to API roles (tokens are never readable by one); this function is the only way in. ';
grant execute on function api.social_account_id(creator_id uuid, platform text) to service_role;

create or replace function api.social_account_refresh_failed(account_id uuid, reconnect boolean, error text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  acc app.social_accounts;
begin
  select * into acc from app.social_accounts s where s.id = social_account_refresh_failed.account_id for update;
  if not found then
    return;
  end if;
  update app.social_accounts s set
    status = case when social_account_refresh_failed.reconnect then 'reconnect_needed' else s.status end,
    last_refresh_at = now(), last_refresh_error = left(social_account_refresh_failed.error, 500)
  where s.id = acc.id;
  if social_account_refresh_failed.reconnect and acc.status = 'connected' then
    perform app.notify(acc.creator_id, 'social_reconnect_needed', null, null,
      jsonb_build_object('account_id', acc.id, 'platform', acc.platform, 'handle', acc.handle));
  end if;
end;
$$;
comment on function api.social_account_refresh_failed(account_id uuid, reconnect boolean, error text) is 'Security definer: the connected-account tables grant nothing to API roles (tokens are never readable by one); this function is the only way in. The refresh job reports a failed refresh: reconnect marks the account reconnect_needed and tells its creator once (social_reconnect_needed), else the passing error is kept. Service role only.';
grant execute on function api.social_account_refresh_failed(account_id uuid, reconnect boolean, error text) to service_role;

create or replace function api.social_account_refresh_later(account_id uuid, retry_after_seconds integer)
returns void
language sql
security definer
set search_path = ''
as $$
  update app.social_refresh_schedule sch
  set due_at = least(sch.due_at, now() + make_interval(secs => least(greatest(coalesce(social_account_refresh_later.retry_after_seconds, 0), 60), 43200)))
  where sch.account_id = social_account_refresh_later.account_id
$$;
comment on function api.social_account_refresh_later(account_id uuid, retry_after_seconds integer) is 'Refresh job: a throttled account comes back after Retry-After (1 min..12 h) instead of its next daily slot. Security definer: app.social_refresh_schedule is written through definer functions only (decision 0054). Service role only.';
grant execute on function api.social_account_refresh_later(account_id uuid, retry_after_seconds integer) to service_role;

create or replace function api.social_account_refreshed(
  account_id uuid,
  handle text,
  display_name text,
  profile_url text,
  followers bigint,
  followers_as_of timestamp with time zone
)
returns void
language sql
security definer
set search_path = ''
as $$
  update app.social_accounts s set
    handle = coalesce(ltrim(social_account_refreshed.handle, '@'), s.handle),
    display_name = coalesce(social_account_refreshed.display_name, s.display_name),
    profile_url = coalesce(social_account_refreshed.profile_url, s.profile_url),
    followers = social_account_refreshed.followers,
    followers_as_of = social_account_refreshed.followers_as_of,
    status = 'connected', last_refresh_at = now(), last_refresh_error = null
  where s.id = social_account_refreshed.account_id
$$;
comment on function api.social_account_refreshed(account_id uuid, handle text, display_name text, profile_url text, followers bigint, followers_as_of timestamp with time zone) is 'Security definer: the connected-account tables grant nothing to API roles (tokens are never readable by one); this function is the only way in. ';
grant execute on function api.social_account_refreshed(account_id uuid, handle text, display_name text, profile_url text, followers bigint, followers_as_of timestamp with time zone) to service_role;

create or replace function api.social_account_remove(account_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  delete from app.social_accounts s where s.id = social_account_remove.account_id
$$;
comment on function api.social_account_remove(account_id uuid) is 'Security definer: the connected-account tables grant nothing to API roles (tokens are never readable by one); this function is the only way in. ';
grant execute on function api.social_account_remove(account_id uuid) to service_role;

create or replace function api.social_account_save(
  creator_id uuid,
  platform text,
  platform_user_id text,
  handle text,
  display_name text,
  profile_url text,
  followers bigint,
  followers_as_of timestamp with time zone,
  access_token text,
  refresh_token text,
  access_expires_at timestamp with time zone,
  refresh_expires_at timestamp with time zone,
  scopes text[]
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  account_id uuid;
  ks text := case when nullif(current_setting('app.social_token_key', true), '') is null then 'database' else 'setting' end;
begin
  perform app.social_platform_valid(social_account_save.platform);
  if app.role_of(social_account_save.creator_id) is distinct from 'creator' then
    perform app.fail('42501', 'Only creators connect social accounts', 'not_creator');
  end if;
  if coalesce(trim(social_account_save.platform_user_id), '') = '' or coalesce(trim(social_account_save.handle), '') = ''
    or coalesce(social_account_save.access_token, '') = '' then
    perform app.fail('22023', 'The platform returned no account id, handle or token', 'platform_profile_incomplete');
  end if;
  if exists (select 1 from app.social_accounts s where s.platform = social_account_save.platform
      and s.platform_user_id = social_account_save.platform_user_id and s.creator_id <> social_account_save.creator_id) then
    perform app.fail('23505', 'This account is already connected by another creator', 'social_account_taken');
  end if;
  insert into app.social_accounts as s (creator_id, platform, platform_user_id, handle, display_name, profile_url, followers, followers_as_of)
  values (social_account_save.creator_id, social_account_save.platform, social_account_save.platform_user_id,
    ltrim(social_account_save.handle, '@'), social_account_save.display_name, social_account_save.profile_url,
    social_account_save.followers, social_account_save.followers_as_of)
  on conflict on constraint social_accounts_creator_id_platform_key do update set
    platform_user_id = excluded.platform_user_id, handle = excluded.handle, display_name = excluded.display_name,
    profile_url = excluded.profile_url, followers = excluded.followers, followers_as_of = excluded.followers_as_of,
    status = 'connected', connected_at = now(), last_refresh_at = null, last_refresh_error = null
  returning s.id into account_id;
  insert into app.social_tokens as t (account_id, access_token_encrypted, refresh_token_encrypted, key_source,
    access_expires_at, refresh_expires_at, scopes)
  values (account_id,
    extensions.pgp_sym_encrypt(social_account_save.access_token, app.social_token_key(ks)),
    case when social_account_save.refresh_token is null then null
      else extensions.pgp_sym_encrypt(social_account_save.refresh_token, app.social_token_key(ks)) end,
    ks, social_account_save.access_expires_at, social_account_save.refresh_expires_at, coalesce(social_account_save.scopes, '{}'))
  on conflict on constraint social_tokens_pkey do update set
    access_token_encrypted = excluded.access_token_encrypted, refresh_token_encrypted = excluded.refresh_token_encrypted,
    key_source = excluded.key_source, access_expires_at = excluded.access_expires_at,
    refresh_expires_at = excluded.refresh_expires_at, scopes = excluded.scopes, updated_at = now();
  return account_id;
end;
$$;
comment on function api.social_account_save(creator_id uuid, platform text, platform_user_id text, handle text, display_name text, profile_url text, followers bigint, followers_as_of timestamp with time zone, access_token text, refresh_token text, access_expires_at timestamp with time zone, refresh_expires_at timestamp with time zone, scopes text[]) is 'Security definer: the connected-account tables grant nothing to API roles (tokens are never readable by one); this function is the only way in. social-connect callback: upserts the creator''s account for the platform and stores its tokens encrypted; refused when another creator already connected the same platform account. Service role only.';
grant execute on function api.social_account_save(creator_id uuid, platform text, platform_user_id text, handle text, display_name text, profile_url text, followers bigint, followers_as_of timestamp with time zone, access_token text, refresh_token text, access_expires_at timestamp with time zone, refresh_expires_at timestamp with time zone, scopes text[]) to service_role;

create or replace function api.social_account_store_tokens(
  account_id uuid,
  access_token text,
  refresh_token text,
  access_expires_at timestamp with time zone,
  refresh_expires_at timestamp with time zone
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  ks text := case when nullif(current_setting('app.social_token_key', true), '') is null then 'database' else 'setting' end;
  old app.social_tokens;
begin
  select * into old from app.social_tokens t where t.account_id = social_account_store_tokens.account_id for update;
  if not found then
    perform app.fail('P0002', 'No such connected account', 'social_account_not_found');
  end if;
  update app.social_tokens t set
    access_token_encrypted = extensions.pgp_sym_encrypt(social_account_store_tokens.access_token, app.social_token_key(ks)),
    refresh_token_encrypted = extensions.pgp_sym_encrypt(coalesce(social_account_store_tokens.refresh_token,
      extensions.pgp_sym_decrypt(old.refresh_token_encrypted, app.social_token_key(old.key_source))), app.social_token_key(ks)),
    key_source = ks,
    access_expires_at = social_account_store_tokens.access_expires_at,
    refresh_expires_at = coalesce(social_account_store_tokens.refresh_expires_at, old.refresh_expires_at),
    updated_at = now()
  where t.account_id = social_account_store_tokens.account_id;
end;
$$;
comment on function api.social_account_store_tokens(account_id uuid, access_token text, refresh_token text, access_expires_at timestamp with time zone, refresh_expires_at timestamp with time zone) is 'Security definer: the connected-account tables grant nothing to API roles (tokens are never readable by one); this function is the only way in. ';
grant execute on function api.social_account_store_tokens(account_id uuid, access_token text, refresh_token text, access_expires_at timestamp with time zone, refresh_expires_at timestamp with time zone) to service_role;

create or replace function api.social_account_tokens(account_id uuid)
returns table (
  account_id uuid,
  creator_id uuid,
  platform text,
  platform_user_id text,
  handle text,
  status text,
  access_token text,
  refresh_token text,
  access_expires_at timestamp with time zone,
  refresh_expires_at timestamp with time zone,
  scopes text[]
)
language sql
security definer
set search_path = ''
as $$
  select s.id, s.creator_id, s.platform, s.platform_user_id, s.handle, s.status,
    extensions.pgp_sym_decrypt(t.access_token_encrypted, app.social_token_key(t.key_source)),
    case when t.refresh_token_encrypted is null then null
      else extensions.pgp_sym_decrypt(t.refresh_token_encrypted, app.social_token_key(t.key_source)) end,
    t.access_expires_at, t.refresh_expires_at, t.scopes
  from app.social_accounts s
  join app.social_tokens t on t.account_id = s.id
  where s.id = social_account_tokens.account_id
$$;
comment on function api.social_account_tokens(account_id uuid) is 'Security definer: the connected-account tables grant nothing to API roles (tokens are never readable by one); this function is the only way in. An account''s tokens in clear, for the functions calling the platform. Service role only.';
grant execute on function api.social_account_tokens(account_id uuid) to service_role;

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

create or replace function api.social_accounts_of(creator_id uuid)
returns table (
  platform text,
  handle text,
  display_name text,
  profile_url text,
  followers bigint,
  followers_as_of timestamp with time zone,
  status text
)
language sql
stable
security definer
set search_path = ''
as $$
  select s.platform, s.handle, s.display_name, s.profile_url, s.followers, s.followers_as_of, s.status
  from app.social_accounts s
  where s.creator_id = social_accounts_of.creator_id
  order by array_position(array['instagram', 'tiktok', 'youtube'], s.platform)
$$;
comment on function api.social_accounts_of(creator_id uuid) is 'Security definer: the connected-account tables grant nothing to API roles (tokens are never readable by one); this function is the only way in. A creator''s connected accounts, public fields only (decision 0053). Anyone may read them, like the profile.';
grant execute on function api.social_accounts_of(creator_id uuid) to anon, authenticated, service_role;

create or replace function api.social_oauth_begin(user_id uuid, platform text, state_hash text, code_verifier text default null::text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app.social_platform_valid(social_oauth_begin.platform);
  if app.role_of(social_oauth_begin.user_id) is distinct from 'creator' then
    perform app.fail('42501', 'Only creators connect social accounts', 'not_creator');
  end if;
  if social_oauth_begin.state_hash is null or social_oauth_begin.state_hash !~ '^[0-9a-f]{64}$' then
    perform app.fail('22023', 'The state must be a sha-256 in hex', 'state_invalid');
  end if;
  delete from app.social_oauth_states s where s.expires_at < now();
  insert into app.social_oauth_states (state_hash, user_id, platform, code_verifier)
  values (social_oauth_begin.state_hash, social_oauth_begin.user_id, social_oauth_begin.platform, social_oauth_begin.code_verifier);
end;
$$;
comment on function api.social_oauth_begin(user_id uuid, platform text, state_hash text, code_verifier text) is 'Security definer: the connected-account tables grant nothing to API roles (tokens are never readable by one); this function is the only way in. social-connect: records a consent in progress (single use, 10 minutes). Service role only.';
grant execute on function api.social_oauth_begin(user_id uuid, platform text, state_hash text, code_verifier text) to service_role;

create or replace function api.social_oauth_take(state_hash text)
returns table(user_id uuid, platform text, code_verifier text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  s app.social_oauth_states;
begin
  delete from app.social_oauth_states x where x.state_hash = social_oauth_take.state_hash returning * into s;
  if not found then
    perform app.fail('22023', 'Unknown or already used consent state', 'state_unknown');
  end if;
  if s.expires_at < now() then
    perform app.fail('22023', 'The consent took longer than 10 minutes', 'state_expired');
  end if;
  return query select s.user_id, s.platform, s.code_verifier;
end;
$$;
comment on function api.social_oauth_take(state_hash text) is 'Security definer: the connected-account tables grant nothing to API roles (tokens are never readable by one); this function is the only way in. social-connect callback: takes a consent state once (deleted), refused when unknown, used or older than 10 minutes. Service role only.';
grant execute on function api.social_oauth_take(state_hash text) to service_role;
