-- Schema auth as hosted Auth (GoTrue) leaves it after running its own migrations (read from
-- supabase/auth at commit bc32168e13fdc928c98b449fc76bc3fdb9a293c5): its enums, its 23 tables with
-- GoTrue's column types, defaults, constraint and index names, row level security where GoTrue turns it
-- on, and the auth.uid/role/email/jwt helpers. Stated as the resulting shape, not as GoTrue's history.
--
-- Runs on every start, before the project's migrations, as supabase_auth_admin (as GoTrue runs its
-- migrations on a hosted project) or as a superuser: nothing here needs more than owning schema auth's
-- objects. Idempotent, and it brings a database made by the earlier three-table version of this file
-- up to this shape (see "Upgrades" below).

do $$
begin
  if to_regtype('auth.aal_level') is null then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
  if to_regtype('auth.code_challenge_method') is null then
    create type auth.code_challenge_method as enum ('s256', 'plain');
  end if;
  if to_regtype('auth.factor_status') is null then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
  if to_regtype('auth.factor_type') is null then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if to_regtype('auth.one_time_token_type') is null then
    create type auth.one_time_token_type as enum (
      'confirmation_token', 'reauthentication_token', 'recovery_token', 'email_change_token_new',
      'email_change_token_current', 'phone_change_token'
    );
  end if;
  if to_regtype('auth.oauth_registration_type') is null then
    create type auth.oauth_registration_type as enum ('dynamic', 'manual');
  end if;
  if to_regtype('auth.oauth_authorization_status') is null then
    create type auth.oauth_authorization_status as enum ('pending', 'approved', 'denied', 'expired');
  end if;
  if to_regtype('auth.oauth_response_type') is null then
    create type auth.oauth_response_type as enum ('code');
  end if;
  if to_regtype('auth.oauth_client_type') is null then
    create type auth.oauth_client_type as enum ('public', 'confidential');
  end if;
end
$$;

-- Users and what hangs off them. GoTrue keeps instance_id (always the zero uuid) and several
-- varchar(255) columns from its Netlify origins; the defaults of phone and phone_change keep the
-- varchar casts they had before those columns became text.
create table if not exists auth.users (
  instance_id uuid,
  id uuid not null,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text default null::varchar,
  phone_confirmed_at timestamptz,
  phone_change text default ''::varchar,
  phone_change_token varchar(255) default ''::varchar,
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default ''::varchar,
  email_change_confirm_status smallint default 0,
  banned_until timestamptz,
  reauthentication_token varchar(255) default ''::varchar,
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false,
  constraint users_pkey primary key (id),
  constraint users_phone_key unique (phone),
  constraint users_email_change_confirm_status_check
    check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2)
);

create table if not exists auth.instances (
  id uuid not null,
  uuid uuid,
  raw_base_config text,
  created_at timestamptz,
  updated_at timestamptz,
  constraint instances_pkey primary key (id)
);

create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid not null,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default ''::varchar,
  constraint audit_log_entries_pkey primary key (id)
);

create table if not exists auth.schema_migrations (
  version varchar(255) not null,
  constraint schema_migrations_pkey primary key (version)
);

-- One row per way of signing in. For email and phone users provider_id is the user id as text;
-- email is derived from identity_data so lookups by address need no JSON path.
create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid(),
  constraint identities_pkey primary key (id),
  constraint identities_provider_id_provider_unique unique (provider_id, provider),
  constraint identities_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade
);

-- Before sessions: a session may belong to an OAuth client of the project's own OAuth server.
create table if not exists auth.oauth_clients (
  id uuid not null,
  client_secret_hash text,
  registration_type auth.oauth_registration_type not null,
  redirect_uris text not null,
  grant_types text not null,
  client_name text,
  client_uri text,
  logo_uri text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  client_type auth.oauth_client_type not null default 'confidential',
  token_endpoint_auth_method text not null,
  constraint oauth_clients_pkey primary key (id),
  constraint oauth_clients_client_name_length check (char_length(client_name) <= 1024),
  constraint oauth_clients_client_uri_length check (char_length(client_uri) <= 2048),
  constraint oauth_clients_logo_uri_length check (char_length(logo_uri) <= 2048),
  constraint oauth_clients_token_endpoint_auth_method_check
    check (token_endpoint_auth_method in ('client_secret_basic', 'client_secret_post', 'none'))
);

