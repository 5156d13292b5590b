-- Issue 34 (decision 0050): files whose content was checked against their declared type, campaign brief
-- attachments, and update_brand_profile no longer setting a logo.

-- Storage takes the type a client declares and never reads the bytes (hosted does not sniff either), so
-- the files-verify edge function reads an object's first bytes and, when they match its type, records it
-- here. Written only through api.record_file_check (service role); read only through app.file_verified.
create table app.file_checks (
  bucket     text                     not null,
  name       text                     not null,
  mime       text                     not null,
  version    text                     not null,
  checked_at timestamp with time zone not null default now(),
  constraint file_checks_pkey primary key (bucket, name)
);
alter table app.file_checks enable row level security;
comment on table app.file_checks is 'Storage objects whose first bytes matched their declared type (files-verify edge function): the object''s version and type when checked.';
comment on column app.file_checks.version is 'storage.objects.version when checked: an upsert gives the object a new version, which is not verified.';
revoke all on table app.file_checks from anon, authenticated;
grant select, insert, update, delete on table app.file_checks to service_role;

-- Whether the object as it is NOW (same version, same declared type) is the one whose bytes were checked.
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
revoke all on function app.file_verified(bucket text, name text) from public;
grant execute on function app.file_verified(bucket text, name text) to authenticated, service_role;

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
revoke all on function api.record_file_check(bucket text, name text, mime text, version text) from public, anon, authenticated;
grant execute on function api.record_file_check(bucket text, name text, mime text, version text) to service_role;

-- Brief attachments: files in briefs/<campaign id>/ the campaign's brand lists on the campaign.
create table app.brief_attachments (
  id          uuid                     not null default gen_random_uuid(),
  campaign_id uuid                     not null,
  path        text                     not null,
  file_name   text                     not null,
  size_bytes  bigint                   not null,
  mime        text                     not null,
  created_at  timestamp with time zone not null default now(),
  constraint brief_attachments_pkey primary key (id),
  constraint brief_attachments_campaign_id_fkey foreign key (campaign_id) references app.campaigns (id) on delete cascade,
  constraint brief_attachments_path_key unique (path),
  constraint brief_attachments_path_in_campaign check (path like campaign_id::text || '/%'),
  constraint brief_attachments_file_name_valid check (char_length(file_name) between 1 and 200 and file_name !~ '[[:cntrl:]]'),
  constraint brief_attachments_mime_valid check (mime = any (array['application/pdf', 'image/jpeg', 'image/png', 'image/webp'])),
  constraint brief_attachments_size_valid check (size_bytes >= 0)
);
alter table app.brief_attachments enable row level security;
comment on table app.brief_attachments is 'Files a brand attaches to a campaign''s brief (bucket briefs, path <campaign id>/...). Read by the brand, the creators hired on it and admins; written through api.attach_brief_file and api.remove_brief_file.';
comment on column app.brief_attachments.file_name is 'The name shown (the file''s name on the brand''s computer); the path is the object''s key.';
grant select on table app.brief_attachments to authenticated;
grant select, insert, update, delete on table app.brief_attachments to service_role;
create index brief_attachments_campaign_idx on app.brief_attachments using btree (campaign_id, created_at);

-- The same parties Storage lets read the files: anyone else sees no row (not even how many there are).
create policy brief_attachments_party_select on app.brief_attachments for select to authenticated
  using (app.storage_campaign_party(campaign_id, true) or (select app.is_admin()));

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
revoke all on function api.attach_brief_file(campaign_id uuid, path text, file_name text) from public, anon;
grant execute on function api.attach_brief_file(campaign_id uuid, path text, file_name text) to authenticated;

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
revoke all on function api.remove_brief_file(attachment_id uuid) from public, anon;
grant execute on function api.remove_brief_file(attachment_id uuid) to authenticated;

create or replace function api.brief_attachments(campaign_id uuid)
returns table (id uuid, file_name text, path text, size_bytes bigint, mime text, created_at timestamp with time zone)
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
revoke all on function api.brief_attachments(campaign_id uuid) from public, anon;
grant execute on function api.brief_attachments(campaign_id uuid) to authenticated;

