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
