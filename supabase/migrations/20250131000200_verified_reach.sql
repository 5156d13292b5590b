-- Verified reach (issue 35 item 3, decision 0054). A creator's connected accounts (app.social_accounts,
-- 20250131000100) carry the follower counts the platforms reported. One figure sums them: verified reach,
-- defined once in app.verified_reach and kept on app.creator_profiles by a trigger so that Discover can
-- filter and sort on it through an index (500k creators: a sum per row per page would not do).

-- The table is h-connect's (20250131000100_social_accounts.sql, the shared contract of issue 35). Until
-- that migration is merged this branch must still migrate, so the contract's columns are stated here with
-- `if not exists`: once 20250131000100 has run (it sorts first) this is a no-op and its definition wins.
create table if not exists app.social_accounts (
  id uuid primary key default gen_random_uuid(),
  creator_id uuid not null references app.profiles (id) on delete cascade,
  platform text not null check (platform in ('instagram', 'tiktok', 'youtube')),
  platform_user_id text not null,
  handle text not null,
  display_name text,
  profile_url text,
  followers bigint,
  followers_as_of timestamptz,
  status text not null default 'connected' check (status in ('connected', 'reconnect_needed')),
  connected_at timestamptz not null default now(),
  last_refresh_at timestamptz,
  last_refresh_error text,
  unique (creator_id, platform),
  unique (platform, platform_user_id)
);
alter table app.social_accounts enable row level security;

/**
 * THE definition of verified reach: the followers the platforms reported for the creator's accounts that
 * are connected (a reconnect_needed account keeps its last count on the profile, dated, but leaves the
 * reach: nobody is refreshing it any more). A hidden count (YouTube's hiddenSubscriberCount: followers
 * null) adds nothing but the account still counts as a verified one.
 */
create or replace function app.verified_reach(creator_id uuid)
returns table (reach bigint, accounts integer)
language sql
stable
set search_path = ''
as $$
  select coalesce(sum(s.followers) filter (where s.status = 'connected'), 0)::bigint,
    (count(*) filter (where s.status = 'connected'))::integer
  from app.social_accounts s
  where s.creator_id = verified_reach.creator_id
$$;
revoke all on function app.verified_reach(uuid) from public;
comment on function app.verified_reach(uuid) is 'Verified reach of a creator: the sum of the followers of their connected accounts, and how many are connected (decision 0054). Kept on app.creator_profiles by app.sync_verified_reach.';

alter table app.creator_profiles
  add column verified_reach bigint not null default 0,
  add column verified_accounts integer not null default 0;
comment on column app.creator_profiles.verified_reach is 'app.verified_reach(user_id).reach, kept by a trigger on app.social_accounts; Discover sorts on it.';
comment on column app.creator_profiles.verified_accounts is 'app.verified_reach(user_id).accounts: connected accounts; Discover''s "verified accounts only" is > 0.';
create index creator_profiles_verified_reach_idx on app.creator_profiles (verified_reach desc, user_id desc);
create index creator_profiles_verified_followers_idx on app.creator_profiles (followers desc, user_id desc)
  where verified_accounts > 0;

/** Trigger: a connected, refreshed, re-stated or removed account recomputes its creator's reach. */
create or replace function app.sync_verified_reach()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update app.creator_profiles cp set (verified_reach, verified_accounts) = (select r.reach, r.accounts from app.verified_reach(old.creator_id) r)
    where cp.user_id = old.creator_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and (tg_op = 'INSERT' or new.creator_id is distinct from old.creator_id) then
    update app.creator_profiles cp set (verified_reach, verified_accounts) = (select r.reach, r.accounts from app.verified_reach(new.creator_id) r)
    where cp.user_id = new.creator_id;
  end if;
  return null;
end;
$$;
revoke all on function app.sync_verified_reach() from public;
create trigger social_accounts_verified_reach
  after insert or delete or update of followers, status, creator_id on app.social_accounts
  for each row execute function app.sync_verified_reach();

update app.creator_profiles cp set (verified_reach, verified_accounts) = (select r.reach, r.accounts from app.verified_reach(cp.user_id) r)
where exists (select 1 from app.social_accounts s where s.creator_id = cp.user_id);

/**
 * The accounts a card and the profile show: platform, handle, profile link, followers with their date and
 * status, Instagram, TikTok, YouTube in that order. Public like the profile (decision 0054).
 */
create or replace function app.verified_accounts_json(creator_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('platform', s.platform, 'handle', s.handle, 'profile_url', s.profile_url,
      'followers', s.followers, 'followers_as_of', s.followers_as_of, 'status', s.status)
    order by array_position(array['instagram', 'tiktok', 'youtube'], s.platform)), '[]'::jsonb)
  from app.social_accounts s
  where s.creator_id = verified_accounts_json.creator_id
