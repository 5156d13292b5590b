-- The part of the storage schema the Storage server itself creates on hosted (decision 0042): buckets,
-- objects, the path helpers policies use, the listing function, their triggers, grants and RLS. Our own
-- definition of the end state a hosted project has today, written from Storage's tenant migrations as
-- reference; what we do not serve (S3 multipart, analytics and vector buckets, the v2 listings) is left
-- out. Run as supabase_storage_admin, which owns all of it as on hosted, at every start: every statement
-- is idempotent, and on a database whose storage schema Storage's own migrations built it only replaces
-- the functions' bodies.

do $$
begin
  if not exists (
    select 1 from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'storage' and t.typname = 'buckettype'
  ) then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end
$$;

create table if not exists storage.buckets (
  id text not null constraint buckets_pkey primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD',
  versioning_status text not null default 'DISABLED',
  constraint buckets_versioning_status_check check (versioning_status in ('DISABLED', 'ENABLED', 'SUSPENDED')),
  constraint buckets_versioning_standard_only_check check (type = 'STANDARD' or versioning_status = 'DISABLED'),
  -- Versioning is not switched on for any bucket yet on hosted either.
  constraint buckets_versioning_dark_check check (versioning_status = 'DISABLED')
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() constraint objects_pkey primary key,
  bucket_id text constraint "objects_bucketId_fkey" references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb,
  archived_at timestamptz,
  is_delete_marker boolean not null default false,
  is_versioned boolean not null default false
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists idx_objects_bucket_id_name on storage.objects (bucket_id, name collate "C");
create index if not exists idx_objects_bucket_id_name_lower on storage.objects (bucket_id, lower(name) collate "C");
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on table storage.buckets, storage.objects to anon, authenticated, service_role;
-- postgres writes bucket rows and policies in a project's migrations.
grant all on table storage.buckets, storage.objects to postgres with grant option;

-- Path helpers for policies: 'a/b/c.png' has folders {a,b}, file name 'c.png', extension 'png'.
create or replace function storage.foldername(name text)
returns text[]
language sql
immutable
as $$
  select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1];
$$;

create or replace function storage.filename(name text)
returns text
language sql
immutable
as $$
  select (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)];
$$;

-- As hosted: a name without a dot is its own extension.
create or replace function storage.extension(name text)
returns text
language sql
immutable
as $$
  select reverse(split_part(reverse(storage.filename(name)), '.', 1));
$$;

-- What storage-js's list() reads: the folders and files one level under `prefix` whose path continues
-- with `search`, names relative to `prefix`, a folder (id null) once however many objects it holds.
-- By name (the default) the match and the order ignore case and folders sit among files in name order;
-- by a date, `search` is an ILIKE pattern (the server escapes it) and folders come first. `levels` is
-- kept for callers but, as on hosted, the depth comes from prefix and search.
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits integer default 100,
  levels integer default 1,
  offsets integer default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
)
returns table (
  name text,
  id uuid,
  updated_at timestamptz,
  created_at timestamptz,
  last_accessed_at timestamptz,
  metadata jsonb
)
language sql
stable
as $$
  with args as (
    select
      coalesce(search.prefix, '') || coalesce(search.search, '') as head,
      coalesce(array_length(string_to_array(search.prefix, '/'), 1), 1) as first_level,
      coalesce(array_length(string_to_array(coalesce(search.prefix, '') || coalesce(search.search, ''), '/'), 1), 1)
        as level,
      lower(coalesce(search.sortcolumn, 'name')) as sort_by,
      lower(coalesce(search.sortorder, 'asc')) = 'asc' as ascending
  ),
  hits as (
    select
      array_to_string(o.path_tokens[a.first_level:a.level], '/') as entry,
      array_length(o.path_tokens, 1) > a.level as is_folder,
      o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
      a.sort_by not in ('updated_at', 'created_at', 'last_accessed_at') as by_name
    from storage.objects o, args a
    where o.bucket_id = search.bucketname
      and case when a.sort_by in ('updated_at', 'created_at', 'last_accessed_at')
        then o.name ilike a.head || '%'
        else starts_with(lower(o.name), lower(a.head)) end
  ),
  entries as (
    select min(h.entry) as entry, true as is_folder, h.by_name,
      null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
      null::timestamptz as last_accessed_at, null::jsonb as metadata
    from hits h
    where h.is_folder
    group by case when h.by_name then lower(h.entry) else h.entry end, h.by_name
    union all
    select h.entry, false, h.by_name, h.id, h.updated_at, h.created_at, h.last_accessed_at, h.metadata
    from hits h
    where not h.is_folder
  ),
  ranked as (
    select e.*,
      -- A folder's place by name is that of its contents: just after its name with a slash.
      case when e.by_name then lower(e.entry) || case when e.is_folder then '/' else '' end
        when e.is_folder then e.entry end collate "C" as text_key,
      case a.sort_by when 'updated_at' then e.updated_at when 'created_at' then e.created_at
        when 'last_accessed_at' then e.last_accessed_at end as time_key,
      a.ascending
    from entries e, args a
  )
  select r.entry, r.id, r.updated_at, r.created_at, r.last_accessed_at, r.metadata
  from ranked r
  order by
    (r.is_folder and not r.by_name) desc,
    case when r.ascending then r.text_key end asc,
    case when not r.ascending then r.text_key end desc,
    -- Names equal but for case: in byte order, as the sort goes.
    case when r.ascending then r.entry collate "C" end asc,
    case when not r.ascending then r.entry collate "C" end desc,
    case when r.ascending then r.time_key end asc,
    case when not r.ascending then r.time_key end desc
  limit least(coalesce(search.limits, 100), 1500)
  offset search.offsets;
$$;

create or replace function storage.update_updated_at_column()
returns trigger
language plpgsql
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- Rows of objects and buckets go with bytes the server holds: only the server (which sets
-- storage.allow_delete_query for its own statements) may delete them.
create or replace function storage.protect_delete()
returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), '') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using errcode = '42501', hint = 'Deleting the row would leave its stored object behind.';
  end if;
  return null;
end
$$;

create or replace function storage.enforce_bucket_name_length()
returns trigger
language plpgsql
as $$
begin
  if length(new.name) > 100 then
    raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
  end if;
  return new;
end
$$;

create or replace trigger update_objects_updated_at
  before update on storage.objects
  for each row execute function storage.update_updated_at_column();
create or replace trigger protect_objects_delete
  before delete on storage.objects
  for each statement execute function storage.protect_delete();
create or replace trigger protect_buckets_delete
  before delete on storage.buckets
  for each statement execute function storage.protect_delete();
create or replace trigger enforce_bucket_name_length_trigger
  before insert or update of name on storage.buckets
  for each row execute function storage.enforce_bucket_name_length();
