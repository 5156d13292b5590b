-- Files in Supabase Storage: who may read and write which object (the buckets are rows, in the migration).
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create or replace function app.storage_campaign_party(campaign_id uuid, hired_too boolean)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from app.campaigns c where c.id = campaign_id and c.brand_id = (select auth.uid()))
    or (hired_too and exists (
      select 1 from app.applications a
      where a.campaign_id = storage_campaign_party.campaign_id and a.status = 'accepted' and a.creator_id = (select auth.uid())
    ));
$$;
comment on function app.storage_campaign_party(campaign_id uuid, hired_too boolean) is 'Storage policies on briefs: is the user the campaign''s brand (or a creator hired on it)?';
grant execute on function app.storage_campaign_party(campaign_id uuid, hired_too boolean) to authenticated, service_role;

create table app.brief_attachments (
  id uuid default gen_random_uuid() not null,
  campaign_id uuid not null,
  path text not null,
  file_name text not null,
  size_bytes bigint not null,
  mime text not null,
  created_at timestamp with time zone default now() not null,
  constraint brief_attachments_pkey primary key (id),
  constraint brief_attachments_path_key unique (path),
  constraint brief_attachments_campaign_id_fkey foreign key (campaign_id) references app.campaigns(id) on delete cascade,
  constraint brief_attachments_file_name_valid check (char_length(file_name) >= 1 and char_length(file_name) <= 200 and file_name !~ '[[:cntrl:]]'::text),
  constraint brief_attachments_mime_valid check (mime = any (array['application/pdf'::text, 'image/jpeg'::text, 'image/png'::text, 'image/webp'::text])),
  constraint brief_attachments_path_in_campaign check (path ~~ (campaign_id::text || '/%'::text)),
  constraint brief_attachments_size_valid check (size_bytes >= 0)
);
alter table app.brief_attachments enable row level security;
comment on table app.brief_attachments is 'Files a brand attaches to a campaign''s brief (bucket briefs, path <campaign id>/...). Read by the brand, the creators hired on it and admins; written through api.attach_brief_file and api.remove_brief_file.';
comment on column app.brief_attachments.file_name is 'The name shown (the file''s name on the brand''s computer); the path is the object''s key.';
grant select on app.brief_attachments to authenticated;
grant select, insert, update, delete on app.brief_attachments to service_role;

create index brief_attachments_campaign_idx on app.brief_attachments using btree (campaign_id, created_at);

create policy brief_attachments_party_select on app.brief_attachments
for select
to authenticated
using (app.storage_campaign_party(campaign_id, true) or ( select app.is_admin() as is_admin));

create table app.file_checks (
  bucket text not null,
  name text not null,
  mime text not null,
  version text not null,
  checked_at timestamp with time zone default now() not null,
  constraint file_checks_pkey primary key (bucket, name)
);
alter table app.file_checks enable row level security;
comment on table app.file_checks is 'Storage objects whose first bytes matched their declared type (files-verify edge function): the object''s version and type when checked.';
comment on column app.file_checks.version is 'storage.objects.version when checked: an upsert gives the object a new version, which is not verified.';
grant select, insert, update, delete on app.file_checks to service_role;

create or replace function app.file_verified(bucket text, name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from app.file_checks c
    join storage.objects o on o.bucket_id = c.bucket and o.name = c.name
    where c.bucket = file_verified.bucket and c.name = file_verified.name
      and o.version is not distinct from c.version
      and o.metadata ->> 'mimetype' = c.mime
  );
$$;
comment on function app.file_verified(bucket text, name text) is 'Is this Storage object, at its current version and type, one files-verify found to hold what its type says?';
grant execute on function app.file_verified(bucket text, name text) to authenticated, service_role;

create or replace function app.storage_hire_party(hire_id uuid, brand_too boolean)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from app.applications a
    where a.id = hire_id and a.status = 'accepted'
      and (a.creator_id = (select auth.uid()) or (brand_too and a.brand_id = (select auth.uid())))
  );
$$;
comment on function app.storage_hire_party(hire_id uuid, brand_too boolean) is 'Storage policies on drafts: is the user this hire''s creator (or its brand)?';
grant execute on function app.storage_hire_party(hire_id uuid, brand_too boolean) to authenticated, service_role;

create or replace function app.storage_own_public_object(url text, bucket text)
returns boolean
language sql
stable
set search_path = ''
as $$
  -- Invoker on purpose: RLS on storage.objects shows the caller only their own avatars and logos, and the
  -- folder test says so again for a reader of this function.
  select exists (
    select 1 from storage.objects o
    where o.bucket_id = storage_own_public_object.bucket
      and o.name = substring(storage_own_public_object.url from '^https?://[^/?#[:space:]]+/storage/v1/object/public/[a-z]+/([^?#[:space:]]+)$')
      and storage_own_public_object.url ~ ('^https?://[^/?#[:space:]]+/storage/v1/object/public/' || storage_own_public_object.bucket || '/')
      and app.storage_owner_folder(o.name) = (select auth.uid())
  );
$$;
comment on function app.storage_own_public_object(url text, bucket text) is 'Is this the public Storage URL of an object in the bucket, in the caller''s own folder, that exists?';
grant execute on function app.storage_own_public_object(url text, bucket text) to authenticated, service_role;

