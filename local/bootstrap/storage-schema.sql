-- What Supabase's Postgres image creates for Storage before the Storage server first connects
-- (supabase/postgres migrations/db/init-scripts/00000000000002-storage-schema.sql and the image's later
-- migrations 20220609081115, 20230327032006, 20231013070755), made idempotent: it runs as the superuser on
-- every start. What the Storage server then creates (buckets, objects, their functions, grants and RLS)
-- is storage-schema-objects.sql, run next as supabase_storage_admin (decision 0042).

do $$
begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin noinherit createrole login noreplication;
  end if;
end
$$;

create schema if not exists storage authorization supabase_admin;

grant usage on schema storage to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on sequences to postgres, anon, authenticated, service_role;

grant all privileges on schema storage to supabase_storage_admin;
grant all privileges on all tables in schema storage to supabase_storage_admin;
grant all privileges on all sequences in schema storage to supabase_storage_admin;
alter role supabase_storage_admin set search_path = storage;

-- postgres may create policies on storage.objects (the owner's right) in a project's migrations.
grant supabase_storage_admin to postgres;
-- The Storage server logs in as supabase_storage_admin and switches to the request's role through
-- authenticator (the image revoked its direct membership of the API roles in 20231013070755).
grant authenticator to supabase_storage_admin;
