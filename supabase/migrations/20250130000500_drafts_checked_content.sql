-- Draft review meets checked file contents (decisions 0049 and 0050): a draft is registered only once
-- files-verify has read its first bytes against its declared type, as pictures and brief files already are.
-- The function is 0049's with one check added after the object is found.
create or replace function api.register_draft(application_id uuid, storage_path text)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  a app.applications;
  obj record;
  latest app.drafts;
  new_id uuid;
begin
  select * into a from app.applications x where x.id = register_draft.application_id;
  if not found or (select auth.uid()) not in (a.creator_id, a.brand_id) then
    perform app.fail('PT404', 'Hire not found', 'application_not_found');
  end if;
  if a.creator_id is distinct from (select auth.uid()) then
    perform app.fail('42501', 'Only the hired creator uploads drafts', 'not_owner');
  end if;
  if a.status <> 'accepted' then
    perform app.fail('PT409', 'Drafts are uploaded once the application is accepted', 'application_not_accepted');
  end if;
  perform app.assert_hire_allows_work(a.id);
  if storage_path is null or left(storage_path, 37) <> a.id::text || '/' then
    perform app.fail('22023', 'The draft must be a file in this hire''s folder', 'draft_not_uploaded');
  end if;
  -- Invoker on purpose: RLS on storage.objects shows the caller only the drafts of their own hires.
  select o.metadata into obj from storage.objects o where o.bucket_id = 'drafts' and o.name = register_draft.storage_path;
  if not found then
    perform app.fail('22023', 'Upload the file before registering it', 'draft_not_uploaded');
  end if;
  if not app.file_verified('drafts', register_draft.storage_path) then
    perform app.fail('22023', 'The draft''s content has not been checked against its type', 'file_not_verified');
  end if;
  select * into latest from app.drafts d where d.application_id = a.id order by d.round desc limit 1;
  if latest.status = 'submitted' then
    perform app.fail('PT409', 'The brand has not reviewed your last draft yet', 'draft_awaiting_review');
  end if;
  if latest.status = 'approved' then
    perform app.fail('PT409', 'A draft is already approved: submit the public link', 'draft_already_approved');
  end if;
  if exists (select 1 from app.drafts d where d.storage_path = register_draft.storage_path) then
    perform app.fail('PT409', 'This file was already sent for review: upload the new version', 'draft_file_reused');
  end if;
  insert into app.drafts (application_id, creator_id, brand_id, round, storage_path, kind, size_bytes, mime_type)
  values (a.id, a.creator_id, a.brand_id, coalesce(latest.round, 0) + 1, register_draft.storage_path,
    case when obj.metadata ->> 'mimetype' like 'image/%' then 'image' else 'video' end,
    coalesce((obj.metadata ->> 'size')::bigint, (obj.metadata ->> 'contentLength')::bigint, 0),
    coalesce(obj.metadata ->> 'mimetype', 'application/octet-stream'))
  returning id into new_id;
  return new_id;
end;
$$;
comment on function api.register_draft(uuid, text) is 'The hired creator sends an uploaded file (drafts/<hire id>/…) for review: the next round.';
grant execute on function api.register_draft(uuid, text) to authenticated;
