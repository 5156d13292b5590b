-- Files in Supabase Storage (issue 34, decision 0042): the app's buckets and who may touch which object.
-- The storage schema is Supabase's (it exists on every hosted project before this runs); this migration
-- only adds rows to storage.buckets and policies on storage.objects. Paths name their owner in the first
-- folder, checked with storage.foldername():
--   avatars/<user id>/…, logos/<brand id>/…, portfolio/<creator id>/…  (public buckets: anyone reads by URL)
--   drafts/<hire id>/…   (the hire = the accepted application: its creator, its brand, admins)
--   briefs/<campaign id>/…  (the campaign's brand, its hired creators, admins)

-- Buckets are rows, not schema: written here by hand and kept out of supabase/schemas (decision 0039).
-- Sizes in bytes; MIME types checked by Storage before the upload starts. SVG is left out on purpose: an
-- SVG is a document that can run script when opened from the project's origin.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('avatars', 'avatars', true, 2097152, array['image/jpeg', 'image/png', 'image/webp']),
  ('logos', 'logos', true, 2097152, array['image/jpeg', 'image/png', 'image/webp']),
  ('portfolio', 'portfolio', true, 104857600,
    array['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/quicktime', 'video/webm']),
  ('drafts', 'drafts', false, 1073741824,
    array['video/mp4', 'video/quicktime', 'video/webm', 'image/jpeg', 'image/png', 'image/webp']),
  ('briefs', 'briefs', false, 26214400, array['application/pdf', 'image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update
  set public = excluded.public, file_size_limit = excluded.file_size_limit, allowed_mime_types = excluded.allowed_mime_types;

-- The first folder of a path as a uuid, or null when it is not one (a policy must not fail on a bad path).
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
comment on function app.storage_owner_folder(text) is 'The uuid a Storage path starts with (its first folder), null when there is none.';
grant execute on function app.storage_owner_folder(text) to anon, authenticated, service_role;

-- Whether the signed-in user is the creator (or, with brand_too, the brand) of an accepted application.
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
comment on function app.storage_hire_party(uuid, boolean) is 'Storage policies on drafts: is the user this hire''s creator (or its brand)?';
revoke all on function app.storage_hire_party(uuid, boolean) from public;
grant execute on function app.storage_hire_party(uuid, boolean) to authenticated, service_role;

-- Whether the signed-in user is the campaign's brand, or (hired_too) a creator hired on it.
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
comment on function app.storage_campaign_party(uuid, boolean) is 'Storage policies on briefs: is the user the campaign''s brand (or a creator hired on it)?';
revoke all on function app.storage_campaign_party(uuid, boolean) from public;
grant execute on function app.storage_campaign_party(uuid, boolean) to authenticated, service_role;

-- avatars: every user their own folder. Reading is by public URL; select is for upsert, list and remove.
create policy avatars_own_select on storage.objects for select to authenticated
  using (bucket_id = 'avatars' and app.storage_owner_folder(name) = (select auth.uid()));
create policy avatars_own_insert on storage.objects for insert to authenticated
  with check (bucket_id = 'avatars' and app.storage_owner_folder(name) = (select auth.uid()));
create policy avatars_own_update on storage.objects for update to authenticated
  using (bucket_id = 'avatars' and app.storage_owner_folder(name) = (select auth.uid()))
  with check (bucket_id = 'avatars' and app.storage_owner_folder(name) = (select auth.uid()));
create policy avatars_own_delete on storage.objects for delete to authenticated
  using (bucket_id = 'avatars' and app.storage_owner_folder(name) = (select auth.uid()));

-- logos: a brand's own folder.
create policy logos_brand_select on storage.objects for select to authenticated
  using (bucket_id = 'logos' and app.storage_owner_folder(name) = (select auth.uid()));
create policy logos_brand_insert on storage.objects for insert to authenticated
  with check (bucket_id = 'logos' and app.storage_owner_folder(name) = (select auth.uid()) and (select app.current_role()) = 'brand');
create policy logos_brand_update on storage.objects for update to authenticated
  using (bucket_id = 'logos' and app.storage_owner_folder(name) = (select auth.uid()))
  with check (bucket_id = 'logos' and app.storage_owner_folder(name) = (select auth.uid()) and (select app.current_role()) = 'brand');
create policy logos_brand_delete on storage.objects for delete to authenticated
  using (bucket_id = 'logos' and app.storage_owner_folder(name) = (select auth.uid()));

-- portfolio: a creator's own folder; anyone may list it (the files are public anyway).
create policy portfolio_list on storage.objects for select to anon, authenticated
  using (bucket_id = 'portfolio');
create policy portfolio_creator_insert on storage.objects for insert to authenticated
  with check (bucket_id = 'portfolio' and app.storage_owner_folder(name) = (select auth.uid()) and (select app.current_role()) = 'creator');
create policy portfolio_creator_update on storage.objects for update to authenticated
  using (bucket_id = 'portfolio' and app.storage_owner_folder(name) = (select auth.uid()))
  with check (bucket_id = 'portfolio' and app.storage_owner_folder(name) = (select auth.uid()) and (select app.current_role()) = 'creator');
create policy portfolio_creator_delete on storage.objects for delete to authenticated
  using (bucket_id = 'portfolio' and app.storage_owner_folder(name) = (select auth.uid()));

-- drafts: the hire's creator uploads and replaces; the creator, the brand and admins read; the creator
-- and admins remove.
create policy drafts_party_select on storage.objects for select to authenticated
  using (bucket_id = 'drafts' and (app.storage_hire_party(app.storage_owner_folder(name), true) or (select app.is_admin())));
create policy drafts_creator_insert on storage.objects for insert to authenticated
  with check (bucket_id = 'drafts' and app.storage_hire_party(app.storage_owner_folder(name), false));
create policy drafts_creator_update on storage.objects for update to authenticated
  using (bucket_id = 'drafts' and app.storage_hire_party(app.storage_owner_folder(name), false))
  with check (bucket_id = 'drafts' and app.storage_hire_party(app.storage_owner_folder(name), false));
create policy drafts_creator_delete on storage.objects for delete to authenticated
  using (bucket_id = 'drafts' and (app.storage_hire_party(app.storage_owner_folder(name), false) or (select app.is_admin())));

-- briefs: the campaign's brand writes; the brand, the creators hired on it and admins read.
create policy briefs_party_select on storage.objects for select to authenticated
  using (bucket_id = 'briefs' and (app.storage_campaign_party(app.storage_owner_folder(name), true) or (select app.is_admin())));
create policy briefs_brand_insert on storage.objects for insert to authenticated
  with check (bucket_id = 'briefs' and app.storage_campaign_party(app.storage_owner_folder(name), false));
create policy briefs_brand_update on storage.objects for update to authenticated
  using (bucket_id = 'briefs' and app.storage_campaign_party(app.storage_owner_folder(name), false))
  with check (bucket_id = 'briefs' and app.storage_campaign_party(app.storage_owner_folder(name), false));
create policy briefs_brand_delete on storage.objects for delete to authenticated
  using (bucket_id = 'briefs' and (app.storage_campaign_party(app.storage_owner_folder(name), false) or (select app.is_admin())));
