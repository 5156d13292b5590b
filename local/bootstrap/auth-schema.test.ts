import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../testkit/test-database.ts';
import { repoRoot } from '../config.ts';
import type { Queryable } from '../db/database.ts';
import { prepareDatabase } from './migrate.ts';

/**
 * The shape of schema auth as one line per fact: tables (with " rls" when row level security is on),
 * columns in order with type, not null, default or generation expression, constraints and indexes as
 * Postgres prints them back, enums with their labels, functions and sequences. Not-null constraints,
 * which Postgres 18 also lists in pg_constraint, are left to the columns' "not null".
 */
const SHAPE_SQL = `
  with rels as (
    select c.oid, c.relname::text as relname, c.relrowsecurity from pg_class c
     where c.relnamespace = 'auth'::regnamespace and c.relkind in ('r', 'p')
  )
  select line from (
    select 1 as k, relname as o, 0 as n, 'table ' || relname || case when relrowsecurity then ' rls' else '' end as line
      from rels
    union all
    select 2, r.relname, row_number() over (partition by r.relname order by a.attnum),
      'column ' || r.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
      || case when a.attnotnull then ' not null' else '' end
      || case when a.attgenerated = 's' then ' generated ' || pg_get_expr(d.adbin, d.adrelid)
              when d.adbin is not null then ' default ' || pg_get_expr(d.adbin, d.adrelid) else '' end
      from rels r join pg_attribute a on a.attrelid = r.oid and a.attnum > 0 and not a.attisdropped
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    union all
    select 3, r.relname || '.' || c.conname, 0, 'constraint ' || r.relname || '.' || c.conname || ' ' || pg_get_constraintdef(c.oid)
      from rels r join pg_constraint c on c.conrelid = r.oid and c.contype <> 'n'
    union all
    select 4, r.relname || '.' || i.relname, 0, 'index ' || pg_get_indexdef(i.oid)
      from rels r join pg_index x on x.indrelid = r.oid join pg_class i on i.oid = x.indexrelid
    union all
    select 5, t.typname::text, 0, 'enum ' || t.typname || ' '
      || (select string_agg(e.enumlabel, ',' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid)
      from pg_type t where t.typnamespace = 'auth'::regnamespace and t.typtype = 'e'
    union all
    select 6, p.proname::text, 0, 'function ' || p.proname || '(' || pg_get_function_arguments(p.oid) || ') '
      || pg_get_function_result(p.oid) || ' ' || p.provolatile::text
      from pg_proc p where p.pronamespace = 'auth'::regnamespace
    union all
    select 7, c.relname::text, 0, 'sequence ' || c.relname from pg_class c
     where c.relnamespace = 'auth'::regnamespace and c.relkind = 'S'
  ) s order by k, o collate "C", n, line collate "C"`;

async function authShape(q: Queryable): Promise<string[]> {
  return (await q.query<{ line: string }>(SHAPE_SQL)).rows.map((r) => r.line);
}

/**
 * SHAPE_SQL's answer on a database where GoTrue's own migrations ran: supabase/auth at commit
 * bc32168e13fdc928c98b449fc76bc3fdb9a293c5 (its migrations/ directory, 70 files, the Namespace template
 * set to auth), applied in order as supabase_auth_admin to an empty Postgres 15 database. To follow a
 * newer GoTrue: do the same with its migrations, paste SHAPE_SQL's answer here, then change
 * auth-schema.sql until this test passes.
 */