create or replace function app.storage_owner_folder(object_name text)
returns uuid
language sql
stable
set search_path = ''
as $$
  select case
    when (storage.foldername(object_name))[1] ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      then ((storage.foldername(object_name))[1])::uuid
  end;
$$;
comment on function app.storage_owner_folder(object_name text) is 'The uuid a Storage path starts with (its first folder), null when there is none.';
grant execute on function app.storage_owner_folder(object_name text) to anon, authenticated, service_role;

create policy avatars_own_delete on storage.objects
for delete
to authenticated
using (bucket_id = 'avatars'::text and app.storage_owner_folder(name) = (( select auth.uid() as uid)));

create policy avatars_own_insert on storage.objects
for insert
to authenticated
with check (bucket_id = 'avatars'::text and app.storage_owner_folder(name) = (( select auth.uid() as uid)));

create policy avatars_own_select on storage.objects
for select
to authenticated
using (bucket_id = 'avatars'::text and app.storage_owner_folder(name) = (( select auth.uid() as uid)));

create policy avatars_own_update on storage.objects
for update
to authenticated
using (bucket_id = 'avatars'::text and app.storage_owner_folder(name) = (( select auth.uid() as uid)))
with check (bucket_id = 'avatars'::text and app.storage_owner_folder(name) = (( select auth.uid() as uid)));

create policy briefs_brand_delete on storage.objects
for delete
to authenticated
using (bucket_id = 'briefs'::text and (app.storage_campaign_party(app.storage_owner_folder(name), false) or ( select app.is_admin() as is_admin)));

create policy briefs_brand_insert on storage.objects
for insert
to authenticated
with check (bucket_id = 'briefs'::text and app.storage_campaign_party(app.storage_owner_folder(name), false));

create policy briefs_brand_update on storage.objects
for update
to authenticated
using (bucket_id = 'briefs'::text and app.storage_campaign_party(app.storage_owner_folder(name), false))
with check (bucket_id = 'briefs'::text and app.storage_campaign_party(app.storage_owner_folder(name), false));

create policy briefs_party_select on storage.objects
for select
to authenticated
using (bucket_id = 'briefs'::text and (app.storage_campaign_party(app.storage_owner_folder(name), true) or ( select app.is_admin() as is_admin)));

create policy documents_owner_select on storage.objects
for select
to authenticated
using (bucket_id = 'documents'::text and (app.storage_owner_folder(name) = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin)));

create policy drafts_creator_delete on storage.objects
for delete
to authenticated
using (bucket_id = 'drafts'::text and (app.storage_hire_party(app.storage_owner_folder(name), false) or ( select app.is_admin() as is_admin)));

create policy drafts_creator_insert on storage.objects
for insert
to authenticated
with check (bucket_id = 'drafts'::text and app.storage_hire_party(app.storage_owner_folder(name), false));

create policy drafts_creator_update on storage.objects
for update
to authenticated
using (bucket_id = 'drafts'::text and app.storage_hire_party(app.storage_owner_folder(name), false))
with check (bucket_id = 'drafts'::text and app.storage_hire_party(app.storage_owner_folder(name), false));

create policy drafts_party_select on storage.objects
for select
to authenticated
using (bucket_id = 'drafts'::text and (app.storage_hire_party(app.storage_owner_folder(name), true) or ( select app.is_admin() as is_admin)));

create policy logos_brand_delete on storage.objects
for delete
to authenticated
using (bucket_id = 'logos'::text and app.storage_owner_folder(name) = (( select auth.uid() as uid)));

create policy logos_brand_insert on storage.objects
for insert
to authenticated
with check (bucket_id = 'logos'::text and app.storage_owner_folder(name) = (( select auth.uid() as uid)) and (( select app."current_role"() as "current_role")) = 'brand'::text);

create policy logos_brand_select on storage.objects
for select
to authenticated
using (bucket_id = 'logos'::text and app.storage_owner_folder(name) = (( select auth.uid() as uid)));

create policy logos_brand_update on storage.objects
for update
to authenticated
using (bucket_id = 'logos'::text and app.storage_owner_folder(name) = (( select auth.uid() as uid)))
with check (bucket_id = 'logos'::text and app.storage_owner_folder(name) = (( select auth.uid() as uid)) and (( select app."current_role"() as "current_role")) = 'brand'::text);

create policy portfolio_creator_delete on storage.objects
for delete
to authenticated
using (bucket_id = 'portfolio'::text and app.storage_owner_folder(name) = (( select auth.uid() as uid)));

create policy portfolio_creator_insert on storage.objects
for insert
to authenticated
with check (bucket_id = 'portfolio'::text and app.storage_owner_folder(name) = (( select auth.uid() as uid)) and (( select app."current_role"() as "current_role")) = 'creator'::text);

create policy portfolio_creator_update on storage.objects
for update
to authenticated
using (bucket_id = 'portfolio'::text and app.storage_owner_folder(name) = (( select auth.uid() as uid)))
with check (bucket_id = 'portfolio'::text and app.storage_owner_folder(name) = (( select auth.uid() as uid)) and (( select app."current_role"() as "current_role")) = 'creator'::text);

create policy portfolio_list on storage.objects
for select
to anon, authenticated
using (bucket_id = 'portfolio'::text);

create policy "The hire's creator adds drafts" on app.drafts
for insert
to authenticated
with check (creator_id = (( select auth.uid() as uid)) and app.storage_hire_party(application_id, false));
