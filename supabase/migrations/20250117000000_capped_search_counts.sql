-- Counts of a typed search stop at 1,001 (issue 19; decision 0028).
--
-- A substring search ('cafe' in a campaign, 'nunez' in a user) can match a large share of the rows. An exact
-- total must read every match: at scale 10 (1M campaigns, 550k users) the keyword count of /campaigns took
-- 630 ms and the admin's user search 775 ms, for a number nobody reads past "more than a thousand". So a
-- count with a search term stops after app.search_count_cap() + 1 matches, and the screens say "1,000+"
-- when it reaches that. Counts without a search term stay exact: they come from the maintained counters.
--
-- The same scale showed two plans that read a whole table for a handful of rows:
-- * A keyword with a content type that few active campaigns have ('cafe' among the one active reel)
--   walked every campaign by time or deadline (3.4 s for the page, 740 ms for the count): the planner
--   estimates "active and reel" from each column alone, and reel is common among drafts. Each type now has
--   a partial index of its active campaigns, whose size the planner knows.
-- * A user search that matches few users (an email) read all 550k profiles: the email had no trigram index,
--   and the page walked the time index. The email gets its index, and a search whose count stays under the
--   cap takes its matches from the trigram indexes before sorting them.

create or replace function app.search_count_cap()
returns integer
language sql
immutable
parallel safe
set search_path = ''
as $$ select 1000 $$;

comment on function app.search_count_cap() is
  'Counts of a search term stop at this + 1; a count above it means "more than this" (decision 0028).';

-- One small index per content type, each holding only that type's active campaigns: the planner knows how
-- many entries a partial index has, so a type that few active campaigns have is read through its own index.
-- The type is written into the SQL as one of the six names the check constraint allows, never the caller's
-- text, so that these predicates match (as the platform already is).
create index campaigns_active_video_idx on app.campaigns (created_at desc, id desc) where status = 'active' and content_type = 'video';
create index campaigns_active_image_idx on app.campaigns (created_at desc, id desc) where status = 'active' and content_type = 'image';
create index campaigns_active_review_idx on app.campaigns (created_at desc, id desc) where status = 'active' and content_type = 'review';
create index campaigns_active_post_idx on app.campaigns (created_at desc, id desc) where status = 'active' and content_type = 'post';
create index campaigns_active_story_idx on app.campaigns (created_at desc, id desc) where status = 'active' and content_type = 'story';
create index campaigns_active_reel_idx on app.campaigns (created_at desc, id desc) where status = 'active' and content_type = 'reel';