-- refreshed_at is a timestamp without time zone in GoTrue (it writes UTC there).
create table if not exists auth.sessions (
  id uuid not null,
  user_id uuid not null,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text,
  oauth_client_id uuid,
  refresh_token_hmac_key text,
  refresh_token_counter bigint,
  scopes text,
  constraint sessions_pkey primary key (id),
  constraint sessions_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade,
  constraint sessions_oauth_client_id_fkey foreign key (oauth_client_id) references auth.oauth_clients (id) on delete cascade,
  constraint sessions_scopes_length check (char_length(scopes) <= 4096)
);

-- user_id is varchar and parent has no foreign key: both as GoTrue left them.
create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial not null,
  token varchar(255),
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid,
  constraint refresh_tokens_pkey primary key (id),
  constraint refresh_tokens_token_unique unique (token),
  constraint refresh_tokens_session_id_fkey foreign key (session_id) references auth.sessions (id) on delete cascade
);

create table if not exists auth.mfa_factors (
  id uuid not null,
  user_id uuid not null,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz,
  web_authn_credential jsonb,
  web_authn_aaguid uuid,
  last_webauthn_challenge_data jsonb,
  constraint mfa_factors_pkey primary key (id),
  constraint mfa_factors_last_challenged_at_key unique (last_challenged_at),
  constraint mfa_factors_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade
);

create table if not exists auth.mfa_challenges (
  id uuid not null,
  factor_id uuid not null,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb,
  constraint mfa_challenges_pkey primary key (id),
  constraint mfa_challenges_auth_factor_id_fkey foreign key (factor_id) references auth.mfa_factors (id) on delete cascade
);

-- The (session, method) pair is unique under a name ending in _pkey; the primary key is amr_id_pk.
create table if not exists auth.mfa_amr_claims (
  session_id uuid not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null,
  constraint amr_id_pk primary key (id),
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method),
  constraint mfa_amr_claims_session_id_fkey foreign key (session_id) references auth.sessions (id) on delete cascade
);

-- The odd "x = null" checks are GoTrue's: they never hold, so only the length test counts.
create table if not exists auth.sso_providers (
  id uuid not null,
  resource_id text,
  created_at timestamptz,
  updated_at timestamptz,
  disabled boolean,
  constraint sso_providers_pkey primary key (id),
  constraint "resource_id not empty" check (resource_id = null or char_length(resource_id) > 0)
);

create table if not exists auth.sso_domains (
  id uuid not null,
  sso_provider_id uuid not null,
  domain text not null,
  created_at timestamptz,
  updated_at timestamptz,
  constraint sso_domains_pkey primary key (id),
  constraint "domain not empty" check (char_length(domain) > 0),
  constraint sso_domains_sso_provider_id_fkey foreign key (sso_provider_id) references auth.sso_providers (id) on delete cascade
);

create table if not exists auth.saml_providers (
  id uuid not null,
  sso_provider_id uuid not null,
  entity_id text not null,
  metadata_xml text not null,
  metadata_url text,
  attribute_mapping jsonb,
  created_at timestamptz,
  updated_at timestamptz,
  name_id_format text,
  constraint saml_providers_pkey primary key (id),
  constraint saml_providers_entity_id_key unique (entity_id),
  constraint "entity_id not empty" check (char_length(entity_id) > 0),
  constraint "metadata_url not empty" check (metadata_url = null or char_length(metadata_url) > 0),
  constraint "metadata_xml not empty" check (char_length(metadata_xml) > 0),
  constraint saml_providers_sso_provider_id_fkey foreign key (sso_provider_id) references auth.sso_providers (id) on delete cascade
);

create table if not exists auth.flow_state (
  id uuid not null,
  user_id uuid,
  auth_code text,
  code_challenge_method auth.code_challenge_method,
  code_challenge text,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz,
  invite_token text,
  referrer text,
  oauth_client_state_id uuid,
  linking_target_id uuid,
  email_optional boolean not null default false,
  constraint flow_state_pkey primary key (id)
);

create table if not exists auth.saml_relay_states (
  id uuid not null,
  sso_provider_id uuid not null,
  request_id text not null,
  for_email text,
  redirect_to text,
  created_at timestamptz,
  updated_at timestamptz,
  flow_state_id uuid,
  constraint saml_relay_states_pkey primary key (id),
  constraint "request_id not empty" check (char_length(request_id) > 0),
  constraint saml_relay_states_sso_provider_id_fkey foreign key (sso_provider_id) references auth.sso_providers (id) on delete cascade,
  constraint saml_relay_states_flow_state_id_fkey foreign key (flow_state_id) references auth.flow_state (id) on delete cascade
);

