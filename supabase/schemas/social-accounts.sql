-- Connected social accounts, verified reach and the daily refresh schedule (issue 35, decisions 0053 and 0054).
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create table app.social_accounts (
  id uuid default gen_random_uuid() not null,
  creator_id uuid not null,
  platform text not null,
  platform_user_id text not null,
  handle text not null,
  display_name text,
  profile_url text,
  followers bigint,
  followers_as_of timestamp with time zone,
  status text default 'connected'::text not null,
  connected_at timestamp with time zone default now() not null,
  last_refresh_at timestamp with time zone,
  last_refresh_error text,
  constraint social_accounts_pkey primary key (id),
  constraint social_accounts_creator_id_platform_key unique (creator_id, platform),
  constraint social_accounts_platform_platform_user_id_key unique (platform, platform_user_id),
  constraint social_accounts_creator_id_fkey foreign key (creator_id) references app.profiles(id) on delete cascade,
  constraint social_accounts_platform_check check (platform = any (array['instagram'::text, 'tiktok'::text, 'youtube'::text])),
  constraint social_accounts_status_check check (status = any (array['connected'::text, 'reconnect_needed'::text]))
);
alter table app.social_accounts enable row level security;
comment on table app.social_accounts is 'A creator''s connected Instagram, TikTok or YouTube account: what the platform verified (decision 0053). Read through api.social_accounts_of (public fields) and api.my_social_accounts (owner); written by the social-connect function only. Tokens are in app.social_tokens.';
comment on column app.social_accounts.platform_user_id is 'Instagram user_id, TikTok open_id, YouTube channel id.';
comment on column app.social_accounts.handle is 'The username without ''@'' (YouTube: the channel''s customUrl without ''@'', else its title).';
comment on column app.social_accounts.followers is 'Followers (YouTube subscribers) as the platform reported them; null when the platform hides the count (YouTube hiddenSubscriberCount).';
comment on column app.social_accounts.followers_as_of is 'When the platform reported followers.';
comment on column app.social_accounts.status is 'connected, or reconnect_needed once the platform refused to refresh the grant (revoked, expired): the creator must consent again.';

create table app.social_oauth_states (
  state_hash text not null,
  user_id uuid not null,
  platform text not null,
  code_verifier text,
  created_at timestamp with time zone default now() not null,
  expires_at timestamp with time zone default (now() + '00:10:00'::interval) not null,
  constraint social_oauth_states_pkey primary key (state_hash),
  constraint social_oauth_states_user_id_fkey foreign key (user_id) references app.profiles(id) on delete cascade,
  constraint social_oauth_states_platform_check check (platform = any (array['instagram'::text, 'tiktok'::text, 'youtube'::text]))
);
alter table app.social_oauth_states enable row level security;
comment on table app.social_oauth_states is 'A consent in progress: the sha-256 of the random state sent to the platform, bound to the creator, with the PKCE verifier (TikTok, YouTube); single use, 10 minutes (decision 0053).';

create table app.social_token_keys (
  id smallint default 1 not null,
  key text not null,
  created_at timestamp with time zone default now() not null,
  constraint social_token_keys_pkey primary key (id),
  constraint social_token_keys_id_check check (id = 1)
);
alter table app.social_token_keys enable row level security;
comment on table app.social_token_keys is 'The key platform tokens are encrypted with when the deploy sets no app.social_token_key: made at random on first use. No role but the owner reads it (decision 0053).';

create table app.social_tokens (
  account_id uuid not null,
  access_token_encrypted bytea not null,
  refresh_token_encrypted bytea,
  key_source text not null,
  access_expires_at timestamp with time zone,
  refresh_expires_at timestamp with time zone,
  scopes text[] default '{}'::text[] not null,
  updated_at timestamp with time zone default now() not null,
  constraint social_tokens_pkey primary key (account_id),
  constraint social_tokens_account_id_fkey foreign key (account_id) references app.social_accounts(id) on delete cascade,
  constraint social_tokens_key_source_check check (key_source = any (array['setting'::text, 'database'::text]))
);
alter table app.social_tokens enable row level security;
comment on table app.social_tokens is 'OAuth tokens of a connected account, encrypted with pgcrypto (app.social_token_key). No policy and no grant to anon or authenticated: only the service role reads them, through api.social_account_tokens (decision 0053).';

create or replace function app.social_platform_valid(platform text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if platform is null or platform not in ('instagram', 'tiktok', 'youtube') then
    perform app.fail('22023', 'Platform must be instagram, tiktok or youtube', 'platform_invalid');
  end if;
end;
$$;
grant execute on function app.social_platform_valid(platform text) to authenticated, service_role;

create or replace function app.social_token_key(source text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  k text;
begin
  if source = 'setting' then
    k := nullif(current_setting('app.social_token_key', true), '');
  else
    insert into app.social_token_keys (id, key) values (1, encode(extensions.gen_random_bytes(32), 'hex'))
    on conflict on constraint social_token_keys_pkey do nothing;
    select t.key into k from app.social_token_keys t where t.id = 1;
  end if;
  if k is null then
    perform app.fail('XX000', 'The key of the stored platform tokens is not configured', 'social_token_key_missing');
  end if;
  return k;
end;
$$;