const GOTRUE_SHAPE = `
table audit_log_entries rls
table custom_oauth_providers
table flow_state rls
table identities rls
table instances rls
table mfa_amr_claims rls
table mfa_challenges rls
table mfa_factors rls
table oauth_authorizations
table oauth_client_states
table oauth_clients
table oauth_consents
table one_time_tokens rls
table refresh_tokens rls
table saml_providers rls
table saml_relay_states rls
table schema_migrations rls
table sessions rls
table sso_domains rls
table sso_providers rls
table users rls
table webauthn_challenges
table webauthn_credentials
column audit_log_entries.instance_id uuid
column audit_log_entries.id uuid not null
column audit_log_entries.payload json
column audit_log_entries.created_at timestamp with time zone
column audit_log_entries.ip_address character varying(64) not null default ''::character varying
column custom_oauth_providers.id uuid not null default gen_random_uuid()
column custom_oauth_providers.provider_type text not null
column custom_oauth_providers.identifier text not null
column custom_oauth_providers.name text not null
column custom_oauth_providers.client_id text not null
column custom_oauth_providers.client_secret text not null
column custom_oauth_providers.acceptable_client_ids text[] not null default '{}'::text[]
column custom_oauth_providers.scopes text[] not null default '{}'::text[]
column custom_oauth_providers.pkce_enabled boolean not null default true
column custom_oauth_providers.attribute_mapping jsonb not null default '{}'::jsonb
column custom_oauth_providers.authorization_params jsonb not null default '{}'::jsonb
column custom_oauth_providers.enabled boolean not null default true
column custom_oauth_providers.email_optional boolean not null default false
column custom_oauth_providers.issuer text
column custom_oauth_providers.discovery_url text
column custom_oauth_providers.skip_nonce_check boolean not null default false
column custom_oauth_providers.cached_discovery jsonb
column custom_oauth_providers.discovery_cached_at timestamp with time zone
column custom_oauth_providers.authorization_url text
column custom_oauth_providers.token_url text
column custom_oauth_providers.userinfo_url text
column custom_oauth_providers.jwks_uri text
column custom_oauth_providers.created_at timestamp with time zone not null default now()
column custom_oauth_providers.updated_at timestamp with time zone not null default now()
column custom_oauth_providers.custom_claims_allowlist text[] not null default '{}'::text[]
column flow_state.id uuid not null
column flow_state.user_id uuid
column flow_state.auth_code text
column flow_state.code_challenge_method auth.code_challenge_method
column flow_state.code_challenge text
column flow_state.provider_type text not null
column flow_state.provider_access_token text
column flow_state.provider_refresh_token text
column flow_state.created_at timestamp with time zone
column flow_state.updated_at timestamp with time zone
column flow_state.authentication_method text not null
column flow_state.auth_code_issued_at timestamp with time zone
column flow_state.invite_token text
column flow_state.referrer text
column flow_state.oauth_client_state_id uuid
column flow_state.linking_target_id uuid
column flow_state.email_optional boolean not null default false
column identities.provider_id text not null
column identities.user_id uuid not null
column identities.identity_data jsonb not null
column identities.provider text not null
column identities.last_sign_in_at timestamp with time zone
column identities.created_at timestamp with time zone
column identities.updated_at timestamp with time zone
column identities.email text generated lower((identity_data ->> 'email'::text))
column identities.id uuid not null default gen_random_uuid()
column instances.id uuid not null
column instances.uuid uuid
column instances.raw_base_config text
column instances.created_at timestamp with time zone
column instances.updated_at timestamp with time zone
column mfa_amr_claims.session_id uuid not null
column mfa_amr_claims.created_at timestamp with time zone not null
column mfa_amr_claims.updated_at timestamp with time zone not null
column mfa_amr_claims.authentication_method text not null
column mfa_amr_claims.id uuid not null
column mfa_challenges.id uuid not null
column mfa_challenges.factor_id uuid not null
column mfa_challenges.created_at timestamp with time zone not null
column mfa_challenges.verified_at timestamp with time zone
column mfa_challenges.ip_address inet not null
column mfa_challenges.otp_code text
column mfa_challenges.web_authn_session_data jsonb
column mfa_factors.id uuid not null
column mfa_factors.user_id uuid not null
column mfa_factors.friendly_name text
column mfa_factors.factor_type auth.factor_type not null
column mfa_factors.status auth.factor_status not null
column mfa_factors.created_at timestamp with time zone not null
column mfa_factors.updated_at timestamp with time zone not null
column mfa_factors.secret text
column mfa_factors.phone text
column mfa_factors.last_challenged_at timestamp with time zone
column mfa_factors.web_authn_credential jsonb
column mfa_factors.web_authn_aaguid uuid
column mfa_factors.last_webauthn_challenge_data jsonb
column oauth_authorizations.id uuid not null
column oauth_authorizations.authorization_id text not null
column oauth_authorizations.client_id uuid not null
column oauth_authorizations.user_id uuid
column oauth_authorizations.redirect_uri text not null
column oauth_authorizations.scope text not null
column oauth_authorizations.state text
column oauth_authorizations.resource text
column oauth_authorizations.code_challenge text
column oauth_authorizations.code_challenge_method auth.code_challenge_method
column oauth_authorizations.response_type auth.oauth_response_type not null default 'code'::auth.oauth_response_type
column oauth_authorizations.status auth.oauth_authorization_status not null default 'pending'::auth.oauth_authorization_status
column oauth_authorizations.authorization_code text
column oauth_authorizations.created_at timestamp with time zone not null default now()
column oauth_authorizations.expires_at timestamp with time zone not null default (now() + '00:03:00'::interval)
column oauth_authorizations.approved_at timestamp with time zone
column oauth_authorizations.nonce text
column oauth_client_states.id uuid not null
column oauth_client_states.provider_type text not null
column oauth_client_states.code_verifier text
column oauth_client_states.created_at timestamp with time zone not null
column oauth_clients.id uuid not null
column oauth_clients.client_secret_hash text
column oauth_clients.registration_type auth.oauth_registration_type not null
column oauth_clients.redirect_uris text not null
column oauth_clients.grant_types text not null
column oauth_clients.client_name text
column oauth_clients.client_uri text
column oauth_clients.logo_uri text
column oauth_clients.created_at timestamp with time zone not null default now()
column oauth_clients.updated_at timestamp with time zone not null default now()
column oauth_clients.deleted_at timestamp with time zone
column oauth_clients.client_type auth.oauth_client_type not null default 'confidential'::auth.oauth_client_type
column oauth_clients.token_endpoint_auth_method text not null
column oauth_consents.id uuid not null
column oauth_consents.user_id uuid not null
column oauth_consents.client_id uuid not null
column oauth_consents.scopes text not null
column oauth_consents.granted_at timestamp with time zone not null default now()
column oauth_consents.revoked_at timestamp with time zone
column one_time_tokens.id uuid not null
column one_time_tokens.user_id uuid not null
column one_time_tokens.token_type auth.one_time_token_type not null
column one_time_tokens.token_hash text not null
column one_time_tokens.relates_to text not null
column one_time_tokens.created_at timestamp without time zone not null default now()
column one_time_tokens.updated_at timestamp without time zone not null default now()
column refresh_tokens.instance_id uuid
column refresh_tokens.id bigint not null default nextval('auth.refresh_tokens_id_seq'::regclass)
column refresh_tokens.token character varying(255)
column refresh_tokens.user_id character varying(255)
column refresh_tokens.revoked boolean
column refresh_tokens.created_at timestamp with time zone
column refresh_tokens.updated_at timestamp with time zone
column refresh_tokens.parent character varying(255)
column refresh_tokens.session_id uuid
column saml_providers.id uuid not null
column saml_providers.sso_provider_id uuid not null
column saml_providers.entity_id text not null
column saml_providers.metadata_xml text not null
column saml_providers.metadata_url text
column saml_providers.attribute_mapping jsonb
column saml_providers.created_at timestamp with time zone
column saml_providers.updated_at timestamp with time zone
column saml_providers.name_id_format text
column saml_relay_states.id uuid not null
column saml_relay_states.sso_provider_id uuid not null
column saml_relay_states.request_id text not null
column saml_relay_states.for_email text
column saml_relay_states.redirect_to text
column saml_relay_states.created_at timestamp with time zone
column saml_relay_states.updated_at timestamp with time zone
column saml_relay_states.flow_state_id uuid
column schema_migrations.version character varying(255) not null
column sessions.id uuid not null
column sessions.user_id uuid not null
column sessions.created_at timestamp with time zone
column sessions.updated_at timestamp with time zone
column sessions.factor_id uuid
column sessions.aal auth.aal_level
column sessions.not_after timestamp with time zone
column sessions.refreshed_at timestamp without time zone
column sessions.user_agent text
column sessions.ip inet
column sessions.tag text
column sessions.oauth_client_id uuid
column sessions.refresh_token_hmac_key text
column sessions.refresh_token_counter bigint
column sessions.scopes text
column sso_domains.id uuid not null
column sso_domains.sso_provider_id uuid not null
column sso_domains.domain text not null
column sso_domains.created_at timestamp with time zone
column sso_domains.updated_at timestamp with time zone
column sso_providers.id uuid not null
column sso_providers.resource_id text
column sso_providers.created_at timestamp with time zone
column sso_providers.updated_at timestamp with time zone
column sso_providers.disabled boolean
column users.instance_id uuid
column users.id uuid not null
column users.aud character varying(255)
column users.role character varying(255)
column users.email character varying(255)
column users.encrypted_password character varying(255)
column users.email_confirmed_at timestamp with time zone
column users.invited_at timestamp with time zone
column users.confirmation_token character varying(255)
column users.confirmation_sent_at timestamp with time zone
column users.recovery_token character varying(255)
column users.recovery_sent_at timestamp with time zone
column users.email_change_token_new character varying(255)
column users.email_change character varying(255)
column users.email_change_sent_at timestamp with time zone
column users.last_sign_in_at timestamp with time zone
column users.raw_app_meta_data jsonb
column users.raw_user_meta_data jsonb
column users.is_super_admin boolean
column users.created_at timestamp with time zone
column users.updated_at timestamp with time zone
column users.phone text default NULL::character varying
column users.phone_confirmed_at timestamp with time zone
column users.phone_change text default ''::character varying
column users.phone_change_token character varying(255) default ''::character varying
column users.phone_change_sent_at timestamp with time zone
column users.confirmed_at timestamp with time zone generated LEAST(email_confirmed_at, phone_confirmed_at)
column users.email_change_token_current character varying(255) default ''::character varying
column users.email_change_confirm_status smallint default 0
column users.banned_until timestamp with time zone
column users.reauthentication_token character varying(255) default ''::character varying
column users.reauthentication_sent_at timestamp with time zone
column users.is_sso_user boolean not null default false
column users.deleted_at timestamp with time zone
column users.is_anonymous boolean not null default false
column webauthn_challenges.id uuid not null default gen_random_uuid()
column webauthn_challenges.user_id uuid
column webauthn_challenges.challenge_type text not null
column webauthn_challenges.session_data jsonb not null
column webauthn_challenges.created_at timestamp with time zone not null default now()
column webauthn_challenges.expires_at timestamp with time zone not null
column webauthn_credentials.id uuid not null default gen_random_uuid()
column webauthn_credentials.user_id uuid not null
column webauthn_credentials.credential_id bytea not null
column webauthn_credentials.public_key bytea not null
column webauthn_credentials.attestation_type text not null default ''::text
column webauthn_credentials.aaguid uuid
column webauthn_credentials.sign_count bigint not null default 0
column webauthn_credentials.transports jsonb not null default '[]'::jsonb
column webauthn_credentials.backup_eligible boolean not null default false
column webauthn_credentials.backed_up boolean not null default false
column webauthn_credentials.friendly_name text not null default ''::text
column webauthn_credentials.created_at timestamp with time zone not null default now()
column webauthn_credentials.updated_at timestamp with time zone not null default now()
column webauthn_credentials.last_used_at timestamp with time zone
constraint audit_log_entries.audit_log_entries_pkey PRIMARY KEY (id)
constraint custom_oauth_providers.custom_oauth_providers_authorization_url_https CHECK (((authorization_url IS NULL) OR (authorization_url ~~ 'https://%'::text)))
constraint custom_oauth_providers.custom_oauth_providers_authorization_url_length CHECK (((authorization_url IS NULL) OR (char_length(authorization_url) <= 2048)))
constraint custom_oauth_providers.custom_oauth_providers_client_id_length CHECK (((char_length(client_id) >= 1) AND (char_length(client_id) <= 512)))
constraint custom_oauth_providers.custom_oauth_providers_discovery_url_length CHECK (((discovery_url IS NULL) OR (char_length(discovery_url) <= 2048)))
constraint custom_oauth_providers.custom_oauth_providers_identifier_format CHECK ((identifier ~ '^[a-z0-9][a-z0-9:-]{0,48}[a-z0-9]$'::text))
constraint custom_oauth_providers.custom_oauth_providers_identifier_key UNIQUE (identifier)
constraint custom_oauth_providers.custom_oauth_providers_issuer_length CHECK (((issuer IS NULL) OR ((char_length(issuer) >= 1) AND (char_length(issuer) <= 2048))))
constraint custom_oauth_providers.custom_oauth_providers_jwks_uri_https CHECK (((jwks_uri IS NULL) OR (jwks_uri ~~ 'https://%'::text)))
constraint custom_oauth_providers.custom_oauth_providers_jwks_uri_length CHECK (((jwks_uri IS NULL) OR (char_length(jwks_uri) <= 2048)))
constraint custom_oauth_providers.custom_oauth_providers_name_length CHECK (((char_length(name) >= 1) AND (char_length(name) <= 100)))
constraint custom_oauth_providers.custom_oauth_providers_oauth2_requires_endpoints CHECK (((provider_type <> 'oauth2'::text) OR ((authorization_url IS NOT NULL) AND (token_url IS NOT NULL) AND (userinfo_url IS NOT NULL))))
constraint custom_oauth_providers.custom_oauth_providers_oidc_discovery_url_https CHECK (((provider_type <> 'oidc'::text) OR (discovery_url IS NULL) OR (discovery_url ~~ 'https://%'::text)))
constraint custom_oauth_providers.custom_oauth_providers_oidc_issuer_https CHECK (((provider_type <> 'oidc'::text) OR (issuer IS NULL) OR (issuer ~~ 'https://%'::text)))
constraint custom_oauth_providers.custom_oauth_providers_oidc_requires_issuer CHECK (((provider_type <> 'oidc'::text) OR (issuer IS NOT NULL)))
constraint custom_oauth_providers.custom_oauth_providers_pkey PRIMARY KEY (id)
constraint custom_oauth_providers.custom_oauth_providers_provider_type_check CHECK ((provider_type = ANY (ARRAY['oauth2'::text, 'oidc'::text])))
constraint custom_oauth_providers.custom_oauth_providers_token_url_https CHECK (((token_url IS NULL) OR (token_url ~~ 'https://%'::text)))
constraint custom_oauth_providers.custom_oauth_providers_token_url_length CHECK (((token_url IS NULL) OR (char_length(token_url) <= 2048)))
constraint custom_oauth_providers.custom_oauth_providers_userinfo_url_https CHECK (((userinfo_url IS NULL) OR (userinfo_url ~~ 'https://%'::text)))
constraint custom_oauth_providers.custom_oauth_providers_userinfo_url_length CHECK (((userinfo_url IS NULL) OR (char_length(userinfo_url) <= 2048)))
constraint flow_state.flow_state_pkey PRIMARY KEY (id)
constraint identities.identities_pkey PRIMARY KEY (id)
constraint identities.identities_provider_id_provider_unique UNIQUE (provider_id, provider)
constraint identities.identities_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
constraint instances.instances_pkey PRIMARY KEY (id)
constraint mfa_amr_claims.amr_id_pk PRIMARY KEY (id)
constraint mfa_amr_claims.mfa_amr_claims_session_id_authentication_method_pkey UNIQUE (session_id, authentication_method)
constraint mfa_amr_claims.mfa_amr_claims_session_id_fkey FOREIGN KEY (session_id) REFERENCES auth.sessions(id) ON DELETE CASCADE
constraint mfa_challenges.mfa_challenges_auth_factor_id_fkey FOREIGN KEY (factor_id) REFERENCES auth.mfa_factors(id) ON DELETE CASCADE
constraint mfa_challenges.mfa_challenges_pkey PRIMARY KEY (id)
constraint mfa_factors.mfa_factors_last_challenged_at_key UNIQUE (last_challenged_at)
constraint mfa_factors.mfa_factors_pkey PRIMARY KEY (id)
constraint mfa_factors.mfa_factors_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
constraint oauth_authorizations.oauth_authorizations_authorization_code_key UNIQUE (authorization_code)
constraint oauth_authorizations.oauth_authorizations_authorization_code_length CHECK ((char_length(authorization_code) <= 255))
constraint oauth_authorizations.oauth_authorizations_authorization_id_key UNIQUE (authorization_id)
constraint oauth_authorizations.oauth_authorizations_client_id_fkey FOREIGN KEY (client_id) REFERENCES auth.oauth_clients(id) ON DELETE CASCADE
constraint oauth_authorizations.oauth_authorizations_code_challenge_length CHECK ((char_length(code_challenge) <= 128))
constraint oauth_authorizations.oauth_authorizations_expires_at_future CHECK ((expires_at > created_at))
constraint oauth_authorizations.oauth_authorizations_nonce_length CHECK ((char_length(nonce) <= 255))
constraint oauth_authorizations.oauth_authorizations_pkey PRIMARY KEY (id)
constraint oauth_authorizations.oauth_authorizations_redirect_uri_length CHECK ((char_length(redirect_uri) <= 2048))
constraint oauth_authorizations.oauth_authorizations_resource_length CHECK ((char_length(resource) <= 2048))
constraint oauth_authorizations.oauth_authorizations_scope_length CHECK ((char_length(scope) <= 4096))
constraint oauth_authorizations.oauth_authorizations_state_length CHECK ((char_length(state) <= 4096))
constraint oauth_authorizations.oauth_authorizations_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
constraint oauth_client_states.oauth_client_states_pkey PRIMARY KEY (id)
constraint oauth_clients.oauth_clients_client_name_length CHECK ((char_length(client_name) <= 1024))
constraint oauth_clients.oauth_clients_client_uri_length CHECK ((char_length(client_uri) <= 2048))
constraint oauth_clients.oauth_clients_logo_uri_length CHECK ((char_length(logo_uri) <= 2048))
constraint oauth_clients.oauth_clients_pkey PRIMARY KEY (id)
constraint oauth_clients.oauth_clients_token_endpoint_auth_method_check CHECK ((token_endpoint_auth_method = ANY (ARRAY['client_secret_basic'::text, 'client_secret_post'::text, 'none'::text])))
constraint oauth_consents.oauth_consents_client_id_fkey FOREIGN KEY (client_id) REFERENCES auth.oauth_clients(id) ON DELETE CASCADE
constraint oauth_consents.oauth_consents_pkey PRIMARY KEY (id)
constraint oauth_consents.oauth_consents_revoked_after_granted CHECK (((revoked_at IS NULL) OR (revoked_at >= granted_at)))
constraint oauth_consents.oauth_consents_scopes_length CHECK ((char_length(scopes) <= 2048))
constraint oauth_consents.oauth_consents_scopes_not_empty CHECK ((char_length(TRIM(BOTH FROM scopes)) > 0))
constraint oauth_consents.oauth_consents_user_client_unique UNIQUE (user_id, client_id)
constraint oauth_consents.oauth_consents_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
constraint one_time_tokens.one_time_tokens_pkey PRIMARY KEY (id)
constraint one_time_tokens.one_time_tokens_token_hash_check CHECK ((char_length(token_hash) > 0))
constraint one_time_tokens.one_time_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
constraint refresh_tokens.refresh_tokens_pkey PRIMARY KEY (id)
constraint refresh_tokens.refresh_tokens_session_id_fkey FOREIGN KEY (session_id) REFERENCES auth.sessions(id) ON DELETE CASCADE
constraint refresh_tokens.refresh_tokens_token_unique UNIQUE (token)
constraint saml_providers.entity_id not empty CHECK ((char_length(entity_id) > 0))
constraint saml_providers.metadata_url not empty CHECK (((metadata_url = NULL::text) OR (char_length(metadata_url) > 0)))
constraint saml_providers.metadata_xml not empty CHECK ((char_length(metadata_xml) > 0))
constraint saml_providers.saml_providers_entity_id_key UNIQUE (entity_id)
constraint saml_providers.saml_providers_pkey PRIMARY KEY (id)
constraint saml_providers.saml_providers_sso_provider_id_fkey FOREIGN KEY (sso_provider_id) REFERENCES auth.sso_providers(id) ON DELETE CASCADE
constraint saml_relay_states.request_id not empty CHECK ((char_length(request_id) > 0))
constraint saml_relay_states.saml_relay_states_flow_state_id_fkey FOREIGN KEY (flow_state_id) REFERENCES auth.flow_state(id) ON DELETE CASCADE
constraint saml_relay_states.saml_relay_states_pkey PRIMARY KEY (id)
constraint saml_relay_states.saml_relay_states_sso_provider_id_fkey FOREIGN KEY (sso_provider_id) REFERENCES auth.sso_providers(id) ON DELETE CASCADE
constraint schema_migrations.schema_migrations_pkey PRIMARY KEY (version)
constraint sessions.sessions_oauth_client_id_fkey FOREIGN KEY (oauth_client_id) REFERENCES auth.oauth_clients(id) ON DELETE CASCADE
constraint sessions.sessions_pkey PRIMARY KEY (id)
constraint sessions.sessions_scopes_length CHECK ((char_length(scopes) <= 4096))
constraint sessions.sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
constraint sso_domains.domain not empty CHECK ((char_length(domain) > 0))
constraint sso_domains.sso_domains_pkey PRIMARY KEY (id)
constraint sso_domains.sso_domains_sso_provider_id_fkey FOREIGN KEY (sso_provider_id) REFERENCES auth.sso_providers(id) ON DELETE CASCADE
constraint sso_providers.resource_id not empty CHECK (((resource_id = NULL::text) OR (char_length(resource_id) > 0)))
constraint sso_providers.sso_providers_pkey PRIMARY KEY (id)
constraint users.users_email_change_confirm_status_check CHECK (((email_change_confirm_status >= 0) AND (email_change_confirm_status <= 2)))
constraint users.users_phone_key UNIQUE (phone)
constraint users.users_pkey PRIMARY KEY (id)
constraint webauthn_challenges.webauthn_challenges_challenge_type_check CHECK ((challenge_type = ANY (ARRAY['signup'::text, 'registration'::text, 'authentication'::text])))
constraint webauthn_challenges.webauthn_challenges_pkey PRIMARY KEY (id)
constraint webauthn_challenges.webauthn_challenges_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
constraint webauthn_credentials.webauthn_credentials_pkey PRIMARY KEY (id)
constraint webauthn_credentials.webauthn_credentials_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
index CREATE UNIQUE INDEX audit_log_entries_pkey ON auth.audit_log_entries USING btree (id)
index CREATE INDEX audit_logs_instance_id_idx ON auth.audit_log_entries USING btree (instance_id)
index CREATE INDEX custom_oauth_providers_created_at_idx ON auth.custom_oauth_providers USING btree (created_at)
index CREATE INDEX custom_oauth_providers_enabled_idx ON auth.custom_oauth_providers USING btree (enabled)
index CREATE INDEX custom_oauth_providers_identifier_idx ON auth.custom_oauth_providers USING btree (identifier)
index CREATE UNIQUE INDEX custom_oauth_providers_identifier_key ON auth.custom_oauth_providers USING btree (identifier)
index CREATE UNIQUE INDEX custom_oauth_providers_pkey ON auth.custom_oauth_providers USING btree (id)
index CREATE INDEX custom_oauth_providers_provider_type_idx ON auth.custom_oauth_providers USING btree (provider_type)
index CREATE INDEX flow_state_created_at_idx ON auth.flow_state USING btree (created_at DESC)
index CREATE UNIQUE INDEX flow_state_pkey ON auth.flow_state USING btree (id)
index CREATE INDEX idx_auth_code ON auth.flow_state USING btree (auth_code)
index CREATE INDEX idx_user_id_auth_method ON auth.flow_state USING btree (user_id, authentication_method)
index CREATE INDEX identities_email_idx ON auth.identities USING btree (email text_pattern_ops)
index CREATE UNIQUE INDEX identities_pkey ON auth.identities USING btree (id)
index CREATE UNIQUE INDEX identities_provider_id_provider_unique ON auth.identities USING btree (provider_id, provider)
index CREATE INDEX identities_user_id_idx ON auth.identities USING btree (user_id)
index CREATE UNIQUE INDEX instances_pkey ON auth.instances USING btree (id)
index CREATE UNIQUE INDEX amr_id_pk ON auth.mfa_amr_claims USING btree (id)
index CREATE UNIQUE INDEX mfa_amr_claims_session_id_authentication_method_pkey ON auth.mfa_amr_claims USING btree (session_id, authentication_method)
index CREATE INDEX mfa_challenge_created_at_idx ON auth.mfa_challenges USING btree (created_at DESC)
index CREATE UNIQUE INDEX mfa_challenges_pkey ON auth.mfa_challenges USING btree (id)
index CREATE INDEX factor_id_created_at_idx ON auth.mfa_factors USING btree (user_id, created_at)
index CREATE UNIQUE INDEX mfa_factors_last_challenged_at_key ON auth.mfa_factors USING btree (last_challenged_at)
index CREATE UNIQUE INDEX mfa_factors_pkey ON auth.mfa_factors USING btree (id)
index CREATE UNIQUE INDEX mfa_factors_user_friendly_name_unique ON auth.mfa_factors USING btree (friendly_name, user_id) WHERE (TRIM(BOTH FROM friendly_name) <> ''::text)
index CREATE INDEX mfa_factors_user_id_idx ON auth.mfa_factors USING btree (user_id)
index CREATE UNIQUE INDEX unique_phone_factor_per_user ON auth.mfa_factors USING btree (user_id, phone)
index CREATE INDEX oauth_auth_pending_exp_idx ON auth.oauth_authorizations USING btree (expires_at) WHERE (status = 'pending'::auth.oauth_authorization_status)
index CREATE UNIQUE INDEX oauth_authorizations_authorization_code_key ON auth.oauth_authorizations USING btree (authorization_code)
index CREATE UNIQUE INDEX oauth_authorizations_authorization_id_key ON auth.oauth_authorizations USING btree (authorization_id)
index CREATE UNIQUE INDEX oauth_authorizations_pkey ON auth.oauth_authorizations USING btree (id)
index CREATE INDEX idx_oauth_client_states_created_at ON auth.oauth_client_states USING btree (created_at)
index CREATE UNIQUE INDEX oauth_client_states_pkey ON auth.oauth_client_states USING btree (id)
index CREATE INDEX oauth_clients_deleted_at_idx ON auth.oauth_clients USING btree (deleted_at)
index CREATE UNIQUE INDEX oauth_clients_pkey ON auth.oauth_clients USING btree (id)
index CREATE INDEX oauth_consents_active_client_idx ON auth.oauth_consents USING btree (client_id) WHERE (revoked_at IS NULL)
index CREATE INDEX oauth_consents_active_user_client_idx ON auth.oauth_consents USING btree (user_id, client_id) WHERE (revoked_at IS NULL)
index CREATE UNIQUE INDEX oauth_consents_pkey ON auth.oauth_consents USING btree (id)
index CREATE UNIQUE INDEX oauth_consents_user_client_unique ON auth.oauth_consents USING btree (user_id, client_id)
index CREATE INDEX oauth_consents_user_order_idx ON auth.oauth_consents USING btree (user_id, granted_at DESC)
index CREATE UNIQUE INDEX one_time_tokens_pkey ON auth.one_time_tokens USING btree (id)
index CREATE INDEX one_time_tokens_relates_to_hash_idx ON auth.one_time_tokens USING hash (relates_to)
index CREATE INDEX one_time_tokens_token_hash_hash_idx ON auth.one_time_tokens USING hash (token_hash)
index CREATE UNIQUE INDEX one_time_tokens_user_id_token_type_key ON auth.one_time_tokens USING btree (user_id, token_type)
index CREATE INDEX refresh_tokens_instance_id_idx ON auth.refresh_tokens USING btree (instance_id)
index CREATE INDEX refresh_tokens_instance_id_user_id_idx ON auth.refresh_tokens USING btree (instance_id, user_id)
index CREATE INDEX refresh_tokens_parent_idx ON auth.refresh_tokens USING btree (parent)
index CREATE UNIQUE INDEX refresh_tokens_pkey ON auth.refresh_tokens USING btree (id)
index CREATE INDEX refresh_tokens_session_id_revoked_idx ON auth.refresh_tokens USING btree (session_id, revoked)
index CREATE UNIQUE INDEX refresh_tokens_token_unique ON auth.refresh_tokens USING btree (token)
index CREATE INDEX refresh_tokens_updated_at_idx ON auth.refresh_tokens USING btree (updated_at DESC)
index CREATE UNIQUE INDEX saml_providers_entity_id_key ON auth.saml_providers USING btree (entity_id)
index CREATE UNIQUE INDEX saml_providers_pkey ON auth.saml_providers USING btree (id)
index CREATE INDEX saml_providers_sso_provider_id_idx ON auth.saml_providers USING btree (sso_provider_id)
index CREATE INDEX saml_relay_states_created_at_idx ON auth.saml_relay_states USING btree (created_at DESC)
index CREATE INDEX saml_relay_states_for_email_idx ON auth.saml_relay_states USING btree (for_email)
index CREATE UNIQUE INDEX saml_relay_states_pkey ON auth.saml_relay_states USING btree (id)
index CREATE INDEX saml_relay_states_sso_provider_id_idx ON auth.saml_relay_states USING btree (sso_provider_id)
index CREATE UNIQUE INDEX schema_migrations_pkey ON auth.schema_migrations USING btree (version)
index CREATE INDEX sessions_not_after_idx ON auth.sessions USING btree (not_after DESC)
index CREATE INDEX sessions_oauth_client_id_idx ON auth.sessions USING btree (oauth_client_id)
index CREATE UNIQUE INDEX sessions_pkey ON auth.sessions USING btree (id)
index CREATE INDEX sessions_user_id_idx ON auth.sessions USING btree (user_id)
index CREATE INDEX user_id_created_at_idx ON auth.sessions USING btree (user_id, created_at)
index CREATE UNIQUE INDEX sso_domains_domain_idx ON auth.sso_domains USING btree (lower(domain))
index CREATE UNIQUE INDEX sso_domains_pkey ON auth.sso_domains USING btree (id)
index CREATE INDEX sso_domains_sso_provider_id_idx ON auth.sso_domains USING btree (sso_provider_id)
index CREATE UNIQUE INDEX sso_providers_pkey ON auth.sso_providers USING btree (id)
index CREATE UNIQUE INDEX sso_providers_resource_id_idx ON auth.sso_providers USING btree (lower(resource_id))
index CREATE INDEX sso_providers_resource_id_pattern_idx ON auth.sso_providers USING btree (resource_id text_pattern_ops)
index CREATE UNIQUE INDEX confirmation_token_idx ON auth.users USING btree (confirmation_token) WHERE ((confirmation_token)::text !~ '^[0-9 ]*$'::text)
index CREATE UNIQUE INDEX email_change_token_current_idx ON auth.users USING btree (email_change_token_current) WHERE ((email_change_token_current)::text !~ '^[0-9 ]*$'::text)
index CREATE UNIQUE INDEX email_change_token_new_idx ON auth.users USING btree (email_change_token_new) WHERE ((email_change_token_new)::text !~ '^[0-9 ]*$'::text)
index CREATE UNIQUE INDEX reauthentication_token_idx ON auth.users USING btree (reauthentication_token) WHERE ((reauthentication_token)::text !~ '^[0-9 ]*$'::text)
index CREATE UNIQUE INDEX recovery_token_idx ON auth.users USING btree (recovery_token) WHERE ((recovery_token)::text !~ '^[0-9 ]*$'::text)
index CREATE UNIQUE INDEX users_email_partial_key ON auth.users USING btree (email) WHERE (is_sso_user = false)
index CREATE INDEX users_instance_id_email_idx ON auth.users USING btree (instance_id, lower((email)::text))
index CREATE INDEX users_instance_id_idx ON auth.users USING btree (instance_id)
index CREATE INDEX users_is_anonymous_idx ON auth.users USING btree (is_anonymous)
index CREATE UNIQUE INDEX users_phone_key ON auth.users USING btree (phone)
index CREATE UNIQUE INDEX users_pkey ON auth.users USING btree (id)
index CREATE INDEX webauthn_challenges_expires_at_idx ON auth.webauthn_challenges USING btree (expires_at)
index CREATE UNIQUE INDEX webauthn_challenges_pkey ON auth.webauthn_challenges USING btree (id)
index CREATE INDEX webauthn_challenges_user_id_idx ON auth.webauthn_challenges USING btree (user_id)
index CREATE UNIQUE INDEX webauthn_credentials_credential_id_key ON auth.webauthn_credentials USING btree (credential_id)
index CREATE UNIQUE INDEX webauthn_credentials_pkey ON auth.webauthn_credentials USING btree (id)
index CREATE INDEX webauthn_credentials_user_id_idx ON auth.webauthn_credentials USING btree (user_id)
enum aal_level aal1,aal2,aal3
enum code_challenge_method s256,plain
enum factor_status unverified,verified
enum factor_type totp,webauthn,phone
enum oauth_authorization_status pending,approved,denied,expired
enum oauth_client_type public,confidential
enum oauth_registration_type dynamic,manual
enum oauth_response_type code
enum one_time_token_type confirmation_token,reauthentication_token,recovery_token,email_change_token_new,email_change_token_current,phone_change_token
function email() text s
function jwt() jsonb s
function role() text s
function uid() uuid s
sequence refresh_tokens_id_seq
`
  .trim()
  .split('\n');

