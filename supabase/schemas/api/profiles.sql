-- Profiles: users, their brand or creator details, roles, and what Auth triggers on auth.users.
-- This file: the api functions and types (the Data API); the tables are in ../profiles.sql.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

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
  created_at timestamp with time zone,
  verified_reach bigint,
  social_accounts jsonb
);
comment on type api.creator_card is 'A creator as cards and the profile show them. rating null / review_count 0: no reviews yet. portfolio: the items in order (id, kind, path in the portfolio bucket, thumbnail_path, caption): all on the profile, the first three in lists. followers: the self-reported (typed) total; verified_reach: app.verified_reach (0 without a connected account); social_accounts: the connected accounts (platform, handle, profile_url, followers, followers_as_of, status), decision 0054.';

create or replace function api.add_portfolio_item(path text, caption text default null::text, thumbnail_path text default null::text)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  mime text;
  thumb_mime text;
  how_many integer;
  new_id uuid;
  words text := app.clean_text(add_portfolio_item.caption);
begin
  if (select app.current_role()) is distinct from 'creator' then
    perform app.fail('42501', 'Only creators have a portfolio', 'not_creator');
  end if;
  mime := app.own_portfolio_object_type(add_portfolio_item.path);
  if mime is null or mime !~ '^(image|video)/' then
    perform app.fail('22023', 'The file must be an image or video you uploaded to your portfolio folder', 'portfolio_file_not_uploaded');
  end if;
  if add_portfolio_item.thumbnail_path is not null then
    thumb_mime := app.own_portfolio_object_type(add_portfolio_item.thumbnail_path);
    if thumb_mime is null or thumb_mime !~ '^image/' then
      perform app.fail('22023', 'The thumbnail must be an image you uploaded to your portfolio folder', 'portfolio_file_not_uploaded');
    end if;
  end if;
  if not app.file_verified('portfolio', add_portfolio_item.path)
    or (add_portfolio_item.thumbnail_path is not null and not app.file_verified('portfolio', add_portfolio_item.thumbnail_path)) then
    perform app.fail('22023', 'The file''s content has not been checked against its type', 'file_not_verified');
  end if;
  if char_length(words) > 300 then
    perform app.fail('22023', 'A caption must be 300 characters or fewer', 'caption_too_long');
  end if;
  -- Two uploads finishing together must not both be the 12th.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('portfolio:' || me::text, 0));
  select count(*) into how_many from app.portfolio_items i where i.creator_id = me;
  if how_many >= 12 then
    perform app.fail('22023', 'A portfolio holds at most 12 items: remove one first', 'portfolio_full');
  end if;
  if exists (select 1 from app.portfolio_items i where i.creator_id = me and i.path = add_portfolio_item.path) then
    perform app.fail('PT409', 'This file is already in your portfolio', 'portfolio_item_exists');
  end if;
  insert into app.portfolio_items (creator_id, path, thumbnail_path, kind, caption, position)
  values (me, add_portfolio_item.path, add_portfolio_item.thumbnail_path,
    case when mime like 'video/%' then 'video' else 'image' end, words, how_many + 1)
  returning id into new_id;
  return new_id;
end;
$$;
comment on function api.add_portfolio_item(path text, caption text, thumbnail_path text) is 'Creators: adds an object of their own portfolio folder (and its thumbnail) as the last item; the kind comes from the object''s MIME type. At most 12.';
grant execute on function api.add_portfolio_item(path text, caption text, thumbnail_path text) to authenticated;