-- Profile photos and logos: only a file whose content was checked (decision 0046 amended by 0050).
create or replace function api.set_my_avatar(avatar_url text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  if set_my_avatar.avatar_url is not null and not app.storage_own_public_object(set_my_avatar.avatar_url, 'avatars') then
    perform app.fail('22023', 'The picture must be an image you uploaded to your avatars folder', 'picture_not_uploaded');
  end if;
  if set_my_avatar.avatar_url is not null
     and not app.file_verified('avatars', substring(set_my_avatar.avatar_url from '/storage/v1/object/public/avatars/([^?#]+)$')) then
    perform app.fail('22023', 'The picture''s content has not been checked against its type', 'file_not_verified');
  end if;
  update app.profiles p set avatar_url = set_my_avatar.avatar_url where p.id = (select auth.uid());
end;
$$;
comment on function api.set_my_avatar(avatar_url text) is 'Sets (or with null removes) the caller''s profile photo: only the public URL of an object in their own avatars folder whose content files-verify checked.';

create or replace function api.set_my_logo(logo_url text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if (select app.current_role()) is distinct from 'brand' then
    perform app.fail('42501', 'Only brands have a brand profile', 'not_brand');
  end if;
  if set_my_logo.logo_url is not null and not app.storage_own_public_object(set_my_logo.logo_url, 'logos') then
    perform app.fail('22023', 'The logo must be an image you uploaded to your logos folder', 'picture_not_uploaded');
  end if;
  if set_my_logo.logo_url is not null
     and not app.file_verified('logos', substring(set_my_logo.logo_url from '/storage/v1/object/public/logos/([^?#]+)$')) then
    perform app.fail('22023', 'The logo''s content has not been checked against its type', 'file_not_verified');
  end if;
  update app.brand_profiles b set logo_url = set_my_logo.logo_url where b.user_id = (select auth.uid());
  if not found then
    perform app.fail('22023', 'Save your company details first', 'brand_profile_missing');
  end if;
  -- A brand's picture is its logo: everything that draws a person's avatar_url (the sidebar, messages,
  -- the admins' user list) shows it too.
  update app.profiles p set avatar_url = set_my_logo.logo_url where p.id = (select auth.uid());
end;
$$;
comment on function api.set_my_logo(logo_url text) is 'Sets (or with null removes) the calling brand''s logo, which is also its avatar: only the public URL of an object in their own logos folder whose content files-verify checked.';

-- The logo is set only through api.set_my_logo (an uploaded, checked file). The parameter stays so a
-- caller that names it still reaches this function, but a value is refused rather than silently dropped.
create or replace function api.update_brand_profile(
  company_name text,
  website text default null::text,
  industry text default null::text,
  contact_email text default null::text,
  contact_phone text default null::text,
  logo_url text default null::text
)
returns void
language plpgsql
set search_path = ''
as $$
declare
  site text;
begin
  if (select app.current_role()) is distinct from 'brand' then
    perform app.fail('42501', 'Only brands have a brand profile', 'not_brand');
  end if;
  if update_brand_profile.logo_url is not null then
    perform app.fail('22023', 'The logo is uploaded in Settings (api.set_my_logo), not given as a link', 'logo_url_not_accepted');
  end if;
  if app.is_blank(company_name) then
    perform app.fail('22023', 'Company name is required', 'company_name_required');
  end if;
  site := app.web_url(website, 'Website', 'website_invalid');
  if nullif(btrim(contact_email), '') is not null and btrim(contact_email) !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    perform app.fail('22023', 'Please enter a valid email', 'contact_email_invalid');
  end if;
  insert into app.brand_profiles as b (user_id, company_name, website, industry, contact_email, contact_phone)
  values ((select auth.uid()), btrim(company_name), site, app.clean_text(industry),
    nullif(btrim(contact_email), ''), app.clean_text(contact_phone))
  on conflict (user_id) do update set
    company_name = excluded.company_name, website = excluded.website, industry = excluded.industry,
    contact_email = excluded.contact_email, contact_phone = excluded.contact_phone;
end;
$$;
comment on function api.update_brand_profile(company_name text, website text, industry text, contact_email text, contact_phone text, logo_url text) is 'The calling brand''s company details. logo_url must be null (logo_url_not_accepted otherwise): the logo is set by api.set_my_logo.';