/** The 23 tables GoTrue's migrations create at that commit. */
const GOTRUE_TABLES = [
  'audit_log_entries',
  'custom_oauth_providers',
  'flow_state',
  'identities',
  'instances',
  'mfa_amr_claims',
  'mfa_challenges',
  'mfa_factors',
  'oauth_authorizations',
  'oauth_client_states',
  'oauth_clients',
  'oauth_consents',
  'one_time_tokens',
  'refresh_tokens',
  'saml_providers',
  'saml_relay_states',
  'schema_migrations',
  'sessions',
  'sso_domains',
  'sso_providers',
  'users',
  'webauthn_challenges',
  'webauthn_credentials',
];

/** auth.sessions, auth.users and auth.refresh_tokens as the three-table version of auth-schema.sql made them. */
const OLD_AUTH_SCHEMA = `
create schema if not exists auth;
create table auth.users (
  instance_id uuid, id uuid not null primary key, aud varchar(255), role varchar(255), email varchar(255),
  encrypted_password varchar(255), email_confirmed_at timestamptz, invited_at timestamptz, confirmation_token varchar(255),
  confirmation_sent_at timestamptz, recovery_token varchar(255), recovery_sent_at timestamptz,
  email_change_token_new varchar(255), email_change varchar(255), email_change_sent_at timestamptz,
  last_sign_in_at timestamptz, raw_app_meta_data jsonb, raw_user_meta_data jsonb, is_super_admin boolean,
  created_at timestamptz, updated_at timestamptz, phone text unique default null, phone_confirmed_at timestamptz,
  phone_change text default '', phone_change_token varchar(255) default '', phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '', email_change_confirm_status smallint default 0,
  banned_until timestamptz, reauthentication_token varchar(255) default '', reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false, deleted_at timestamptz, is_anonymous boolean not null default false
);
create unique index users_email_partial_key on auth.users (email) where is_sso_user = false;
create index users_instance_id_email_idx on auth.users (instance_id, lower(email));
create table auth.sessions (
  id uuid not null primary key, user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz, updated_at timestamptz, factor_id uuid, aal text, not_after timestamptz,
  refreshed_at timestamp, user_agent text, ip inet, tag text
);
create index sessions_user_id_idx on auth.sessions (user_id);
create table auth.refresh_tokens (
  instance_id uuid, id bigserial primary key, token varchar(255) unique, user_id varchar(255), revoked boolean,
  created_at timestamptz, updated_at timestamptz, parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index refresh_tokens_parent_idx on auth.refresh_tokens (parent);
insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
  values ('00000000-0000-0000-0000-000000000000', '7d3f0c3e-5d0a-4a41-9d55-3a3c1f0b6a01', 'authenticated',
    'authenticated', 'old@example.test', now(), now());
insert into auth.sessions (id, user_id, created_at, updated_at, aal)
  values ('7d3f0c3e-5d0a-4a41-9d55-3a3c1f0b6a02', '7d3f0c3e-5d0a-4a41-9d55-3a3c1f0b6a01', now(), now(), 'aal1');
insert into auth.refresh_tokens (token, user_id, revoked, session_id, created_at, updated_at)
  values ('old-refresh-token', '7d3f0c3e-5d0a-4a41-9d55-3a3c1f0b6a01', false, '7d3f0c3e-5d0a-4a41-9d55-3a3c1f0b6a02', now(), now());
`;

