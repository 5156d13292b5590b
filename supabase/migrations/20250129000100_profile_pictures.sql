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
  -- A brand's picture is its logo: everything that draws a person's avatar_url (the sidebar, messages,
  -- the admins' user list) shows it too.
  update app.profiles p set avatar_url = set_my_logo.logo_url where p.id = (select auth.uid());
end;
$$;
comment on function api.set_my_logo(logo_url text) is 'Sets (or with null removes) the calling brand''s logo, which is also its avatar: only the public URL of an object in their own logos folder.';
grant execute on function api.set_my_logo(logo_url text) to authenticated;

-- Campaign cards show the brand's logo: a new last attribute, which the one function returning the type fills.
alter type api.campaign_card add attribute brand_logo_url text;
comment on type api.campaign_card is 'A campaign as lists show it. has_applied: the caller has applied; my_application_status: that application''s status (pending, accepted, rejected, canceled), null without one; brand_logo_url: the brand''s logo, null without one.';

create or replace function api.browse_campaigns(
  keyword text default null::text,
  content_type text default null::text,
  platform text default null::text,
  after_created_at timestamp with time zone default null::timestamp with time zone,
  after_id uuid default null::uuid,
  page_size integer default 20
)
returns setof api.campaign_card
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  q text;
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  q := 'select c.id, c.title, c.description, c.content_type, c.platforms, c.compensation_type,
      c.compensation_cents, c.deadline, c.status, c.created_at, c.brand_id,
      coalesce(b.company_name, p.full_name), c.application_count,
      mine.status is not null, mine.status, b.logo_url
    from app.campaigns c
    join app.profiles p on p.id = c.brand_id
    left join app.brand_profiles b on b.user_id = c.brand_id
    left join app.applications mine on mine.campaign_id = c.id and mine.creator_id = $7
    where c.status = ''active''' || app.browse_filter_sql(content_type, platform);
  if nullif(btrim(keyword), '') is not null then
    q := q || ' and c.search_text like app.contains_pattern($1)';
  end if;
  if after_created_at is not null then
    q := q || ' and (c.created_at, c.id) < ($4, coalesce($5, ''ffffffff-ffff-ffff-ffff-ffffffffffff''::uuid))';
  end if;
  q := q || ' order by c.created_at desc, c.id desc limit $6';
  return query execute q
    using keyword, content_type, platform, after_created_at, after_id,
          least(greatest(coalesce(page_size, 20), 1), 100), (select auth.uid());
end;
$$;
comment on function api.browse_campaigns(keyword text, content_type text, platform text, after_created_at timestamp with time zone, after_id uuid, page_size integer) is 'Active campaigns, newest first, keyset pages. Security definer: under RLS the trigram index cannot serve the keyword LIKE (10x slower); it returns only active campaigns, which every signed-in user may see.';
grant execute on function api.browse_campaigns(keyword text, content_type text, platform text, after_created_at timestamp with time zone, after_id uuid, page_size integer) to authenticated;
