-- Files in Supabase Storage: who may read and write which object (the buckets are rows, in the migration).
-- This file: the api functions and types (the Data API); the tables are in ../files.sql.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create or replace function api.attach_brief_file(campaign_id uuid, path text, file_name text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  object_mime text;
  object_size bigint;
  shown text := btrim(attach_brief_file.file_name);
  attached uuid;
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  -- Locks the campaign: two attachments at once cannot both be the fifth.
  perform 1 from app.campaigns c where c.id = attach_brief_file.campaign_id and c.brand_id = (select auth.uid()) for update;
  if not found then
    perform app.fail('42501', 'Only the campaign''s brand can attach files to its brief', 'not_campaign_brand');
  end if;
  if shown is null or shown = '' or char_length(shown) > 200 or shown ~ '[[:cntrl:]]' then
    perform app.fail('22023', 'The file name must be 1 to 200 characters without control characters', 'brief_file_name_invalid');
  end if;
  if attach_brief_file.path is null or app.storage_owner_folder(attach_brief_file.path) is distinct from attach_brief_file.campaign_id
     or attach_brief_file.path ~ '[[:cntrl:]]' or attach_brief_file.path ~ '(^|/)\.\.?(/|$)' then
    perform app.fail('22023', 'The file must be in this campaign''s briefs folder', 'brief_file_not_uploaded');
  end if;
  select o.metadata ->> 'mimetype', (o.metadata ->> 'size')::bigint into object_mime, object_size
  from storage.objects o where o.bucket_id = 'briefs' and o.name = attach_brief_file.path;
  if not found then
    perform app.fail('22023', 'The file must be in this campaign''s briefs folder', 'brief_file_not_uploaded');
  end if;
  if not app.file_verified('briefs', attach_brief_file.path) then
    perform app.fail('22023', 'The file''s content has not been checked against its type', 'file_not_verified');
  end if;
  select a.id into attached from app.brief_attachments a where a.path = attach_brief_file.path;
  if found then
    return attached;
  end if;
  if (select count(*) from app.brief_attachments a where a.campaign_id = attach_brief_file.campaign_id) >= 5 then
    perform app.fail('22023', 'A brief has at most 5 attachments', 'brief_attachments_full');
  end if;
  insert into app.brief_attachments (campaign_id, path, file_name, size_bytes, mime)
  values (attach_brief_file.campaign_id, attach_brief_file.path, shown, coalesce(object_size, 0), object_mime)
  returning id into attached;
  return attached;
end;
$$;
comment on function api.attach_brief_file(campaign_id uuid, path text, file_name text) is 'The campaign''s brand lists an uploaded, verified file of briefs/<campaign id>/ on the brief (at most 5); answers its id (the same id again for a path already attached). Security definer: app.brief_attachments has no write policy, so its rows are written only here, after the checks of the brand, the folder, the object, its verification and the count.';
grant execute on function api.attach_brief_file(campaign_id uuid, path text, file_name text) to authenticated;

create or replace function api.brief_attachments(campaign_id uuid)
returns table (
  id uuid,
  file_name text,
  path text,
  size_bytes bigint,
  mime text,
  created_at timestamp with time zone
)
language sql
stable
set search_path = ''
as $$
  -- Invoker: RLS shows the rows to the brand, the hired creators and admins; anyone else gets none.
  select a.id, a.file_name, a.path, a.size_bytes, a.mime, a.created_at
  from app.brief_attachments a
  where a.campaign_id = brief_attachments.campaign_id
  order by a.created_at, a.id;
$$;
comment on function api.brief_attachments(campaign_id uuid) is 'A campaign''s brief attachments, oldest first: for its brand, the creators hired on it and admins; empty for anyone else.';
grant execute on function api.brief_attachments(campaign_id uuid) to authenticated;

create or replace function api.orphan_file_folders()
returns table(bucket text, folder text)
language sql
stable
set search_path = ''
as $$
  select distinct o.bucket_id, (storage.foldername(o.name))[1]
  from storage.objects o
  where (o.bucket_id = 'briefs'
      and not exists (select 1 from app.campaigns c where c.id = app.storage_owner_folder(o.name)))
    or (o.bucket_id = 'drafts'
      and not exists (select 1 from app.applications a where a.id = app.storage_owner_folder(o.name)));
$$;
comment on function api.orphan_file_folders() is 'admin-users: the drafts and briefs folders whose hire or campaign is gone (removed after an account deletion). Service role only.';
grant execute on function api.orphan_file_folders() to service_role;

create or replace function api.record_file_check(bucket text, name text, mime text, version text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  -- The object must still be the one whose bytes were read: same version, same declared type.
  if not exists (
    select 1 from storage.objects o
    where o.bucket_id = record_file_check.bucket and o.name = record_file_check.name
      and o.version is not distinct from record_file_check.version and o.metadata ->> 'mimetype' = record_file_check.mime
  ) then
    perform app.fail('22023', 'The file changed while it was checked', 'file_changed');
  end if;
  insert into app.file_checks as c (bucket, name, mime, version)
  values (record_file_check.bucket, record_file_check.name, record_file_check.mime, record_file_check.version)
  on conflict on constraint file_checks_pkey do update set mime = excluded.mime, version = excluded.version, checked_at = now();
end;
$$;
comment on function api.record_file_check(bucket text, name text, mime text, version text) is 'files-verify records an object whose first bytes matched its type. Service role only (which reads storage.objects and writes app.file_checks itself).';
grant execute on function api.record_file_check(bucket text, name text, mime text, version text) to service_role;

create or replace function api.remove_brief_file(attachment_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed text;
begin
  delete from app.brief_attachments a
  using app.campaigns c
  where a.id = remove_brief_file.attachment_id and c.id = a.campaign_id and c.brand_id = (select auth.uid())
  returning a.path into removed;
  if removed is null then
    perform app.fail('42501', 'Only the campaign''s brand can remove files from its brief', 'not_campaign_brand');
  end if;
  return removed;
end;
$$;
comment on function api.remove_brief_file(attachment_id uuid) is 'The campaign''s brand takes a file off the brief; answers the object''s path, for the client to remove from Storage. Security definer: app.brief_attachments has no write policy; the delete is filtered by the campaign''s brand being the caller.';
grant execute on function api.remove_brief_file(attachment_id uuid) to authenticated;