-- Timestamps without time zone here, as in GoTrue.
create table if not exists auth.one_time_tokens (
  id uuid not null,
  user_id uuid not null,
  token_type auth.one_time_token_type not null,
  token_hash text not null,
  relates_to text not null,
  created_at timestamp not null default now(),
  updated_at timestamp not null default now(),
  constraint one_time_tokens_pkey primary key (id),
  constraint one_time_tokens_token_hash_check check (char_length(token_hash) > 0),
  constraint one_time_tokens_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade
);

create table if not exists auth.oauth_authorizations (
  id uuid not null,
  authorization_id text not null,
  client_id uuid not null,
  user_id uuid,
  redirect_uri text not null,
  scope text not null,
  state text,
  resource text,
  code_challenge text,
  code_challenge_method auth.code_challenge_method,
  response_type auth.oauth_response_type not null default 'code',
  status auth.oauth_authorization_status not null default 'pending',
  authorization_code text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default (now() + interval '3 minutes'),
  approved_at timestamptz,
  nonce text,
  constraint oauth_authorizations_pkey primary key (id),
  constraint oauth_authorizations_authorization_id_key unique (authorization_id),
  constraint oauth_authorizations_authorization_code_key unique (authorization_code),
  constraint oauth_authorizations_authorization_code_length check (char_length(authorization_code) <= 255),
  constraint oauth_authorizations_code_challenge_length check (char_length(code_challenge) <= 128),
  constraint oauth_authorizations_expires_at_future check (expires_at > created_at),
  constraint oauth_authorizations_nonce_length check (char_length(nonce) <= 255),
  constraint oauth_authorizations_redirect_uri_length check (char_length(redirect_uri) <= 2048),
  constraint oauth_authorizations_resource_length check (char_length(resource) <= 2048),
  constraint oauth_authorizations_scope_length check (char_length(scope) <= 4096),
  constraint oauth_authorizations_state_length check (char_length(state) <= 4096),
  constraint oauth_authorizations_client_id_fkey foreign key (client_id) references auth.oauth_clients (id) on delete cascade,
  constraint oauth_authorizations_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade
);

create table if not exists auth.oauth_consents (
  id uuid not null,
  user_id uuid not null,
  client_id uuid not null,
  scopes text not null,
  granted_at timestamptz not null default now(),
  revoked_at timestamptz,
  constraint oauth_consents_pkey primary key (id),
  constraint oauth_consents_user_client_unique unique (user_id, client_id),
  constraint oauth_consents_revoked_after_granted check (revoked_at is null or revoked_at >= granted_at),
  constraint oauth_consents_scopes_length check (char_length(scopes) <= 2048),
  constraint oauth_consents_scopes_not_empty check (char_length(trim(scopes)) > 0),
  constraint oauth_consents_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade,
  constraint oauth_consents_client_id_fkey foreign key (client_id) references auth.oauth_clients (id) on delete cascade
);

create table if not exists auth.oauth_client_states (
  id uuid not null,
  provider_type text not null,
  code_verifier text,
  created_at timestamptz not null,
  constraint oauth_client_states_pkey primary key (id)
);

