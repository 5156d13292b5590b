-- Schemas, extensions, default privileges and the helpers every domain uses.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create extension if not exists pg_trgm with schema extensions;

create extension if not exists pgcrypto with schema extensions;

create extension if not exists unaccent with schema extensions;

create schema if not exists api;
comment on schema api is 'Exposed Data API: one function per thing a screen reads or does.';
grant usage on schema api to anon, authenticated, service_role;

create schema if not exists app;
comment on schema app is 'Private: tables, policy helpers and triggers. Not exposed through the Data API.';
grant usage on schema app to authenticated, service_role;

alter default privileges for role postgres revoke execute on functions from public;

create or replace function app.check_page_size(page_size integer)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  -- The Data API answers at most [api] max_rows (1000) rows: a larger page would be cut without a word.
  if page_size is null or page_size not between 1 and 1000 then
    perform app.fail('22023', 'A page holds 1 to 1000 rows', 'page_size_invalid');
  end if;
end;
$$;
comment on function app.check_page_size(page_size integer) is 'Refuses a page size outside 1..1000 (the Data API''s max_rows) with page_size_invalid.';
grant execute on function app.check_page_size(page_size integer) to authenticated, service_role;

create or replace function app.clean_text(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when app.is_blank(value) then null else btrim(value) end
$$;
grant execute on function app.clean_text(value text) to authenticated, service_role;

create or replace function app.contains_pattern(keyword text)
returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select '%' || replace(replace(replace(app.search_norm(btrim(keyword)), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;
grant execute on function app.contains_pattern(keyword text) to anon, authenticated, service_role;

create or replace function app.fail(sqlstate text, message text, code text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using message = fail.message, errcode = fail.sqlstate, detail = fail.code;
end;
$$;
grant execute on function app.fail(sqlstate text, message text, code text) to authenticated, service_role;

create or replace function app.is_bare_host_url(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select value ~* '^[a-z0-9\u00a1-\uffff][-a-z0-9\u00a1-\uffff]*(\.[-a-z0-9\u00a1-\uffff]+)+(:[0-9]{1,5})?([/?#][^[:space:][:cntrl:]]*)?$'
    and char_length(value) <= 1990
$$;
grant execute on function app.is_bare_host_url(value text) to authenticated, service_role;

create or replace function app.is_blank(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select value is null or app.visible_text(value) = ''
$$;
grant execute on function app.is_blank(value text) to authenticated, service_role;

create or replace function app.is_privileged()
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  return current_user not in ('anon', 'authenticated');
end;
$$;
grant execute on function app.is_privileged() to anon, authenticated, service_role;

create or replace function app.is_web_url(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select value ~* '^https?://[^][:space:][:cntrl:]/?#\\@[]+([/?#][^[:space:][:cntrl:]]*)?$'
    and char_length(value) <= 2000
$$;
grant execute on function app.is_web_url(value text) to authenticated, service_role;

create or replace function app.search_norm(value text)
returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, value))
$$;
comment on function app.search_norm(value text) is 'lower(unaccent(x)) declared immutable (unaccent itself is stable).';
grant execute on function app.search_norm(value text) to anon, authenticated, service_role;

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

create or replace function app.validate_deadline(
  deadline timestamp with time zone,
  earliest timestamp with time zone default null::timestamp with time zone
)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if deadline is null then
    perform app.fail('22023', 'Deadline is required', 'deadline_required');
  end if;
  if not isfinite(deadline) then
    perform app.fail('22023', 'Please enter a valid deadline', 'deadline_invalid');
  end if;
  if deadline < coalesce(earliest, now() - interval '1 day') then
    perform app.fail('22023', 'Deadline cannot be in the past', 'deadline_past');
  end if;
  if deadline > now() + interval '2 years 2 days' then
    perform app.fail('22023', 'Deadline must be within 2 years', 'deadline_too_far');
  end if;
end;
$$;
grant execute on function app.validate_deadline(deadline timestamp with time zone, earliest timestamp with time zone) to authenticated, service_role;

create or replace function app.visible_text(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select regexp_replace(value,
    '[[:space:][:cntrl:]\u0085\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\U000e0000-\U000e007f]',
    '', 'g')
$$;
comment on function app.visible_text(value text) is 'The text without whitespace and invisible characters (zero-width, joiners, bidi marks, BOM, fillers).';
grant execute on function app.visible_text(value text) to authenticated, service_role;

create or replace function app.web_url(value text, label text, code text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text := app.clean_text(value);
begin
  if v is null then
    return null;
  end if;
  if app.is_bare_host_url(v) then
    v := 'https://' || v;
  end if;
  if not app.is_web_url(v) then
    perform app.fail('22023', format('%s must be a link starting with http:// or https://', label), code);
  end if;
  return v;
end;
$$;
grant execute on function app.web_url(value text, label text, code text) to authenticated, service_role;