/** The browse filters' SQL: a known content type and platform as constants (partial indexes), others bound as $2/$3. */
create or replace function app.browse_filter_sql(content_type text, platform text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
      when content_type in ('video', 'image', 'review', 'post', 'story', 'reel') then ' and c.content_type = ''' || content_type || ''''
      when nullif(btrim(content_type), '') is not null then ' and c.content_type = $2'
      else '' end
    || case
      when platform in ('tiktok', 'instagram', 'youtube', 'facebook', 'twitter') then ' and c.platforms @> ''{' || platform || '}''::text[]'
      when nullif(btrim(platform), '') is not null and platform <> 'all' then ' and c.platforms @> array[$3]::text[]'
      else '' end
$$;

revoke all on function app.browse_filter_sql(text, text) from public;

create index profiles_email_trgm_idx on app.profiles using gin (lower(email) extensions.gin_trgm_ops);

-- As in 20250116000200, with the filters from app.browse_filter_sql.
create or replace function api.browse_campaigns(
  keyword text default null,
  content_type text default null,
  platform text default null,
  after_created_at timestamptz default null,
  after_id uuid default null,
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
      exists (select 1 from app.applications a where a.campaign_id = c.id and a.creator_id = $7)
    from app.campaigns c
    join app.profiles p on p.id = c.brand_id
    left join app.brand_profiles b on b.user_id = c.brand_id
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

create or replace function api.browse_campaigns_count(
  keyword text default null,
  content_type text default null,
  platform text default null
)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  has_type boolean := nullif(btrim(content_type), '') is not null;
  has_platform boolean := nullif(btrim(platform), '') is not null and platform <> 'all';
  q text;
  n integer;
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  if nullif(btrim(keyword), '') is null then
    select t.n::integer into n from app.stat_total(case
      when has_type and has_platform then 'active_campaigns:' || content_type || ':' || platform
      when has_type then 'active_campaigns:' || content_type
      when has_platform then 'active_campaigns_on:' || platform
      else 'campaigns:active' end) t;
    return n;
  end if;
  q := 'select 1 from app.campaigns c where c.status = ''active'' and c.search_text like app.contains_pattern($1)'
    || app.browse_filter_sql(content_type, platform);
  if has_type then
    -- In the browse order, so that the type's partial index (sized exactly) is a path the planner weighs.
    q := q || ' order by c.created_at desc, c.id desc';
  end if;
  execute 'select count(*)::integer from (' || q || ' limit app.search_count_cap() + 1) m'
    into n using keyword, content_type, platform;
  return n;
end;
$$;

comment on function api.browse_campaigns_count(text, text, text) is
  'Number of active campaigns matching the browse filters: exact without a keyword, with one it stops at app.search_count_cap() + 1 (1001 means more than 1000). Security definer: same index reason as browse_campaigns; it counts only active campaigns.';

create or replace function api.admin_users_page(
  filter_role text default null,
  search text default null,
  page integer default 1,
  page_size integer default 20
)
returns table (id uuid, email text, username text, full_name text, role text, bio text, avatar_url text,
  created_at timestamptz, updated_at timestamptz, total_count integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  size integer := least(greatest(coalesce(page_size, 20), 1), 100);
  skip integer := (greatest(coalesce(page, 1), 1) - 1) * least(greatest(coalesce(page_size, 20), 1), 100);
  one_role text := nullif(btrim(filter_role), '');
  matches text := '';
  total integer;
begin
  perform app.assert_admin();
  if one_role is not null and filter_role not in ('brand', 'creator', 'admin') then
    perform app.fail('22023', 'Role must be brand, creator or admin', 'role_invalid');
  end if;
  if nullif(btrim(admin_users_page.search), '') is null then
    select t.n::integer into total from app.stat_total(case when one_role is null then 'users' else 'users:' || filter_role end) t;
    if one_role is null then
      return query
        select p.id, p.email, p.username, p.full_name, p.role, p.bio, p.avatar_url, p.created_at, p.updated_at, total
        from app.profiles p
        order by p.created_at desc, p.id desc
        limit size offset skip;
    else
      return query
        select p.id, p.email, p.username, p.full_name, p.role, p.bio, p.avatar_url, p.created_at, p.updated_at, total
        from app.profiles p
        where p.role = filter_role
        order by p.created_at desc, p.id desc
        limit size offset skip;
    end if;
    return;
  end if;
  -- Built per call so that each shape gets its own plan.
  if one_role is not null then
    matches := ' and p.role = $2';
  end if;
  matches := 'from app.profiles p where (p.search_text like app.contains_pattern($1)'
    || ' or lower(p.email) like app.contains_pattern($1))' || matches;
  execute 'select count(*)::integer from (select 1 ' || matches || ' limit app.search_count_cap() + 1) m'
    into total using admin_users_page.search, filter_role;
  if total > app.search_count_cap() then
    -- Matches are everywhere: walking the users by time finds a page of them at once.
    return query execute
      'select p.id, p.email, p.username, p.full_name, p.role, p.bio, p.avatar_url, p.created_at, p.updated_at, $5 '
      || matches || ' order by p.created_at desc, p.id desc limit $3 offset $4'
      using admin_users_page.search, filter_role, size, skip, total;
  else
    -- At most the cap's worth: take them from the trigram indexes, then sort.
    return query execute
      'with m as materialized (select p.id, p.email, p.username, p.full_name, p.role, p.bio, p.avatar_url, p.created_at, p.updated_at '
      || matches || ') select m.*, $5 from m order by m.created_at desc, m.id desc limit $3 offset $4'
      using admin_users_page.search, filter_role, size, skip, total;
  end if;
end;
$$;

comment on function api.admin_users_page(text, text, integer, integer) is
  'One page of the admin user table; total_count is exact without a search, with one it stops at app.search_count_cap() + 1. Security definer: it shows and searches emails, not selectable by any user role; app.assert_admin refuses non-admins first.';
