-- Issue 34 item 3: profile photos and brand logos from Storage (decision 0046). The caller saves the public
-- URL of an image they uploaded into their own folder of `avatars` or `logos`; null removes it.

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
  update app.profiles p set avatar_url = set_my_avatar.avatar_url where p.id = (select auth.uid());
end;
$$;
comment on function api.set_my_avatar(avatar_url text) is 'Sets (or with null removes) the caller''s profile photo: only the public URL of an object in their own avatars folder.';
grant execute on function api.set_my_avatar(avatar_url text) to authenticated;

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
  update app.brand_profiles b set logo_url = set_my_logo.logo_url where b.user_id = (select auth.uid());
  if not found then
    perform app.fail('22023', 'Save your company details first', 'brand_profile_missing');
  end if;
end;
$$;
comment on function api.set_my_logo(logo_url text) is 'Sets (or with null removes) the calling brand''s logo: only the public URL of an object in their own logos folder.';
grant execute on function api.set_my_logo(logo_url text) to authenticated;