create table if not exists auth.custom_oauth_providers (
  id uuid not null default gen_random_uuid(),
  provider_type text not null,
  identifier text not null,
  name text not null,
  client_id text not null,
  client_secret text not null,
  acceptable_client_ids text[] not null default '{}',
  scopes text[] not null default '{}',
  pkce_enabled boolean not null default true,
  attribute_mapping jsonb not null default '{}',
  authorization_params jsonb not null default '{}',
  enabled boolean not null default true,
  email_optional boolean not null default false,
  issuer text,
  discovery_url text,
  skip_nonce_check boolean not null default false,
  cached_discovery jsonb,
  discovery_cached_at timestamptz,
  authorization_url text,
  token_url text,
  userinfo_url text,
  jwks_uri text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  custom_claims_allowlist text[] not null default '{}',
  constraint custom_oauth_providers_pkey primary key (id),
  constraint custom_oauth_providers_identifier_key unique (identifier),
  constraint custom_oauth_providers_provider_type_check check (provider_type in ('oauth2', 'oidc')),
  constraint custom_oauth_providers_identifier_format check (identifier ~ '^[a-z0-9][a-z0-9:-]{0,48}[a-z0-9]$'),
  constraint custom_oauth_providers_name_length check (char_length(name) >= 1 and char_length(name) <= 100),
  constraint custom_oauth_providers_client_id_length check (char_length(client_id) >= 1 and char_length(client_id) <= 512),
  constraint custom_oauth_providers_issuer_length
    check (issuer is null or (char_length(issuer) >= 1 and char_length(issuer) <= 2048)),
  constraint custom_oauth_providers_discovery_url_length check (discovery_url is null or char_length(discovery_url) <= 2048),
  constraint custom_oauth_providers_authorization_url_length
    check (authorization_url is null or char_length(authorization_url) <= 2048),
  constraint custom_oauth_providers_token_url_length check (token_url is null or char_length(token_url) <= 2048),
  constraint custom_oauth_providers_userinfo_url_length check (userinfo_url is null or char_length(userinfo_url) <= 2048),
  constraint custom_oauth_providers_jwks_uri_length check (jwks_uri is null or char_length(jwks_uri) <= 2048),
  constraint custom_oauth_providers_authorization_url_https
    check (authorization_url is null or authorization_url like 'https://%'),
  constraint custom_oauth_providers_token_url_https check (token_url is null or token_url like 'https://%'),
  constraint custom_oauth_providers_userinfo_url_https check (userinfo_url is null or userinfo_url like 'https://%'),
  constraint custom_oauth_providers_jwks_uri_https check (jwks_uri is null or jwks_uri like 'https://%'),
  constraint custom_oauth_providers_oidc_requires_issuer check (provider_type <> 'oidc' or issuer is not null),
  constraint custom_oauth_providers_oidc_issuer_https
    check (provider_type <> 'oidc' or issuer is null or issuer like 'https://%'),
  constraint custom_oauth_providers_oidc_discovery_url_https
    check (provider_type <> 'oidc' or discovery_url is null or discovery_url like 'https://%'),
  constraint custom_oauth_providers_oauth2_requires_endpoints
    check (provider_type <> 'oauth2' or (authorization_url is not null and token_url is not null and userinfo_url is not null))
);

create table if not exists auth.webauthn_credentials (
  id uuid not null default gen_random_uuid(),
  user_id uuid not null,
  credential_id bytea not null,
  public_key bytea not null,
  attestation_type text not null default '',
  aaguid uuid,
  sign_count bigint not null default 0,
  transports jsonb not null default '[]',
  backup_eligible boolean not null default false,
  backed_up boolean not null default false,
  friendly_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_used_at timestamptz,
  constraint webauthn_credentials_pkey primary key (id),
  constraint webauthn_credentials_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade
);

create table if not exists auth.webauthn_challenges (
  id uuid not null default gen_random_uuid(),
  user_id uuid,
  challenge_type text not null,
  session_data jsonb not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  constraint webauthn_challenges_pkey primary key (id),
  constraint webauthn_challenges_challenge_type_check check (challenge_type in ('signup', 'registration', 'authentication')),
  constraint webauthn_challenges_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade
);

-- Upgrades of a database made by the three-table version of this file (users, sessions and
-- refresh_tokens only, sessions.aal as text, refresh_tokens' token unique under Postgres' default
-- name). Each change is guarded, so on an up-to-date schema this part alters nothing.
alter table auth.sessions
  add column if not exists oauth_client_id uuid,
  add column if not exists refresh_token_hmac_key text,
  add column if not exists refresh_token_counter bigint,
  add column if not exists scopes text;

