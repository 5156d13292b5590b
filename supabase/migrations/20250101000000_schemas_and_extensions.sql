-- Schemas, extensions and shared helpers.
-- `app` holds the tables and policy helpers and is never exposed through the Data API; `api` holds the
-- callable functions and is the only exposed schema. Extensions live in `extensions`, never in public.

create extension if not exists unaccent with schema extensions;
create extension if not exists pg_trgm with schema extensions;

create schema if not exists app;
comment on schema app is 'Private: tables, policy helpers and triggers. Not exposed through the Data API.';
create schema if not exists api;
comment on schema api is 'Exposed Data API: one function per thing a screen reads or does.';

-- Functions are not executable by everyone by default: each api function is granted on purpose.
alter default privileges in schema app revoke execute on functions from public;
alter default privileges in schema api revoke execute on functions from public;
alter default privileges revoke execute on functions from public;

grant usage on schema app to authenticated, service_role;
grant usage on schema api to anon, authenticated, service_role;

/** Accent- and case-insensitive form of a text, immutable so it can back generated columns and indexes. */
create or replace function app.search_norm(value text)
returns text
language sql
immutable
parallel safe
strict
set search_path = ''
as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, value))
$$;
comment on function app.search_norm(text) is 'lower(unaccent(x)) declared immutable (unaccent itself is stable).';

/** A LIKE pattern matching the normalized keyword anywhere, with LIKE wildcards in the keyword escaped. */
create or replace function app.contains_pattern(keyword text)
returns text
language sql
immutable
parallel safe
strict
set search_path = ''
as $$
  select '%' || replace(replace(replace(app.search_norm(btrim(keyword)), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;

/** Trigger: keeps updated_at current on every update. */
create or replace function app.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

/** True when the current session acts for the platform itself (migrations, seed, service_role), not a user. */
create or replace function app.is_privileged()
returns boolean
language sql
stable
set search_path = ''
as $$
  select current_user not in ('anon', 'authenticated')
$$;
grant execute on function app.search_norm(text), app.contains_pattern(text), app.is_privileged()
  to anon, authenticated, service_role;

/**
 * Raises an API error: message for people, SQLSTATE for the HTTP status (22023 -> 400, 42501 -> 403,
 * PT404 -> 404, PT409 -> 409, 23505 -> 409) and a stable machine code in DETAIL. See docs/decisions/0003.
 */
create or replace function app.fail(sqlstate text, message text, code text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using message = fail.message, errcode = fail.sqlstate, detail = fail.code;
end;
$$;
grant execute on function app.fail(text, text, text) to authenticated, service_role;
