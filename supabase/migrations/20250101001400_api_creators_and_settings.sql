-- Data API: creator discovery and profiles, brand profiles, user summaries and the settings screens.

create type api.creator_card as (
  id uuid,
  full_name text,
  username text,
  avatar_url text,
  bio text,
  niche text,
  followers integer,
  location text,
  instagram_handle text,
  tiktok_handle text,
  youtube_handle text,
  rate_per_post_cents bigint,
  portfolio jsonb,
  rating numeric,
  review_count integer,
  created_at timestamptz
);
comment on type api.creator_card is 'A creator as cards and the profile show them. rating null / review_count 0: no reviews yet.';

/**
 * Creators for brands (and admins): search by name or username (accent- and case-insensitive), niche,
 * platform (instagram|tiktok|youtube: has a handle there), minimum followers. Most followed first; next
 * page: pass the last row's followers and id. Security definer for the same reason as browse_campaigns
 * (trigram index under RLS); it checks the caller's role itself and returns only what every signed-in
 * user may read (public profile columns, never email).
 */
create or replace function api.discover_creators(
  search text default null,
  niche text default null,
  platform text default null,
  min_followers integer default null,
  after_followers integer default null,
  after_id uuid default null,
  page_size integer default 20
)
returns setof api.creator_card
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  q text := 'select p.id, p.full_name, p.username, p.avatar_url, p.bio, cp.niche, cp.followers, cp.location,
      cp.instagram_handle, cp.tiktok_handle, cp.youtube_handle, cp.rate_per_post_cents, cp.portfolio,
      null::numeric, 0, p.created_at
    from app.creator_profiles cp
    join app.profiles p on p.id = cp.user_id
    where p.role = ''creator''';
begin
  if (select app.current_role()) not in ('brand', 'admin') or (select app.current_role()) is null then
    perform app.fail('42501', 'Only brands can discover creators', 'not_brand');
  end if;
  if nullif(btrim(search), '') is not null then
    q := q || ' and p.search_text like app.contains_pattern($1)';
  end if;
  if nullif(btrim(niche), '') is not null then
    q := q || ' and lower(cp.niche) = lower($2)';
  end if;
  if platform = 'instagram' then
    q := q || ' and cp.instagram_handle is not null';
  elsif platform = 'tiktok' then
    q := q || ' and cp.tiktok_handle is not null';
  elsif platform = 'youtube' then
    q := q || ' and cp.youtube_handle is not null';
  elsif nullif(btrim(platform), '') is not null and platform <> 'all' then
    perform app.fail('22023', 'Platform must be instagram, tiktok or youtube', 'platform_invalid');
  end if;
  if min_followers is not null then
    q := q || ' and cp.followers >= $3';
  end if;
  if after_followers is not null then
    q := q || ' and (cp.followers, cp.user_id) < ($4, coalesce($5, ''ffffffff-ffff-ffff-ffff-ffffffffffff''::uuid))';
  end if;
  q := q || ' order by cp.followers desc, cp.user_id desc limit $6';
  return query execute q
    using search, niche, min_followers, after_followers, after_id, least(greatest(coalesce(page_size, 20), 1), 100);
end;
$$;

/** One creator's public profile; no row when the user is not a creator. */
create or replace function api.creator_profile(creator_id uuid)
returns setof api.creator_card
language sql
stable
set search_path = ''
as $$
  select p.id, p.full_name, p.username, p.avatar_url, p.bio, cp.niche, cp.followers, cp.location,
    cp.instagram_handle, cp.tiktok_handle, cp.youtube_handle, cp.rate_per_post_cents, cp.portfolio,
    null::numeric, 0, p.created_at
  from app.profiles p
  join app.creator_profiles cp on cp.user_id = p.id
  where p.id = creator_profile.creator_id and p.role = 'creator'
$$;

/** One brand's public profile; no row when the user is not a brand. */
create or replace function api.brand_profile(brand_id uuid)
returns table (id uuid, full_name text, username text, avatar_url text, bio text, company_name text,
  logo_url text, website text, industry text, contact_email text, contact_phone text)
language sql
stable
set search_path = ''
as $$
  select p.id, p.full_name, p.username, p.avatar_url, p.bio, coalesce(b.company_name, p.full_name), b.logo_url,
    b.website, b.industry, b.contact_email, b.contact_phone
  from app.profiles p
  left join app.brand_profiles b on b.user_id = p.id
  where p.id = brand_profile.brand_id and p.role = 'brand'
$$;

/** Name, username, avatar and role of any user (e.g. a new conversation's contact). */
create or replace function api.user_summary(user_id uuid)
returns table (id uuid, full_name text, username text, avatar_url text, role text)
language sql
stable
set search_path = ''
as $$
  select p.id, p.full_name, p.username, p.avatar_url, p.role from app.profiles p where p.id = user_summary.user_id
$$;

/** Checks username and full name, raising the Edit User form's messages. */
create or replace function app.validate_identity(username text, full_name text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if char_length(btrim(coalesce(full_name, ''))) < 2 then
    perform app.fail('22023', 'Full name must be at least 2 characters', 'full_name_invalid');
  end if;
  if char_length(btrim(full_name)) > 100 then
    perform app.fail('22023', 'Full name must be 100 characters or fewer', 'full_name_invalid');
  end if;
  if char_length(btrim(coalesce(username, ''))) < 3 then
    perform app.fail('22023', 'Username must be at least 3 characters', 'username_invalid');
  end if;
  if btrim(username) !~ '^[A-Za-z0-9._]{3,30}$' then
    perform app.fail('22023', 'Username can only contain letters, numbers, dots and underscores (30 at most)',
      'username_invalid');
  end if;
end;
$$;
grant execute on function app.validate_identity(text, text) to authenticated;

/** The caller updates their own name, username and bio (email changes go through auth.updateUser). */
create or replace function api.update_account(full_name text, username text, bio text default null)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  perform app.validate_identity(username, full_name);
  if char_length(bio) > 2000 then
    perform app.fail('22023', 'Bio must be 2000 characters or fewer', 'bio_too_long');
  end if;
  update app.profiles p
  set full_name = btrim(update_account.full_name), username = btrim(update_account.username),
      bio = nullif(btrim(update_account.bio), '')
  where p.id = (select auth.uid());
end;
$$;

/** The calling brand creates or updates its company details. */
create or replace function api.update_brand_profile(
  company_name text,
  website text default null,
  industry text default null,
  contact_email text default null,
  contact_phone text default null,
  logo_url text default null
)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if (select app.current_role()) is distinct from 'brand' then
    perform app.fail('42501', 'Only brands have a brand profile', 'not_brand');
  end if;
  if nullif(btrim(company_name), '') is null then
    perform app.fail('22023', 'Company name is required', 'company_name_required');
  end if;
  if nullif(btrim(contact_email), '') is not null and btrim(contact_email) !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    perform app.fail('22023', 'Please enter a valid email', 'contact_email_invalid');
  end if;
  insert into app.brand_profiles as b (user_id, company_name, website, industry, contact_email, contact_phone, logo_url)
  values ((select auth.uid()), btrim(company_name), nullif(btrim(website), ''), nullif(btrim(industry), ''),
    nullif(btrim(contact_email), ''), nullif(btrim(contact_phone), ''), nullif(btrim(logo_url), ''))
  on conflict (user_id) do update set
    company_name = excluded.company_name, website = excluded.website, industry = excluded.industry,
    contact_email = excluded.contact_email, contact_phone = excluded.contact_phone,
    logo_url = coalesce(excluded.logo_url, b.logo_url);
end;
$$;

/** The calling creator creates or updates their niche, location, handles, rate and (optionally) followers. */
create or replace function api.update_creator_profile(
  niche text default null,
  location text default null,
  instagram_handle text default null,
  tiktok_handle text default null,
  youtube_handle text default null,
  rate_per_post_cents bigint default null,
  followers integer default null
)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if (select app.current_role()) is distinct from 'creator' then
    perform app.fail('42501', 'Only creators have a creator profile', 'not_creator');
  end if;
  if nullif(btrim(niche), '') is not null
     and btrim(niche) not in ('Beauty', 'Fashion', 'Fitness', 'Food', 'Lifestyle', 'Tech', 'Travel') then
    perform app.fail('22023', 'Please select a valid niche', 'niche_invalid');
  end if;
  if rate_per_post_cents < 0 then
    perform app.fail('22023', 'Rate per post must be 0 or more', 'rate_invalid');
  end if;
  if followers < 0 then
    perform app.fail('22023', 'Followers must be 0 or more', 'followers_invalid');
  end if;
  insert into app.creator_profiles as c (user_id, niche, location, instagram_handle, tiktok_handle, youtube_handle,
    rate_per_post_cents, followers)
  values ((select auth.uid()), nullif(btrim(niche), ''), nullif(btrim(location), ''),
    nullif(btrim(instagram_handle), ''), nullif(btrim(tiktok_handle), ''), nullif(btrim(youtube_handle), ''),
    rate_per_post_cents, coalesce(followers, 0))
  on conflict (user_id) do update set
    niche = excluded.niche, location = excluded.location, instagram_handle = excluded.instagram_handle,
    tiktok_handle = excluded.tiktok_handle, youtube_handle = excluded.youtube_handle,
    rate_per_post_cents = excluded.rate_per_post_cents,
    followers = coalesce(update_creator_profile.followers, c.followers);
end;
$$;

revoke execute on function
  api.discover_creators(text, text, text, integer, integer, uuid, integer), api.creator_profile(uuid),
  api.brand_profile(uuid), api.user_summary(uuid), api.update_account(text, text, text),
  api.update_brand_profile(text, text, text, text, text, text),
  api.update_creator_profile(text, text, text, text, text, bigint, integer) from public;
grant execute on function
  api.discover_creators(text, text, text, integer, integer, uuid, integer), api.creator_profile(uuid),
  api.brand_profile(uuid), api.user_summary(uuid), api.update_account(text, text, text),
  api.update_brand_profile(text, text, text, text, text, text),
  api.update_creator_profile(text, text, text, text, text, bigint, integer) to authenticated;
