-- Issue 34 item 3: a creator's portfolio of up to 12 images and short videos from the `portfolio` bucket
-- (decision 0048). A row per item names an object the creator uploaded into their own folder; the order,
-- the captions and the limit live here, not in the bucket (a listing has no order, no caption, no limit).

-- The seed's pictures are named root-relative (/storage/v1/object/public/...): SQL cannot know the
-- project's host, and the app reads such an address against its Supabase URL. Users still save only full
-- URLs of their own objects (api.set_my_avatar, api.set_my_logo); the relative form admits only a simple
-- file name in an id folder of the two picture buckets.
alter table app.profiles drop constraint profiles_avatar_url_web;
alter table app.profiles add constraint profiles_avatar_url_web check (avatar_url is null or app.is_web_url(avatar_url)
  or avatar_url ~ '^/storage/v1/object/public/(avatars|logos)/[0-9a-f-]{36}/[A-Za-z0-9_-][A-Za-z0-9._-]*$') not valid;
alter table app.brand_profiles drop constraint brand_profiles_logo_url_web;
alter table app.brand_profiles add constraint brand_profiles_logo_url_web check (logo_url is null or app.is_web_url(logo_url)
  or logo_url ~ '^/storage/v1/object/public/logos/[0-9a-f-]{36}/[A-Za-z0-9_-][A-Za-z0-9._-]*$') not valid;

create table app.portfolio_items (
  id uuid default gen_random_uuid() not null,
  creator_id uuid not null,
  path text not null,
  thumbnail_path text,
  kind text not null,
  caption text,
  position smallint not null,
  created_at timestamp with time zone default now() not null,
  constraint portfolio_items_pkey primary key (id),
  constraint portfolio_items_creator_id_fkey foreign key (creator_id) references app.profiles(id) on delete cascade,
  constraint portfolio_items_path_unique unique (creator_id, path),
  constraint portfolio_items_kind_valid check (kind = any (array['image'::text, 'video'::text])),
  constraint portfolio_items_caption_length check (caption is null or char_length(caption) <= 300),
  constraint portfolio_items_position_range check (position between 1 and 12)
);
alter table app.portfolio_items enable row level security;
comment on table app.portfolio_items is 'A creator''s portfolio: objects of the portfolio bucket in their own folder, in their order, with a caption. At most 12 (api.add_portfolio_item).';
comment on column app.portfolio_items.path is 'The object''s key in the portfolio bucket: <creator id>/<name>.';
comment on column app.portfolio_items.thumbnail_path is 'A small WebP the browser made of an image (lists show it instead of the original); null for videos.';
grant all on app.portfolio_items to service_role;
grant select, insert, delete on app.portfolio_items to authenticated;
grant update (caption, position) on app.portfolio_items to authenticated;

create index portfolio_items_creator_position_idx on app.portfolio_items using btree (creator_id, position, created_at);

-- Portfolios are public like the bucket's files: every signed-in user reads them; only the creator writes.
create policy "Signed-in users read portfolios" on app.portfolio_items for select to authenticated using (true);
create policy "Creators add to their own portfolio" on app.portfolio_items for insert to authenticated
  with check (creator_id = (select auth.uid()) and (select app.current_role()) = 'creator');
create policy "Creators edit their own portfolio" on app.portfolio_items for update to authenticated
  using (creator_id = (select auth.uid())) with check (creator_id = (select auth.uid()));
create policy "Creators remove from their own portfolio" on app.portfolio_items for delete to authenticated
  using (creator_id = (select auth.uid()));

-- The MIME type of an object in the caller's own folder of the portfolio bucket, or null when there is no
-- such object. Invoker: storage.objects' RLS lets anyone see the public bucket, so the folder test decides.
create or replace function app.own_portfolio_object_type(object_path text)
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(o.metadata ->> 'mimetype', '')
  from storage.objects o
  where o.bucket_id = 'portfolio' and o.name = own_portfolio_object_type.object_path
    and app.storage_owner_folder(o.name) = (select auth.uid())
$$;
comment on function app.own_portfolio_object_type(object_path text) is 'The MIME type of the caller''s own object at this key of the portfolio bucket, null when there is none.';
grant execute on function app.own_portfolio_object_type(object_path text) to authenticated, service_role;

-- The items as the screens read them, in order; `first` limits how many (lists carry a few, not all 12).
create or replace function app.portfolio_json(creator_id uuid, first integer)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', i.id, 'kind', i.kind, 'path', i.path,
      'thumbnail_path', i.thumbnail_path, 'caption', i.caption) order by i.position, i.created_at), '[]'::jsonb)
  from (
    select * from app.portfolio_items x
    where x.creator_id = portfolio_json.creator_id
    order by x.position, x.created_at
    limit portfolio_json.first
  ) i
$$;
comment on function app.portfolio_json(creator_id uuid, first integer) is 'A creator''s first portfolio items as jsonb (id, kind, path, thumbnail_path, caption). Security definer: Discover runs as its owner already, and only public columns leave it.';
revoke all on function app.portfolio_json(creator_id uuid, first integer) from public;
grant execute on function app.portfolio_json(creator_id uuid, first integer) to authenticated, service_role;

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

