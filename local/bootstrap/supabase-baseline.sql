-- What Supabase's Postgres image sets up before a project's migrations run (its init scripts and their
-- later fixes, read from supabase/postgres): the roles with hosted attributes, memberships and per-role
-- timeouts; the auth and extensions schemas with hosted owners and grants; the default privileges.
-- Run by local/bootstrap/migrate.ts as the superuser (supabase_admin on a database made by the stack),
-- on every start: it only creates what is missing and brings existing roles to the hosted attributes.

do $$
begin
  -- On PGlite the bootstrap superuser is renamed supabase_admin before this runs (migrate.ts); a server's
  -- own superuser may be called postgres, and then supabase_admin is only a name objects can belong to.
  if not exists (select 1 from pg_roles where rolname = 'supabase_admin') then
    create role supabase_admin nologin superuser createdb createrole replication bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'postgres') then
    -- The role migrations run as: demoted from superuser on hosted, with these attributes.
    create role postgres login nosuperuser createdb createrole replication bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin login noinherit createrole;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'dashboard_user') then
    create role dashboard_user nologin createdb createrole replication;
  end if;
end
$$;

-- Roles made by earlier versions of this file were noinherit/nologin; hosted ones are not.
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit bypassrls;
alter role authenticator login noinherit;
alter role supabase_auth_admin login noinherit createrole;

-- Hosted limits: PostgREST applies the impersonated role's settings to each request.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';
alter role supabase_auth_admin set search_path = auth;
alter role supabase_auth_admin set idle_in_transaction_session_timeout = 60000;

grant anon, authenticated, service_role to authenticator;
-- So postgres (no superuser) can manage auth's triggers and act as the API roles, as on hosted.
grant anon, authenticated, service_role, supabase_auth_admin to postgres;
grant pg_read_all_data, pg_signal_backend, pg_monitor to postgres;

-- The database belongs to postgres, as on hosted: that is what lets it create schemas and trusted
-- extensions (pg_trgm, unaccent) without being a superuser.
do $$
begin
  execute format('alter database %I owner to postgres', current_database());
  execute format('grant all on database %I to dashboard_user', current_database());
end
$$;

create schema if not exists extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
grant all on schema extensions to postgres, dashboard_user;
alter default privileges in schema extensions grant all on tables to postgres with grant option;
alter default privileges in schema extensions grant all on routines to postgres with grant option;
alter default privileges in schema extensions grant all on sequences to postgres with grant option;

create schema if not exists auth authorization supabase_admin;
grant usage on schema auth to anon, authenticated, service_role, postgres;
grant all on schema auth to supabase_auth_admin, postgres, dashboard_user;
-- What GoTrue creates (as supabase_auth_admin) is postgres's to use too.
alter default privileges for role supabase_auth_admin in schema auth grant all on tables to postgres, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth grant all on sequences to postgres, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth grant all on routines to postgres, dashboard_user;

-- Objects an earlier version of this file created as the superuser in auth: GoTrue's from now on.
do $$
declare
  r record;
begin
  for r in
    select c.relname from pg_class c
    where c.relnamespace = 'auth'::regnamespace and c.relkind in ('r', 'p', 'v') and c.relowner <> 'supabase_auth_admin'::regrole
  loop
    execute format('alter table auth.%I owner to supabase_auth_admin', r.relname);
  end loop;
  for r in
    select p.oid::regprocedure as fn from pg_proc p
    where p.pronamespace = 'auth'::regnamespace and p.proowner <> 'supabase_auth_admin'::regrole
  loop
    execute format('alter function %s owner to supabase_auth_admin', r.fn);
  end loop;
end
$$;

-- Supabase's default grants on public (new projects may turn these off; our API lives in its own schema).
grant usage on schema public to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;

-- The publication postgres_changes reads; made by the image's init script while postgres was still a
-- superuser, so postgres owns it and migrations may add their tables to it.
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
alter publication supabase_realtime owner to postgres;