do $$
begin
  if (select atttypid from pg_attribute where attrelid = 'auth.sessions'::regclass and attname = 'aal')
      <> 'auth.aal_level'::regtype then
    alter table auth.sessions alter column aal type auth.aal_level using aal::auth.aal_level;
  end if;
  if not exists (select 1 from pg_constraint where conrelid = 'auth.sessions'::regclass and conname = 'sessions_oauth_client_id_fkey') then
    alter table auth.sessions add constraint sessions_oauth_client_id_fkey
      foreign key (oauth_client_id) references auth.oauth_clients (id) on delete cascade;
  end if;
  if not exists (select 1 from pg_constraint where conrelid = 'auth.sessions'::regclass and conname = 'sessions_scopes_length') then
    alter table auth.sessions add constraint sessions_scopes_length check (char_length(scopes) <= 4096);
  end if;
  if not exists (select 1 from pg_constraint where conrelid = 'auth.users'::regclass
      and conname = 'users_email_change_confirm_status_check') then
    alter table auth.users add constraint users_email_change_confirm_status_check
      check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2);
  end if;
  -- The earlier file gave these text columns text defaults; GoTrue's keep their varchar casts.
  if (select pg_get_expr(d.adbin, d.adrelid) from pg_attrdef d join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
      where d.adrelid = 'auth.users'::regclass and a.attname = 'phone') is distinct from 'NULL::character varying' then
    alter table auth.users alter column phone set default null::varchar;
  end if;
  if (select pg_get_expr(d.adbin, d.adrelid) from pg_attrdef d join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
      where d.adrelid = 'auth.users'::regclass and a.attname = 'phone_change') is distinct from '''''::character varying' then
    alter table auth.users alter column phone_change set default ''::varchar;
  end if;
  if exists (select 1 from pg_constraint where conrelid = 'auth.refresh_tokens'::regclass and conname = 'refresh_tokens_token_key') then
    alter table auth.refresh_tokens rename constraint refresh_tokens_token_key to refresh_tokens_token_unique;
  end if;
end
$$;

create index if not exists users_instance_id_idx on auth.users (instance_id);
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email));
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;
create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);
-- Tokens are unique only while they hold a real token: empty and digits-only values are allowed twice.
create unique index if not exists confirmation_token_idx on auth.users (confirmation_token) where confirmation_token !~ '^[0-9 ]*$';
create unique index if not exists recovery_token_idx on auth.users (recovery_token) where recovery_token !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_current_idx on auth.users (email_change_token_current)
  where email_change_token_current !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_new_idx on auth.users (email_change_token_new)
  where email_change_token_new !~ '^[0-9 ]*$';
create unique index if not exists reauthentication_token_idx on auth.users (reauthentication_token)
  where reauthentication_token !~ '^[0-9 ]*$';

create index if not exists audit_logs_instance_id_idx on auth.audit_log_entries (instance_id);

create index if not exists identities_user_id_idx on auth.identities (user_id);
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

create index if not exists sessions_user_id_idx on auth.sessions (user_id);
create index if not exists user_id_created_at_idx on auth.sessions (user_id, created_at);
create index if not exists sessions_not_after_idx on auth.sessions (not_after desc);
create index if not exists sessions_oauth_client_id_idx on auth.sessions (oauth_client_id);

create index if not exists refresh_tokens_instance_id_idx on auth.refresh_tokens (instance_id);
create index if not exists refresh_tokens_instance_id_user_id_idx on auth.refresh_tokens (instance_id, user_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_updated_at_idx on auth.refresh_tokens (updated_at desc);

create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id)
  where trim(friendly_name) <> '';
create unique index if not exists unique_phone_factor_per_user on auth.mfa_factors (user_id, phone);
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

create unique index if not exists sso_providers_resource_id_idx on auth.sso_providers (lower(resource_id));
create index if not exists sso_providers_resource_id_pattern_idx on auth.sso_providers (resource_id text_pattern_ops);
create index if not exists sso_domains_sso_provider_id_idx on auth.sso_domains (sso_provider_id);
create unique index if not exists sso_domains_domain_idx on auth.sso_domains (lower(domain));
create index if not exists saml_providers_sso_provider_id_idx on auth.saml_providers (sso_provider_id);
create index if not exists saml_relay_states_sso_provider_id_idx on auth.saml_relay_states (sso_provider_id);
create index if not exists saml_relay_states_for_email_idx on auth.saml_relay_states (for_email);
create index if not exists saml_relay_states_created_at_idx on auth.saml_relay_states (created_at desc);

create index if not exists idx_auth_code on auth.flow_state (auth_code);
create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);
create index if not exists flow_state_created_at_idx on auth.flow_state (created_at desc);

create index if not exists one_time_tokens_token_hash_hash_idx on auth.one_time_tokens using hash (token_hash);
create index if not exists one_time_tokens_relates_to_hash_idx on auth.one_time_tokens using hash (relates_to);
create unique index if not exists one_time_tokens_user_id_token_type_key on auth.one_time_tokens (user_id, token_type);

create index if not exists oauth_clients_deleted_at_idx on auth.oauth_clients (deleted_at);
create index if not exists oauth_auth_pending_exp_idx on auth.oauth_authorizations (expires_at) where status = 'pending';
create index if not exists oauth_consents_active_user_client_idx on auth.oauth_consents (user_id, client_id) where revoked_at is null;
create index if not exists oauth_consents_active_client_idx on auth.oauth_consents (client_id) where revoked_at is null;
create index if not exists oauth_consents_user_order_idx on auth.oauth_consents (user_id, granted_at desc);
create index if not exists idx_oauth_client_states_created_at on auth.oauth_client_states (created_at);

create index if not exists custom_oauth_providers_identifier_idx on auth.custom_oauth_providers (identifier);
create index if not exists custom_oauth_providers_provider_type_idx on auth.custom_oauth_providers (provider_type);
create index if not exists custom_oauth_providers_enabled_idx on auth.custom_oauth_providers (enabled);
create index if not exists custom_oauth_providers_created_at_idx on auth.custom_oauth_providers (created_at);

create index if not exists webauthn_credentials_user_id_idx on auth.webauthn_credentials (user_id);
create unique index if not exists webauthn_credentials_credential_id_key on auth.webauthn_credentials (credential_id);
create index if not exists webauthn_challenges_user_id_idx on auth.webauthn_challenges (user_id);
create index if not exists webauthn_challenges_expires_at_idx on auth.webauthn_challenges (expires_at);

-- Row level security with no policies: API roles that were granted these tables would still see no
-- rows. GoTrue switches it on for the tables that existed when it started doing so, not for the
-- OAuth-server, custom provider and passkey tables added later; so do we.
alter table auth.users enable row level security;
alter table auth.identities enable row level security;
alter table auth.instances enable row level security;
alter table auth.audit_log_entries enable row level security;
alter table auth.schema_migrations enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;
alter table auth.mfa_factors enable row level security;
alter table auth.mfa_challenges enable row level security;
alter table auth.mfa_amr_claims enable row level security;
alter table auth.sso_providers enable row level security;
alter table auth.sso_domains enable row level security;
alter table auth.saml_providers enable row level security;
alter table auth.saml_relay_states enable row level security;
alter table auth.flow_state enable row level security;
alter table auth.one_time_tokens enable row level security;

-- GoTrue lets the dashboard's postgres role read these tables and pass that on to others.
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'postgres') then
    grant select on auth.users, auth.identities, auth.instances, auth.audit_log_entries, auth.schema_migrations,
      auth.sessions, auth.refresh_tokens, auth.mfa_factors, auth.mfa_challenges, auth.mfa_amr_claims,
      auth.sso_providers, auth.sso_domains, auth.saml_providers, auth.saml_relay_states, auth.flow_state,
      auth.one_time_tokens
      to postgres with grant option;
  end if;
end
$$;

-- The versions GoTrue records for the migrations that produce this shape, so a real GoTrue started on
-- this database finds nothing left to apply. Update together with the tables above.
insert into auth.schema_migrations (version)
select v from unnest(array[
  '00', '20210710035447', '20210722035447', '20210730183235', '20210909172000', '20210927181326',
  '20211122151130', '20211124214934', '20211202183645', '20220114185221', '20220114185340', '20220224000811',
  '20220323170000', '20220429102000', '20220531120530', '20220614074223', '20220811173540', '20221003041349',
  '20221003041400', '20221011041400', '20221020193600', '20221021073300', '20221021082433', '20221027105023',
  '20221114143122', '20221114143410', '20221125140132', '20221208132122', '20221215195500', '20221215195800',
  '20221215195900', '20230116124310', '20230116124412', '20230131181311', '20230322519590', '20230402418590',
  '20230411005111', '20230508135423', '20230523124323', '20230818113222', '20230914180801', '20231027141322',
  '20231114161723', '20231117164230', '20240115144230', '20240214120130', '20240306115329', '20240314092811',
  '20240427152123', '20240612123726', '20240729123726', '20240802193726', '20240806073726', '20241009103726',
  '20250717082212', '20250731150234', '20250804100000', '20250901200500', '20250903112500', '20250904133000',
  '20250925093508', '20251007112900', '20251104100000', '20251111201300', '20251201000000', '20260115000000',
  '20260121000000', '20260219120000', '20260302000000', '20260625000000'
]) as v
on conflict (version) do nothing;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;