-- creator_card.portfolio (a jsonb that only ever held '[]') now carries the items: all of them on the
-- profile, the first three in Discover (a card shows a strip of three; 24 cards x 12 would be waste).
create or replace function api.creator_profile(creator_id uuid)
returns setof api.creator_card
language sql
stable
set search_path = ''
as $$
  select p.id, p.full_name, p.username, p.avatar_url, p.bio, cp.niche, cp.followers, cp.location,
    cp.instagram_handle, cp.tiktok_handle, cp.youtube_handle, cp.rate_per_post_cents, app.portfolio_json(p.id, 12),
    round(ur.rating, 1), coalesce(ur.review_count, 0), p.created_at
  from app.profiles p
  join app.creator_profiles cp on cp.user_id = p.id
  left join app.user_ratings ur on ur.user_id = p.id
  where p.id = creator_profile.creator_id and p.role = 'creator'
$$;
grant execute on function api.creator_profile(creator_id uuid) to authenticated;

create or replace function api.discover_creators(
  search text default null::text,
  niche text default null::text,
  platform text default null::text,
  min_followers integer default null::integer,
  after_followers integer default null::integer,
  after_id uuid default null::uuid,
  page_size integer default 20,
  min_rating numeric default null::numeric
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
      round(ur.rating, 1), coalesce(ur.review_count, 0), p.created_at
    from app.creator_profiles cp
    join app.profiles p on p.id = cp.user_id
    left join app.user_ratings ur on ur.user_id = cp.user_id
    where p.role = ''creator''';
begin
  if (select app.current_role()) not in ('brand', 'admin') or (select app.current_role()) is null then
    perform app.fail('42501', 'Only brands can discover creators', 'not_brand');
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
  if after_followers is not null then
    q := q || ' and (cp.followers, cp.user_id) < ($4, coalesce($5, ''ffffffff-ffff-ffff-ffff-ffffffffffff''::uuid))';
  end if;
  q := q || ' order by cp.followers desc, cp.user_id desc limit $6';
  return query execute q
    using search, niche, min_followers, after_followers, after_id, least(greatest(coalesce(page_size, 20), 1), 100), min_rating;
end;
$$;
comment on function api.discover_creators(search text, niche text, platform text, min_followers integer, after_followers integer, after_id uuid, page_size integer, min_rating numeric) is 'Creators for brands and admins; portfolio carries each creator''s first three items. Security definer: the trigram name search under RLS (as browse_campaigns); it checks the caller''s role and returns only public profile columns, never email.';
comment on type api.creator_card is 'A creator as cards and the profile show them. rating null / review_count 0: no reviews yet. portfolio: the items in order (id, kind, path in the portfolio bucket, thumbnail_path, caption): all on the profile, the first three in lists.';

-- The signed-out /explore list drew no brand picture (decision 0046 left it out): its rows gain the
-- brand's logo as the signed-in cards have it. A changed result type is a drop and a create.
drop function api.public_campaigns(type_filter text, platform_filter text, after_created_at timestamp with time zone, after_id uuid, page_size integer);
create function api.public_campaigns(
  type_filter text default null::text,
  platform_filter text default null::text,
  after_created_at timestamp with time zone default null::timestamp with time zone,
  after_id uuid default null::uuid,
  page_size integer default 20
)
returns table (
  id uuid,
  title text,
  description text,
  content_type text,
  platforms text[],
  compensation_type text,
  compensation_cents bigint,
  deadline timestamp with time zone,
  created_at timestamp with time zone,
  brand_name text,
  brand_logo_url text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  q text;
begin
  -- Dynamic SQL so that a known type or platform is a constant and its partial index applies.
  q := 'select c.id, c.title, c.description, c.content_type, c.platforms, c.compensation_type,
      c.compensation_cents, c.deadline, c.created_at, coalesce(b.company_name, p.full_name), b.logo_url
    from app.campaigns c
    join app.profiles p on p.id = c.brand_id
    left join app.brand_profiles b on b.user_id = c.brand_id
    where c.status = ''active''' || app.browse_filter_sql(type_filter, platform_filter);
  if public_campaigns.after_created_at is not null then
    q := q || ' and (c.created_at, c.id) < ($4, coalesce($5, ''ffffffff-ffff-ffff-ffff-ffffffffffff''::uuid))';
  end if;
  q := q || ' order by c.created_at desc, c.id desc limit $6';
  return query execute q
    using null::text, type_filter, platform_filter, public_campaigns.after_created_at,
          public_campaigns.after_id, least(greatest(coalesce(public_campaigns.page_size, 20), 1), 50);
end;
$$;
comment on function api.public_campaigns(type_filter text, platform_filter text, after_created_at timestamp with time zone, after_id uuid, page_size integer) is 'Active campaigns for visitors and users alike, newest first, keyset pages, public columns only (no applicant data) and the brand''s logo (a public Storage URL). Security definer: anon may read no table, and the brand''s name sits in profiles; it returns only active campaigns and the columns every signed-in user may already see, and its SQL is fixed text with bound parameters (app.browse_filter_sql writes only known names as constants).';
revoke all on function api.public_campaigns(type_filter text, platform_filter text, after_created_at timestamp with time zone, after_id uuid, page_size integer) from public;
grant execute on function api.public_campaigns(type_filter text, platform_filter text, after_created_at timestamp with time zone, after_id uuid, page_size integer) to anon, authenticated;