create or replace function api.admin_brand_queue()
returns table (
  user_id uuid,
  company_name text,
  website text,
  email text,
  email_confirmed boolean,
  signed_up_at timestamp with time zone
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform app.assert_admin();
  return query
    select a.user_id, b.company_name, b.website, p.email, u.email_confirmed_at is not null, p.created_at
    from app.brand_approvals a
    join app.profiles p on p.id = a.user_id
    join app.brand_profiles b on b.user_id = a.user_id
    left join auth.users u on u.id = a.user_id
    where a.status = 'pending'
    order by p.created_at, a.user_id
    limit 200;
end;
$$;
comment on function api.admin_brand_queue() is 'Admins: pending brands. Security definer: reads app.brand_approvals, emails and confirmation; app.assert_admin refuses non-admins first.';
grant execute on function api.admin_brand_queue() to authenticated;

create or replace function api.admin_decide_brand(brand_id uuid, approve boolean, reason text default null::text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  a app.brand_approvals;
  why text := app.clean_text(admin_decide_brand.reason);
  new_status text := case when admin_decide_brand.approve then 'approved' else 'rejected' end;
  company text;
begin
  perform app.assert_admin();
  if admin_decide_brand.approve is null then
    perform app.fail('22023', 'Say whether to approve or reject', 'decision_required');
  end if;
  select * into a from app.brand_approvals x where x.user_id = admin_decide_brand.brand_id for update;
  if not found then
    perform app.fail('PT404', 'No brand waits for approval with this id', 'brand_not_found');
  end if;
  if a.status = 'approved' or (a.status = 'rejected' and not admin_decide_brand.approve) then
    perform app.fail('PT409', 'This brand was already decided', 'brand_already_decided');
  end if;
  if not admin_decide_brand.approve and why is null then
    perform app.fail('22023', 'Give the brand a reason', 'reason_required');
  end if;
  if why is not null and char_length(why) > 1000 then
    perform app.fail('22023', 'The reason must be at most 1000 characters', 'reason_too_long');
  end if;
  update app.brand_approvals x set status = new_status, method = 'admin',
    reason = case when admin_decide_brand.approve then null else why end,
    decided_by = (select auth.uid()), decided_at = now()
  where x.user_id = a.user_id;
  perform app.write_admin_audit((select auth.uid()), 'brand.' || case when admin_decide_brand.approve then 'approve' else 'reject' end,
    'user', a.user_id::text, jsonb_build_object('status', a.status),
    jsonb_build_object('status', new_status) || case when admin_decide_brand.approve then '{}'::jsonb else jsonb_build_object('reason', why) end);
  select b.company_name into company from app.brand_profiles b where b.user_id = a.user_id;
  perform app.queue_account_email(a.user_id, 'brand_' || new_status,
    jsonb_build_object('company', company) || case when admin_decide_brand.approve then '{}'::jsonb else jsonb_build_object('reason', why) end);
  return new_status;
end;
$$;
comment on function api.admin_decide_brand(brand_id uuid, approve boolean, reason text) is 'Admins: approve or reject a pending brand. Security definer: no user role may write app.brand_approvals or the audit log; app.assert_admin refuses non-admins first.';
grant execute on function api.admin_decide_brand(brand_id uuid, approve boolean, reason text) to authenticated;

create or replace function api.brand_profile(brand_id uuid)
returns table (
  id uuid,
  full_name text,
  username text,
  avatar_url text,
  bio text,
  company_name text,
  logo_url text,
  website text,
  industry text,
  contact_email text,
  contact_phone text
)
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
grant execute on function api.brand_profile(brand_id uuid) to authenticated;

create or replace function api.creator_portfolio(creator_id uuid, page_size integer default 24)
returns table (
  deliverable_id uuid,
  content_url text,
  campaign_id uuid,
  campaign_title text,
  approved_at timestamp with time zone
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  return query
    select d.id, d.content_url, c.id, c.title, d.updated_at
    from app.deliverables d
    join app.campaigns c on c.id = d.campaign_id
    where d.creator_id = creator_portfolio.creator_id and d.status = 'approved'
    order by d.updated_at desc, d.id desc
    limit least(greatest(coalesce(page_size, 24), 1), 100);
end;
$$;
comment on function api.creator_portfolio(creator_id uuid, page_size integer) is 'Approved content links of a creator (public part of their profile). Security definer: deliverables are visible only to their two parties under RLS; it returns approved rows and public columns only.';
grant execute on function api.creator_portfolio(creator_id uuid, page_size integer) to authenticated;

create or replace function api.creator_profile(creator_id uuid)
returns setof api.creator_card
language sql
stable
set search_path = ''
as $$
  select p.id, p.full_name, p.username, p.avatar_url, p.bio, cp.niche, cp.followers, cp.location,
    cp.instagram_handle, cp.tiktok_handle, cp.youtube_handle, cp.rate_per_post_cents, app.portfolio_json(p.id, 12),
    round(ur.rating, 1), coalesce(ur.review_count, 0), p.created_at, cp.verified_reach, app.verified_accounts_json(p.id)
  from app.profiles p
  join app.creator_profiles cp on cp.user_id = p.id
  left join app.user_ratings ur on ur.user_id = p.id
  where p.id = creator_profile.creator_id and p.role = 'creator'
$$;
grant execute on function api.creator_profile(creator_id uuid) to authenticated;

create or replace function api.creator_statistics(creator_id uuid)
returns table (
  campaigns_completed integer,
  approved_deliverables integer,
  applications_total integer,
  applications_accepted integer,
  applications_rejected integer,
  acceptance_rate numeric,
  member_since timestamp with time zone
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  return query
    with apps as (
      select count(*)::integer as total,
        (count(*) filter (where a.status = 'accepted'))::integer as accepted,
        (count(*) filter (where a.status = 'rejected'))::integer as rejected
      from app.applications a
      where a.creator_id = creator_statistics.creator_id
    ),
    work as (
      select count(distinct d.campaign_id)::integer as campaigns, count(*)::integer as approved
      from app.deliverables d
      where d.creator_id = creator_statistics.creator_id and d.status = 'approved'
    )
    select work.campaigns, work.approved, apps.total, apps.accepted, apps.rejected,
      case when apps.accepted + apps.rejected = 0 then null
        else round(100.0 * apps.accepted / (apps.accepted + apps.rejected), 1) end,
      p.created_at
    from app.profiles p, apps, work
    where p.id = creator_statistics.creator_id and p.role = 'creator';
end;
$$;
comment on function api.creator_statistics(creator_id uuid) is 'Aggregated track record of a creator. Security definer: a visitor cannot read another user''s applications under RLS; only counts and a rate leave the function.';
grant execute on function api.creator_statistics(creator_id uuid) to authenticated;

create or replace function api.current_profile()
returns table (
  id uuid,
  email text,
  username text,
  full_name text,
  role text,
  bio text,
  avatar_url text,
  language text
)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, p.email, p.username, p.full_name, p.role, p.bio, p.avatar_url, p.language
  from app.profiles p
  where p.id = (select auth.uid())
$$;
comment on function api.current_profile() is 'The signed-in user''s own profile. Security definer: it returns the caller''s email, a column no user role may select, and anon (no rights on app at all) gets no row; it filters by auth.uid().';
grant execute on function api.current_profile() to anon, authenticated, service_role;

create or replace function api.discover_creators(
  search text default null::text,
  niche text default null::text,
  platform text default null::text,
  min_followers integer default null::integer,
  after_followers integer default null::integer,
  after_id uuid default null::uuid,
  page_size integer default 20,
  min_rating numeric default null::numeric,
  verified_only boolean default false,
  sort text default 'followers'::text,
  after_reach bigint default null::bigint
)
returns setof api.creator_card
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  q text := 'select p.id, p.full_name, p.username, p.avatar_url, p.bio, cp.niche, cp.followers, cp.location,
      cp.instagram_handle, cp.tiktok_handle, cp.youtube_handle, cp.rate_per_post_cents, app.portfolio_json(cp.user_id, 3),
      round(ur.rating, 1), coalesce(ur.review_count, 0), p.created_at, cp.verified_reach, app.verified_accounts_json(cp.user_id)
    from app.creator_profiles cp
    join app.profiles p on p.id = cp.user_id
    left join app.user_ratings ur on ur.user_id = cp.user_id
    where p.role = ''creator''';
  by_reach boolean := coalesce(sort, 'followers') = 'verified_reach';
begin
  if (select app.current_role()) not in ('brand', 'admin') or (select app.current_role()) is null then
    perform app.fail('42501', 'Only brands can discover creators', 'not_brand');
  end if;
  if coalesce(sort, 'followers') not in ('followers', 'verified_reach') then
    perform app.fail('22023', 'Sort must be followers or verified_reach', 'sort_invalid');
  end if;
  if (by_reach and after_followers is not null) or (not by_reach and after_reach is not null) then
    perform app.fail('22023', 'The page cursor does not match the sort (after_followers for followers, after_reach for verified_reach)', 'cursor_invalid');
  end if;
  if min_rating is not null and (min_rating < 1 or min_rating > 5) then
    perform app.fail('22023', 'Minimum rating must be between 1 and 5', 'rating_invalid');
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
  if min_rating is not null then
    q := q || ' and ur.review_count > 0 and ur.rating >= $7';
  end if;
  if coalesce(verified_only, false) then
    q := q || ' and cp.verified_accounts > 0';
  end if;
  if by_reach then
    if after_reach is not null then
      q := q || ' and (cp.verified_reach, cp.user_id) < ($8, coalesce($5, ''ffffffff-ffff-ffff-ffff-ffffffffffff''::uuid))';
    end if;
    q := q || ' order by cp.verified_reach desc, cp.user_id desc limit $6';
  else
    if after_followers is not null then
      q := q || ' and (cp.followers, cp.user_id) < ($4, coalesce($5, ''ffffffff-ffff-ffff-ffff-ffffffffffff''::uuid))';
    end if;
    q := q || ' order by cp.followers desc, cp.user_id desc limit $6';
  end if;
  return query execute q
    using search, niche, min_followers, after_followers, after_id, least(greatest(coalesce(page_size, 20), 1), 100), min_rating, after_reach;
end;
$$;
comment on function api.discover_creators(search text, niche text, platform text, min_followers integer, after_followers integer, after_id uuid, page_size integer, min_rating numeric, verified_only boolean, sort text, after_reach bigint) is 'Creators for brands and admins; portfolio carries each creator''s first three items. sort followers (the typed, self-reported count; cursor after_followers, after_id) or verified_reach (cursor after_reach, after_id); verified_only keeps creators with a connected account. Security definer: the trigram name search under RLS (as browse_campaigns); it checks the caller''s role and returns only public profile columns, never email.';
grant execute on function api.discover_creators(search text, niche text, platform text, min_followers integer, after_followers integer, after_id uuid, page_size integer, min_rating numeric, verified_only boolean, sort text, after_reach bigint) to authenticated;

create or replace function api.my_brand_approval()
returns table(status text, reason text, decided_at timestamp with time zone)
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(a.status, 'approved'), a.reason, a.decided_at
  from app.profiles p
  left join app.brand_approvals a on a.user_id = p.id
  where p.id = (select auth.uid()) and p.role = 'brand'
$$;
comment on function api.my_brand_approval() is 'The caller''s own brand approval. Security definer: no user role may read app.brand_approvals; it filters by auth.uid().';
grant execute on function api.my_brand_approval() to authenticated;

create or replace function api.my_sign_in_count()
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select p.sign_in_count from app.profiles p where p.id = (select auth.uid())
$$;
comment on function api.my_sign_in_count() is 'The caller''s own sign-in count. Security definer: the column is not selectable by user roles (nobody reads another''s); it filters by auth.uid().';
grant execute on function api.my_sign_in_count() to authenticated, service_role;

create or replace function api.portfolio(creator_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select app.portfolio_json(portfolio.creator_id, 12)
$$;
comment on function api.portfolio(creator_id uuid) is 'A creator''s whole portfolio in order (id, kind, path, thumbnail_path, caption), for anyone: its files are public anyway. Security definer: anon has no rights on app; only the public columns of the items leave it.';
grant execute on function api.portfolio(creator_id uuid) to anon, authenticated;

create or replace function api.remove_portfolio_item(item_id uuid)
returns text[]
language plpgsql
set search_path = ''
as $$
declare
  gone app.portfolio_items;
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  delete from app.portfolio_items i where i.id = remove_portfolio_item.item_id and i.creator_id = (select auth.uid())
  returning * into gone;
  if not found then
    perform app.fail('PT404', 'No such item in your portfolio', 'portfolio_item_not_found');
  end if;
  update app.portfolio_items i set position = i.position - 1
  where i.creator_id = gone.creator_id and i.position > gone.position;
  -- The caller deletes the files (the bucket's policy lets only them): the row no longer names them.
  return array_remove(array[gone.path, gone.thumbnail_path], null);
end;
$$;
comment on function api.remove_portfolio_item(item_id uuid) is 'Creators: removes one of their portfolio items and closes the gap; returns the object keys for the caller to delete from the bucket.';
grant execute on function api.remove_portfolio_item(item_id uuid) to authenticated;

create or replace function api.reorder_portfolio(item_ids uuid[])
returns void
language plpgsql
set search_path = ''
as $$
declare
  mine uuid[];
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  select coalesce(array_agg(i.id order by i.id), '{}') into mine from app.portfolio_items i where i.creator_id = (select auth.uid());
  if reorder_portfolio.item_ids is null
     or cardinality(reorder_portfolio.item_ids) <> cardinality(mine)
     or (select coalesce(array_agg(distinct x order by x), '{}') from unnest(reorder_portfolio.item_ids) x) <> mine then
    perform app.fail('22023', 'Name each of your portfolio items once, in the new order', 'portfolio_order_invalid');
  end if;
  update app.portfolio_items i set position = o.n
  from unnest(reorder_portfolio.item_ids) with ordinality as o(id, n)
  where i.id = o.id and i.creator_id = (select auth.uid());
end;
$$;
comment on function api.reorder_portfolio(item_ids uuid[]) is 'Creators: puts their portfolio in this order (every item once).';
grant execute on function api.reorder_portfolio(item_ids uuid[]) to authenticated;

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
grant execute on function api.set_my_avatar(avatar_url text) to authenticated;

create or replace function api.set_my_language(language text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  if set_my_language.language is null or set_my_language.language not in ('es', 'en', 'pt') then
    perform app.fail('22023', 'Language must be es, en or pt', 'invalid_language');
  end if;
  update app.profiles p set language = set_my_language.language where p.id = (select auth.uid());
end;
$$;
grant execute on function api.set_my_language(language text) to authenticated;

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
grant execute on function api.set_my_logo(logo_url text) to authenticated;

create or replace function api.set_portfolio_caption(item_id uuid, caption text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  words text := app.clean_text(set_portfolio_caption.caption);
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  if char_length(words) > 300 then
    perform app.fail('22023', 'A caption must be 300 characters or fewer', 'caption_too_long');
  end if;
  update app.portfolio_items i set caption = words
  where i.id = set_portfolio_caption.item_id and i.creator_id = (select auth.uid());
  if not found then
    perform app.fail('PT404', 'No such item in your portfolio', 'portfolio_item_not_found');
  end if;
end;
$$;
comment on function api.set_portfolio_caption(item_id uuid, caption text) is 'Creators: sets (or with null or blank clears) the caption of one of their portfolio items.';
grant execute on function api.set_portfolio_caption(item_id uuid, caption text) to authenticated;

create or replace function api.update_account(full_name text, username text, bio text default null::text)
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
      bio = app.clean_text(update_account.bio)
  where p.id = (select auth.uid());
end;
$$;
grant execute on function api.update_account(full_name text, username text, bio text) to authenticated;

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
grant execute on function api.update_brand_profile(company_name text, website text, industry text, contact_email text, contact_phone text, logo_url text) to authenticated;

create or replace function api.update_creator_profile(
  niche text default null::text,
  location text default null::text,
  instagram_handle text default null::text,
  tiktok_handle text default null::text,
  youtube_handle text default null::text,
  rate_per_post_cents bigint default null::bigint,
  followers integer default null::integer
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
grant execute on function api.update_creator_profile(niche text, location text, instagram_handle text, tiktok_handle text, youtube_handle text, rate_per_post_cents bigint, followers integer) to authenticated;

create or replace function api.user_summary(user_id uuid)
returns table(id uuid, full_name text, username text, avatar_url text, role text, display_name text)
language sql
stable
set search_path = ''
as $$
  select p.id, p.full_name, p.username, p.avatar_url, p.role, app.display_name(p.id)
  from app.profiles p where p.id = user_summary.user_id
$$;
grant execute on function api.user_summary(user_id uuid) to authenticated;

create or replace function api.username_available(username text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select not exists (select 1 from app.profiles p where lower(p.username) = lower(btrim(username_available.username)))
$$;
comment on function api.username_available(username text) is 'True when nobody holds this username. Security definer: the anonymous sign-up form checks names it cannot read; only a boolean leaves the function.';
grant execute on function api.username_available(username text) to anon, authenticated, service_role;
