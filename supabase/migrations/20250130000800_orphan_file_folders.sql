-- Files left behind when an account goes (issue 34: removing an account removes its files). Drafts and
-- brief files belong to a hire or a campaign, not to one user, so deleting a user does not name them; but
-- the campaigns of a deleted brand and the applications of a deleted creator go with the profile
-- (on delete cascade), and their folders would then sit in Storage with nobody able to open them.
-- admin-users asks for those folders after a deletion and removes them through Storage.
create or replace function api.orphan_file_folders()
returns table (bucket text, folder text)
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
revoke all on function api.orphan_file_folders() from public;
grant execute on function api.orphan_file_folders() to service_role;