$$;
comment on function app.verified_accounts_json(uuid) is 'A creator''s connected accounts as jsonb (platform, handle, profile_url, followers, followers_as_of, status). Security definer: app.social_accounts is under RLS; only its public columns (as api.social_accounts_of) leave it.';
revoke all on function app.verified_accounts_json(uuid) from public;
grant execute on function app.verified_accounts_json(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------
-- The daily refresh schedule. Each connected account has a fixed second of the (UTC) day, a hash of its
-- id, so 500k accounts spread evenly over 86,400 seconds; app.social_refresh_schedule holds when each is
-- next due. The refresh job (h-connect's social-refresh function, run by the scheduler every few minutes)
-- asks api.social_accounts_due_for_refresh for a batch: the rows due longest ago, which it claims by
-- moving them to their next slot at least 12 hours ahead, so a slow or failed refresh is never picked
-- again the same day and two overlapping runs never pick the same account (skip locked).
-- ---------------------------------------------------------------------------------------------------

/** The account's fixed second of the UTC day (0..86399): the first 32 bits of md5(id), modulo a day. */
create or replace function app.refresh_slot_second(account_id uuid)
returns integer
language sql
immutable
set search_path = ''
as $$
  select (('x' || substr(md5(account_id::text), 1, 8))::bit(32)::bigint % 86400)::integer
$$;

/** The account's first slot strictly after `after`. */
create or replace function app.next_refresh_at(account_id uuid, after timestamptz)
returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select case when slot > after then slot else slot + interval '1 day' end
  from (select (date_trunc('day', after at time zone 'utc') at time zone 'utc')
    + make_interval(secs => app.refresh_slot_second(account_id)) as slot) s
$$;

create table app.social_refresh_schedule (
  account_id uuid primary key references app.social_accounts (id) on delete cascade,
  due_at timestamptz not null
);
comment on table app.social_refresh_schedule is 'When each connected account''s daily follower refresh is next due (decision 0054). Only connected accounts have a row; read and written by definer functions only.';
create index social_refresh_schedule_due_idx on app.social_refresh_schedule (due_at, account_id);
alter table app.social_refresh_schedule enable row level security;
revoke all on table app.social_refresh_schedule from public, anon, authenticated;

/** Trigger: a (re)connected account gets its slot; one that needs reconnecting leaves the schedule. */
create or replace function app.schedule_social_refresh()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'connected' then
    -- Connecting fetches the profile already; the next read is the account's next slot.
    insert into app.social_refresh_schedule (account_id, due_at) values (new.id, app.next_refresh_at(new.id, now()))
    on conflict (account_id) do nothing;
  else
    delete from app.social_refresh_schedule s where s.account_id = new.id;
  end if;
  return null;
end;
$$;
revoke all on function app.schedule_social_refresh() from public;
create trigger social_accounts_refresh_schedule
  after insert or update of status on app.social_accounts
  for each row execute function app.schedule_social_refresh();

insert into app.social_refresh_schedule (account_id, due_at)
select s.id, app.next_refresh_at(s.id, now()) from app.social_accounts s where s.status = 'connected'
on conflict (account_id) do nothing;

/**
 * Picks up to `batch` accounts due at `at` (of one platform, or any), oldest due first, and claims them:
 * each moves to its first slot at least 12 hours after `at`. Separate from the api wrapper so tests can
 * walk a day with their own clock.
 */
create or replace function app.pick_social_accounts_due(batch integer, only_platform text, at timestamptz)
returns table (id uuid, creator_id uuid, platform text, platform_user_id text, handle text, due_at timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  if batch is null or batch < 1 or batch > 5000 then
    perform app.fail('22023', 'Batch must be between 1 and 5000', 'batch_invalid');
  end if;
  if pick_social_accounts_due.only_platform is not null and pick_social_accounts_due.only_platform not in ('instagram', 'tiktok', 'youtube') then
    perform app.fail('22023', 'Platform must be instagram, tiktok or youtube', 'platform_invalid');
  end if;
  return query
    with due as (
      select sch.account_id, sch.due_at
      from app.social_refresh_schedule sch
      join app.social_accounts s on s.id = sch.account_id
      where sch.due_at <= pick_social_accounts_due.at
        and (pick_social_accounts_due.only_platform is null or s.platform = pick_social_accounts_due.only_platform)
      order by sch.due_at, sch.account_id
      limit pick_social_accounts_due.batch
      for update of sch skip locked
    ), claimed as (
      update app.social_refresh_schedule sch
      set due_at = app.next_refresh_at(sch.account_id, pick_social_accounts_due.at + interval '12 hours')
      from due
      where sch.account_id = due.account_id
      returning sch.account_id, due.due_at as was_due
    )
    select s.id, s.creator_id, s.platform, s.platform_user_id, s.handle, c.was_due
    from claimed c
    join app.social_accounts s on s.id = c.account_id
    order by c.was_due, s.id;
end;
$$;
revoke all on function app.pick_social_accounts_due(integer, text, timestamptz) from public, anon, authenticated;
grant execute on function app.pick_social_accounts_due(integer, text, timestamptz) to service_role;

/**
 * The refresh job's batch: up to `batch` connected accounts due now (optionally of one platform, to keep
 * within that platform's quota), claimed so no other run and no later run today picks them. Service role only.
 */
create or replace function api.social_accounts_due_for_refresh(batch integer default 500, only_platform text default null)
returns table (id uuid, creator_id uuid, platform text, platform_user_id text, handle text, due_at timestamptz)
language sql
volatile
set search_path = ''
as $$
  select * from app.pick_social_accounts_due(social_accounts_due_for_refresh.batch, social_accounts_due_for_refresh.only_platform, now())
$$;
comment on function api.social_accounts_due_for_refresh(integer, text) is 'Refresh job: claims up to batch connected accounts whose daily slot has come (oldest due first; optionally one platform). Each is not picked again for at least 12 hours and, in the steady state, exactly once a day (decision 0054). Service role only.';
revoke all on function api.social_accounts_due_for_refresh(integer, text) from public, anon, authenticated;
grant execute on function api.social_accounts_due_for_refresh(integer, text) to service_role;

-- ---------------------------------------------------------------------------------------------------
-- The creator card gains the verified figures: verified_reach (0 without a connected account) and the
-- accounts themselves; `followers` stays the number the creator typed (shown as self-reported).
-- ---------------------------------------------------------------------------------------------------
alter type api.creator_card add attribute verified_reach bigint;
alter type api.creator_card add attribute social_accounts jsonb;
comment on type api.creator_card is 'A creator as cards and the profile show them. rating null / review_count 0: no reviews yet. portfolio: the items in order (id, kind, path in the portfolio bucket, thumbnail_path, caption): all on the profile, the first three in lists. followers: the self-reported (typed) total; verified_reach: app.verified_reach (0 without a connected account); social_accounts: the connected accounts (platform, handle, profile_url, followers, followers_as_of, status), decision 0054.';

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

-- New arguments (verified_only, sort, after_reach) change the signature: drop and create, so PostgREST
-- sees one function and not two overloads.
drop function api.discover_creators(text, text, text, integer, integer, uuid, integer, numeric);
create function api.discover_creators(
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
comment on function api.discover_creators(text, text, text, integer, integer, uuid, integer, numeric, boolean, text, bigint) is 'Creators for brands and admins; portfolio carries each creator''s first three items. sort followers (the typed, self-reported count; cursor after_followers, after_id) or verified_reach (cursor after_reach, after_id); verified_only keeps creators with a connected account. Security definer: the trigram name search under RLS (as browse_campaigns); it checks the caller''s role and returns only public profile columns, never email.';
revoke execute on function api.discover_creators(text, text, text, integer, integer, uuid, integer, numeric, boolean, text, bigint) from public, anon;
grant execute on function api.discover_creators(text, text, text, integer, integer, uuid, integer, numeric, boolean, text, bigint) to authenticated;

-- The owner's applicants (as in 20250126000000_people_and_messages.sql): the creator object adds
-- verified_reach and social_accounts beside the self-reported followers.
create or replace function api.campaign_applications(campaign_id uuid)
returns table (id uuid, status text, pitch text, created_at timestamptz, updated_at timestamptz, creator jsonb,
  cancel_reason text, hire jsonb, job_state text)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  owner uuid;
begin
  select c.brand_id into owner from app.campaigns c where c.id = campaign_applications.campaign_id;
  if not found then
    perform app.fail('PT404', 'Campaign not found', 'campaign_not_found');
  end if;
  if owner is distinct from (select auth.uid()) and not (select app.is_admin()) then
    perform app.fail('42501', 'Only the campaign owner can see its applications', 'not_owner');
  end if;
  return query
    select a.id, a.status, a.pitch, a.created_at, a.updated_at,
      jsonb_build_object('id', p.id, 'full_name', p.full_name, 'username', p.username, 'avatar_url', p.avatar_url,
        'followers', coalesce(cp.followers, 0), 'niche', cp.niche,
        'rating', case when coalesce(ur.review_count, 0) > 0 then round(ur.rating, 1) end,
        'review_count', coalesce(ur.review_count, 0),
        'verified_reach', coalesce(cp.verified_reach, 0), 'social_accounts', app.verified_accounts_json(a.creator_id)),
      a.cancel_reason, app.hire_json(a.id),
      case a.status when 'accepted' then app.job_state(a.id) when 'pending' then 'applied' else 'closed' end
    from app.applications a
    join app.profiles p on p.id = a.creator_id
    left join app.creator_profiles cp on cp.user_id = a.creator_id
    left join app.user_ratings ur on ur.user_id = a.creator_id
    where a.campaign_id = campaign_applications.campaign_id
    order by a.created_at desc, a.id desc;
end;
$$;