const supabaseDir = path.join(repoRoot, 'supabase');

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

/** Everything a second run could change: the shape, who may do what, and the rows the file writes. */
async function snapshot(q: Queryable) {
  const acl = await q.query<{ line: string }>(
    `select c.relname || ' ' || pg_get_userbyid(c.relowner) || ' ' || coalesce(c.relacl::text, '') as line from pg_class c
      where c.relnamespace = 'auth'::regnamespace order by c.relname collate "C"`,
  );
  const versions = await q.query<{ version: string }>('select version from auth.schema_migrations order by version');
  return { shape: await authShape(q), acl: acl.rows.map((r) => r.line), versions: versions.rows.map((r) => r.version) };
}

describe('local/bootstrap/auth-schema.sql', () => {
  it("gives schema auth the tables, enums, columns, constraints and indexes GoTrue's migrations give it", async () => {
    database = await openTestDatabase();
    const { db } = database;
    const tables = await db.query<{ name: string }>(
      `select table_name::text as name from information_schema.tables where table_schema = 'auth' order by 1`,
    );
    expect(tables.rows.map((r) => r.name)).toEqual([...GOTRUE_TABLES].sort());
    const aal = await db.query<{ type: string }>(
      `select format_type(atttypid, atttypmod) as type from pg_attribute where attrelid = 'auth.sessions'::regclass and attname = 'aal'`,
    );
    expect(aal.rows[0]?.type).toBe('auth.aal_level');
    const email = await db.query<{ expr: string }>(
      `select pg_get_expr(d.adbin, d.adrelid) as expr from pg_attrdef d join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
        where d.adrelid = 'auth.identities'::regclass and a.attname = 'email' and a.attgenerated = 's'`,
    );
    expect(email.rows[0]?.expr).toBe("lower((identity_data ->> 'email'::text))");

    expect(await authShape(db)).toEqual(GOTRUE_SHAPE);
  });

  it('is created by supabase_auth_admin, who owns it, and the API roles may only call the helper functions', async () => {
    database = await openTestDatabase();
    const { db } = database;
    const owners = await db.query<{ owner: string }>(
      `select distinct pg_get_userbyid(relowner)::text as owner from pg_class where relnamespace = 'auth'::regnamespace`,
    );
    expect(owners.rows.map((r) => r.owner)).toEqual(['supabase_auth_admin']);
    const granted = await db.query<{ role: string; n: number }>(
      `select r.rolname::text as role, count(*)::int as n from pg_class c cross join pg_roles r
        where c.relnamespace = 'auth'::regnamespace and c.relkind in ('r', 'S')
          and r.rolname in ('anon', 'authenticated', 'service_role')
          and (has_table_privilege(r.oid, c.oid, 'select') or has_table_privilege(r.oid, c.oid, 'insert')
               or has_table_privilege(r.oid, c.oid, 'update') or has_table_privilege(r.oid, c.oid, 'delete'))
        group by 1`,
    );
    expect(granted.rows).toEqual([]);
    const callable = await db.query<{ ok: boolean }>(
      `select bool_and(has_function_privilege(r, f, 'execute')) as ok
         from unnest(array['anon', 'authenticated', 'service_role']) r,
              unnest(array['auth.uid()', 'auth.role()', 'auth.email()', 'auth.jwt()']) f`,
    );
    expect(callable.rows[0]?.ok).toBe(true);
    const postgresReads = await db.query<{ ok: boolean }>(
      `select has_table_privilege('postgres', 'auth.identities', 'select with grant option') as ok`,
    );
    expect(postgresReads.rows[0]?.ok).toBe(true);
  });

  it('changes nothing when run again', async () => {
    database = await openTestDatabase();
    const { db } = database;
    const before = await snapshot(db);
    expect(before.versions).toHaveLength(70);
    await prepareDatabase(db, { supabaseDir, seed: false });
    expect(await snapshot(db)).toEqual(before);
  });

  it('brings a database made by its three-table version to the same shape, keeping the rows', async () => {
    database = await openTestDatabase({ migrate: false });
    const { db } = database;
    await db.exec(OLD_AUTH_SCHEMA);
    await prepareDatabase(db, { supabaseDir, seed: false });

    expect(await authShape(db)).toEqual(GOTRUE_SHAPE);
    const session = await db.query<{ aal: string; type: string }>(
      `select aal::text as aal, pg_typeof(aal)::text as type from auth.sessions where id = '7d3f0c3e-5d0a-4a41-9d55-3a3c1f0b6a02'`,
    );
    expect(session.rows).toEqual([{ aal: 'aal1', type: 'auth.aal_level' }]);
    const token = await db.query<{ n: number }>(
      `select count(*)::int as n from auth.refresh_tokens where token = 'old-refresh-token' and session_id = '7d3f0c3e-5d0a-4a41-9d55-3a3c1f0b6a02'`,
    );
    expect(token.rows[0]?.n).toBe(1);
  });
});
