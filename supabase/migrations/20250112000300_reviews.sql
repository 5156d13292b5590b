-- Trust between strangers (issue 17), part 4: two-sided reviews and real ratings. When a hire completes,
-- each side reviews the other once (1-5 stars and text). Double-blind: a review is published when both
-- wrote theirs or 14 days after completion (a scheduled job). Ratings count published, visible reviews.

create table app.reviews (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references app.applications (id) on delete cascade,
  reviewer_id uuid references app.profiles (id) on delete set null,
  reviewee_id uuid references app.profiles (id) on delete cascade,
  reviewer_role text not null,
  rating integer not null,
  body text not null,
  reveal_at timestamptz not null,
  published_at timestamptz,
  hidden_at timestamptz,
  hidden_reason text,
  hidden_by uuid references app.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint reviews_once_per_side unique (application_id, reviewer_role),
  constraint reviews_reviewer_role_valid check (reviewer_role in ('brand', 'creator')),
  constraint reviews_rating_range check (rating between 1 and 5),
  constraint reviews_body_length check (char_length(btrim(body)) between 1 and 2000),
  constraint reviews_hidden_reason check ((hidden_at is null) = (hidden_reason is null))
);
comment on table app.reviews is
  'One review per side of a completed hire. Readable by others once published (both wrote, or reveal_at passed) '
  'and not hidden by an admin; hidden reviews are kept with the reason.';
create index reviews_reviewee_idx on app.reviews (reviewee_id, created_at desc) where published_at is not null and hidden_at is null;
create index reviews_unpublished_idx on app.reviews (reveal_at) where published_at is null;
create index reviews_created_idx on app.reviews (created_at desc);
create index reviews_reviewer_idx on app.reviews (reviewer_id);
create index reviews_hidden_by_idx on app.reviews (hidden_by);
alter table app.reviews enable row level security;
grant select, insert on app.reviews to authenticated;
grant all on app.reviews to service_role;
create policy "Reviews are read by their author, by anyone once published and visible, and by admins" on app.reviews
  for select to authenticated
  using (reviewer_id = (select auth.uid()) or (published_at is not null and hidden_at is null) or (select app.is_admin()));
create policy "Parties review as themselves" on app.reviews
  for insert to authenticated
  with check (reviewer_id = (select auth.uid()));

/** A user's rating from published, visible reviews; maintained by trigger (discover filters and sorts on it). */
create table app.user_ratings (
  user_id uuid primary key references app.profiles (id) on delete cascade,
  review_count integer not null default 0,
  rating_sum integer not null default 0,
  rating numeric(3, 2) generated always as (case when review_count > 0 then round(rating_sum::numeric / review_count, 2) end) stored
);
comment on table app.user_ratings is 'Average stars and count of a user''s published, visible reviews.';
create index user_ratings_rating_idx on app.user_ratings (rating) where review_count > 0;
alter table app.user_ratings enable row level security;
grant select on app.user_ratings to authenticated;
grant all on app.user_ratings to service_role;
create policy "Ratings are public to signed-in users" on app.user_ratings for select to authenticated using (true);

/**
 * When a hire completed: its escrow was released, or refunded after content was delivered; a hire
 * without escrow, when its content was first approved. Null while not complete.
 */
create or replace function app.hire_completed_at(application_id uuid)
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when e.id is null then (select min(coalesce(r.decided_at, d.updated_at)) from app.deliverables d
                            left join app.deliverable_rounds r on r.deliverable_id = d.id and r.decision in ('approved', 'auto_approved')
                            where d.application_id = a.id and d.status = 'approved')
    when e.status = 'released' then e.released_at
    when e.status = 'refunded' and exists (select 1 from app.deliverables d where d.application_id = a.id) then e.refunded_at
  end
  from app.applications a
  left join app.escrows e on e.application_id = a.id
  where a.id = hire_completed_at.application_id and a.status in ('accepted', 'canceled')
$$;
revoke execute on function app.hire_completed_at(uuid) from public, anon;
grant execute on function app.hire_completed_at(uuid) to authenticated, service_role;

/** Recounts a user's rating (row-locked, so concurrent publications add up). */
create or replace function app.refresh_rating(user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if user_id is null then
    return;
  end if;
  insert into app.user_ratings (user_id) values (refresh_rating.user_id) on conflict do nothing;
  perform 1 from app.user_ratings u where u.user_id = refresh_rating.user_id for update;
  update app.user_ratings u set (review_count, rating_sum) = (
    select count(*)::integer, coalesce(sum(r.rating), 0)::integer from app.reviews r
    where r.reviewee_id = refresh_rating.user_id and r.published_at is not null and r.hidden_at is null)
  where u.user_id = refresh_rating.user_id;
end;
$$;
revoke execute on function app.refresh_rating(uuid) from public, anon, authenticated;

/**
 * Trigger: a review is written by a party of a completed hire, once per side, about the other side; the
 * second review publishes both.
 */
create or replace function app.guard_review()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  a record;
  done_at timestamptz;
begin
  if tg_op = 'UPDATE' then
    -- The reviewer's account deleted sets reviewer_id to null (on delete set null); nothing else changes.
    if new.application_id is distinct from old.application_id
       or (new.reviewer_id is distinct from old.reviewer_id and new.reviewer_id is not null)
       or new.rating is distinct from old.rating or new.body is distinct from old.body then
      perform app.fail('PT409', 'A review cannot be changed', 'review_immutable');
    end if;
    return new;
  end if;
  -- Both sides writing at once: the second waits for the first, then sees it (and publishes both).
  perform pg_advisory_xact_lock(hashtextextended('review:' || new.application_id::text, 0));
  select x.brand_id, x.creator_id into a from app.applications x where x.id = new.application_id;
  if new.reviewer_id is null or new.reviewer_id not in (a.brand_id, a.creator_id) then
    perform app.fail('42501', 'Only the brand and the creator of this hire can review it', 'not_party');
  end if;
  done_at := app.hire_completed_at(new.application_id);
  if done_at is null then
    perform app.fail('PT409', 'You can review once the hire is complete', 'hire_not_complete');
  end if;
  new.reviewer_role := case when new.reviewer_id = a.brand_id then 'brand' else 'creator' end;
  new.reviewee_id := case when new.reviewer_id = a.brand_id then a.creator_id else a.brand_id end;
  new.reveal_at := done_at + interval '14 days';
  if (select auth.role()) = 'authenticated' then
    -- A user writes stars and text only: publication and moderation are the platform's.
    new.published_at := null;
    new.hidden_at := null;
    new.hidden_reason := null;
    new.hidden_by := null;
    new.created_at := now();
  end if;
  if new.reveal_at <= now() then
    new.published_at := coalesce(new.published_at, now());
  end if;
  if exists (select 1 from app.reviews r where r.application_id = new.application_id and r.reviewer_role = new.reviewer_role) then
    perform app.fail('PT409', 'You already reviewed this hire', 'already_reviewed');
  end if;
  return new;
end;
$$;
create trigger reviews_guard before insert or update on app.reviews
  for each row execute function app.guard_review();

/** Trigger: the second review publishes both; publishing or hiding recounts the ratings; the history notes it. */
create or replace function app.review_published()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform app.log_event(new.application_id, 'reviewed', jsonb_build_object('reviewer_role', new.reviewer_role),
      new.created_at, new.reviewer_id);
    if exists (select 1 from app.reviews r where r.application_id = new.application_id and r.id <> new.id) then
      update app.reviews r set published_at = coalesce(r.published_at, now())
      where r.application_id = new.application_id and r.published_at is null;
    end if;
    if new.published_at is not null then
      perform app.refresh_rating(new.reviewee_id);
    end if;
  elsif new.published_at is distinct from old.published_at or new.hidden_at is distinct from old.hidden_at then
    perform app.refresh_rating(new.reviewee_id);
  end if;
  return null;
end;
$$;
create trigger reviews_published after insert or update of published_at, hidden_at on app.reviews
  for each row execute function app.review_published();

/** Publishes the reviews whose blind period ended by `as_of` (the scheduler's clock). */
create or replace function app.publish_due_reviews(as_of timestamptz default now())
returns integer
language sql
security definer
set search_path = ''
as $$
  with due as (
    update app.reviews r set published_at = publish_due_reviews.as_of
    where r.published_at is null and r.reveal_at <= publish_due_reviews.as_of
    returning 1
  )
  select count(*)::integer from due
$$;
revoke execute on function app.publish_due_reviews(timestamptz) from public, anon, authenticated;
grant execute on function app.publish_due_reviews(timestamptz) to service_role;

insert into app.scheduled_jobs (name, schedule, sql_command, function_path) values
  ('publish-due-reviews', '17 * * * *', 'select app.publish_due_reviews(app.scheduler_now())', null);
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('publish-due-reviews', '17 * * * *', 'select app.publish_due_reviews(app.scheduler_now())');
  end if;
end;
$$;

/** The calling party reviews the other side of a completed hire: 1-5 stars and a text. */
create or replace function api.submit_review(application_id uuid, rating integer, body text)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  a record;
  uid uuid := (select auth.uid());
  new_id uuid;
begin
  select x.id, x.brand_id, x.creator_id into a from app.applications x where x.id = submit_review.application_id;
  if not found then
    perform app.fail('PT404', 'Application not found', 'application_not_found');
  end if;
  if uid is null or uid not in (a.brand_id, a.creator_id) then
    perform app.fail('42501', 'Only the brand and the creator of this hire can review it', 'not_party');
  end if;
  if rating is null or rating not between 1 and 5 then
    perform app.fail('22023', 'Choose from 1 to 5 stars', 'rating_invalid');
  end if;
  if app.is_blank(body) then
    perform app.fail('22023', 'Write a few words about how it went', 'body_required');
  end if;
  if char_length(btrim(body)) > 2000 then
    perform app.fail('22023', 'Reviews must be 2000 characters or fewer', 'body_too_long');
  end if;
  insert into app.reviews (application_id, reviewer_id, rating, body, reviewer_role, reveal_at)
  values (a.id, uid, submit_review.rating, btrim(submit_review.body), 'creator', now())
  returning id into new_id;
  return new_id;
exception
  when unique_violation then
    perform app.fail('PT409', 'You already reviewed this hire', 'already_reviewed');
end;
$$;

/** The reviews of a hire as its party sees them: theirs only once published and visible. */
create or replace function api.hire_reviews(application_id uuid)
returns table (can_review boolean, completed_at timestamptz, reveal_at timestamptz, my_review jsonb, their_review jsonb,
  their_review_written boolean)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  a record;
  uid uuid := (select auth.uid());
  done_at timestamptz;
  mine app.reviews;
  theirs app.reviews;
  written boolean;
begin
  select x.id, x.brand_id, x.creator_id into a from app.applications x where x.id = hire_reviews.application_id;
  if not found or uid is null or uid not in (a.brand_id, a.creator_id) then
    perform app.fail('PT404', 'Application not found', 'application_not_found');
  end if;
  done_at := app.hire_completed_at(a.id);
  select * into mine from app.reviews r where r.application_id = a.id and r.reviewer_id = uid;
  select * into theirs from app.reviews r where r.application_id = a.id and r.reviewer_id is distinct from uid
    and r.published_at is not null and r.hidden_at is null;
  -- Whether the other side wrote one, without its content (definer check: the row is not readable yet).
  written := app.review_written(a.id, case when uid = a.brand_id then 'creator' else 'brand' end);
  return query select done_at is not null and mine.id is null, done_at, done_at + interval '14 days',
    case when mine.id is not null then jsonb_build_object('id', mine.id, 'rating', mine.rating, 'body', mine.body,
      'created_at', mine.created_at, 'hidden', mine.hidden_at is not null) end,
    case when theirs.id is not null then jsonb_build_object('id', theirs.id, 'rating', theirs.rating, 'body', theirs.body,
      'created_at', theirs.created_at) end,
    written;
end;
$$;

/** True when this side of the hire wrote its review (nothing else about it). */
create or replace function app.review_written(application_id uuid, reviewer_role text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from app.reviews r where r.application_id = review_written.application_id
                 and r.reviewer_role = review_written.reviewer_role)
$$;
revoke execute on function app.review_written(uuid, text) from public, anon;
grant execute on function app.review_written(uuid, text) to authenticated;

/** The title of the campaign an application was for (a published review names it to every reader). */
create or replace function app.application_campaign_title(application_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select c.title from app.applications a join app.campaigns c on c.id = a.campaign_id
  where a.id = application_campaign_title.application_id
$$;
revoke execute on function app.application_campaign_title(uuid) from public, anon;
grant execute on function app.application_campaign_title(uuid) to authenticated;

/** A user's published, visible reviews, newest first (keyset: pass the last row's created_at). */
create or replace function api.user_reviews(user_id uuid, before timestamptz default null, page_size integer default 20)
returns table (id uuid, rating integer, body text, created_at timestamptz, reviewer_name text, reviewer_role text,
  campaign_title text)
language sql
stable
set search_path = ''
as $$
  select r.id, r.rating, r.body, r.created_at, app.display_name(r.reviewer_id), r.reviewer_role,
    app.application_campaign_title(r.application_id)
  from app.reviews r
  where r.reviewee_id = user_reviews.user_id and r.published_at is not null and r.hidden_at is null
    and (user_reviews.before is null or r.created_at < user_reviews.before)
  order by r.created_at desc, r.id desc
  limit least(greatest(coalesce(user_reviews.page_size, 20), 1), 100)
$$;

/** Admins: the latest reviews, hidden ones included, for moderation. */
create or replace function api.admin_reviews(page_size integer default 50)
returns table (id uuid, rating integer, body text, created_at timestamptz, reviewer_name text, reviewee_id uuid,
  reviewee_name text, reviewee_role text, campaign_title text, published boolean, hidden_at timestamptz, hidden_reason text)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform app.assert_admin();
  return query
    select r.id, r.rating, r.body, r.created_at, app.display_name(r.reviewer_id), r.reviewee_id,
      app.display_name(r.reviewee_id), case when r.reviewer_role = 'brand' then 'creator' else 'brand' end,
      (select c.title from app.applications a join app.campaigns c on c.id = a.campaign_id where a.id = r.application_id),
      r.published_at is not null, r.hidden_at, r.hidden_reason
    from app.reviews r
    order by r.created_at desc, r.id desc
    limit least(greatest(coalesce(admin_reviews.page_size, 50), 1), 200);
end;
$$;

/** Admins hide a review that breaks the rules: kept, marked hidden with the reason, out of the ratings. */
create or replace function app.hide_review(review_id uuid, reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  r app.reviews;
begin
  perform app.assert_admin();
  if app.is_blank(reason) then
    perform app.fail('22023', 'Say why this review is hidden', 'reason_required');
  end if;
  if char_length(btrim(reason)) > 1000 then
    perform app.fail('22023', 'The reason must be 1000 characters or fewer', 'reason_too_long');
  end if;
  select * into r from app.reviews x where x.id = hide_review.review_id for update;
  if not found then
    perform app.fail('PT404', 'Review not found', 'review_not_found');
  end if;
  if r.hidden_at is not null then
    perform app.fail('PT409', 'This review is already hidden', 'already_hidden');
  end if;
  update app.reviews x set hidden_at = now(), hidden_reason = btrim(reason), hidden_by = (select auth.uid())
  where x.id = r.id;
end;
$$;
revoke execute on function app.hide_review(uuid, text) from public, anon;
grant execute on function app.hide_review(uuid, text) to authenticated;

/** Admins: app.hide_review (reviews are not updatable by any user role). */
create or replace function api.admin_hide_review(review_id uuid, reason text)
returns void
language sql
set search_path = ''
as $$
  select app.hide_review(admin_hide_review.review_id, admin_hide_review.reason)
$$;

-- Ratings on the screens ---------------------------------------------------------------------------

drop function api.discover_creators(text, text, text, integer, integer, uuid, integer);
/**
 * Creators for brands and admins (see 20250101001400): now also a minimum rating (creators without
 * published reviews are left out when it is set) and real ratings on the cards.
 */
create function api.discover_creators(
  search text default null,
  niche text default null,
  platform text default null,
  min_followers integer default null,
  after_followers integer default null,
  after_id uuid default null,
  page_size integer default 20,
  min_rating numeric default null
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
comment on function api.discover_creators(text, text, text, integer, integer, uuid, integer, numeric) is
  'Creators for brands and admins. Security definer: the trigram name search under RLS (as browse_campaigns); it checks the caller''s role and returns only public profile columns, never email.';
revoke execute on function api.discover_creators(text, text, text, integer, integer, uuid, integer, numeric) from public, anon;
grant execute on function api.discover_creators(text, text, text, integer, integer, uuid, integer, numeric) to authenticated;

create or replace function api.creator_profile(creator_id uuid)
returns setof api.creator_card
language sql
stable
set search_path = ''
as $$
  select p.id, p.full_name, p.username, p.avatar_url, p.bio, cp.niche, cp.followers, cp.location,
    cp.instagram_handle, cp.tiktok_handle, cp.youtube_handle, cp.rate_per_post_cents, cp.portfolio,
    round(ur.rating, 1), coalesce(ur.review_count, 0), p.created_at
  from app.profiles p
  join app.creator_profiles cp on cp.user_id = p.id
  left join app.user_ratings ur on ur.user_id = p.id
  where p.id = creator_profile.creator_id and p.role = 'creator'
$$;

/** The creator dashboard's cards (see 20250111000300): the rating is now real. */
create or replace function api.creator_dashboard()
returns api.creator_dashboard_stats
language sql
stable
set search_path = ''
as $$
  select
    (select count(*)::integer from app.applications a where a.creator_id = (select auth.uid()) and a.status = 'accepted'),
    (select count(*)::integer from app.deliverables d where d.creator_id = (select auth.uid()) and d.status = 'approved'),
    (select round(ur.rating, 1) from app.user_ratings ur where ur.user_id = (select auth.uid()) and ur.review_count > 0),
    coalesce((select ur.review_count from app.user_ratings ur where ur.user_id = (select auth.uid())), 0),
    (select coalesce(-sum(e.amount_cents), 0)::bigint from app.ledger_entries e
      join app.ledger_transactions t on t.id = e.transaction_id
      where e.creator_id = (select auth.uid()) and e.account = 'creator_available' and t.kind in ('release', 'direct_payment'))
$$;

/** One campaign (see 20250101001200) with its included revision rounds and the brand's rating. */
create or replace function api.campaign_detail(campaign_id uuid)
returns setof api.campaign_detail
language sql
stable
set search_path = ''
as $$
  select c.id, c.brand_id, c.title, c.description, c.content_type, c.platforms, c.compensation_type,
    c.compensation_cents, c.deadline, c.requirements, c.status, c.created_at, c.updated_at, c.application_count,
    c.brand_id = (select auth.uid()),
    jsonb_build_object('id', p.id, 'company_name', coalesce(b.company_name, p.full_name), 'full_name', p.full_name,
      'username', p.username, 'avatar_url', p.avatar_url, 'logo_url', b.logo_url, 'website', b.website,
      'industry', b.industry, 'rating', case when ur.review_count > 0 then round(ur.rating, 1) end,
      'review_count', coalesce(ur.review_count, 0)),
    (select jsonb_build_object('id', a.id, 'status', a.status, 'pitch', a.pitch, 'created_at', a.created_at)
       from app.applications a where a.campaign_id = c.id and a.creator_id = (select auth.uid())),
    c.revision_rounds
  from app.campaigns c
  join app.profiles p on p.id = c.brand_id
  left join app.brand_profiles b on b.user_id = c.brand_id
  left join app.user_ratings ur on ur.user_id = c.brand_id
  where c.id = campaign_detail.campaign_id
$$;

create or replace function api.my_campaigns()
returns setof api.brand_campaign
language sql
stable
set search_path = ''
as $$
  with pending as (
    select a.campaign_id, count(*)::integer as n
    from app.applications a
    where a.brand_id = (select auth.uid()) and a.status = 'pending'
    group by a.campaign_id
  )
  select c.id, c.title, c.description, c.content_type, c.platforms, c.compensation_type, c.compensation_cents,
    c.deadline, c.requirements, c.status, c.created_at, c.updated_at, c.application_count, coalesce(pd.n, 0),
    c.revision_rounds
  from app.campaigns c
  left join pending pd on pd.campaign_id = c.id
  where c.brand_id = (select auth.uid())
  order by c.created_at desc, c.id desc
$$;

-- Campaign forms: the included revision rounds --------------------------------------------------------

/** Checks the number of revision rounds a campaign includes. */
create or replace function app.validate_revision_rounds(revision_rounds integer)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if revision_rounds is not null and (revision_rounds < 0 or revision_rounds > 10) then
    perform app.fail('22023', 'Revision rounds must be between 0 and 10', 'revision_rounds_invalid');
  end if;
end;
$$;
grant execute on function app.validate_revision_rounds(integer) to authenticated;

drop function api.create_campaign(text, text, text, text[], text, bigint, timestamptz, text, text);
/** Creates a campaign owned by the calling brand (see 20250108000000), with its included revision rounds. */
create function api.create_campaign(
  title text,
  description text,
  content_type text,
  platforms text[],
  compensation_type text,
  compensation_cents bigint,
  deadline timestamptz,
  requirements text default null,
  status text default 'active',
  revision_rounds integer default 2
)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  norm text[] := app.normalize_platforms(platforms);
  new_id uuid;
begin
  if (select app.current_role()) is distinct from 'brand' then
    perform app.fail('42501', 'Only brands can create campaigns', 'not_brand');
  end if;
  perform app.validate_campaign(title, description, content_type, norm, compensation_type, compensation_cents, deadline);
  perform app.validate_deadline(deadline);
  perform app.validate_revision_rounds(revision_rounds);
  if coalesce(status, 'active') not in ('draft', 'active') then
    perform app.fail('22023', 'A new campaign must be draft or active', 'status_invalid');
  end if;
  insert into app.campaigns (brand_id, title, description, content_type, platforms, compensation_type,
    compensation_cents, deadline, requirements, status, revision_rounds)
  values ((select auth.uid()), btrim(title), btrim(description), content_type, norm, compensation_type,
    compensation_cents, deadline, app.clean_text(requirements), coalesce(status, 'active'), coalesce(revision_rounds, 2))
  returning id into new_id;
  return new_id;
end;
$$;

drop function api.update_campaign(uuid, text, text, text, text[], text, bigint, timestamptz, text, text);
/** Replaces every field of the calling brand's campaign (see 20250108000000); null revision_rounds keeps it. */
create function api.update_campaign(
  campaign_id uuid,
  title text,
  description text,
  content_type text,
  platforms text[],
  compensation_type text,
  compensation_cents bigint,
  deadline timestamptz,
  requirements text default null,
  status text default null,
  revision_rounds integer default null
)
returns void
language plpgsql
set search_path = ''
as $$
declare
  norm text[] := app.normalize_platforms(platforms);
  old_deadline timestamptz;
begin
  perform app.assert_campaign_owner(campaign_id, 'You do not have permission to edit this campaign.');
  perform app.validate_campaign(title, description, content_type, norm, compensation_type, compensation_cents, deadline);
  perform app.validate_revision_rounds(revision_rounds);
  select c.deadline into old_deadline from app.campaigns c where c.id = update_campaign.campaign_id;
  if deadline is distinct from old_deadline then
    perform app.validate_deadline(deadline, least(old_deadline, now() - interval '1 day'));
  end if;
  if status is not null and status not in ('draft', 'active', 'paused', 'completed') then
    perform app.fail('22023', 'Status must be draft, active, paused or completed', 'status_invalid');
  end if;
  update app.campaigns c set
    title = btrim(update_campaign.title),
    description = btrim(update_campaign.description),
    content_type = update_campaign.content_type,
    platforms = norm,
    compensation_type = update_campaign.compensation_type,
    compensation_cents = update_campaign.compensation_cents,
    deadline = update_campaign.deadline,
    requirements = app.clean_text(update_campaign.requirements),
    status = coalesce(update_campaign.status, c.status),
    revision_rounds = coalesce(update_campaign.revision_rounds, c.revision_rounds)
  where c.id = update_campaign.campaign_id;
end;
$$;

-- The deliverable screens: rounds used and included --------------------------------------------------

drop function api.application_deliverables(uuid);
create function api.application_deliverables(application_id uuid)
returns table (id uuid, content_url text, feedback text, status text,
  created_at timestamptz, updated_at timestamptz, review_due_at timestamptz, note text,
  revision_rounds_included integer, revision_rounds_used integer)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
begin
  if not exists (select 1 from app.applications a where a.id = application_deliverables.application_id) then
    perform app.fail('PT404', 'Application not found', 'application_not_found');
  end if;
  return query
    select d.id, d.content_url, d.feedback, d.status, d.created_at, d.updated_at, d.review_due_at, d.note,
      c.revision_rounds, app.revision_rounds_used(d.id)
    from app.deliverables d
    join app.campaigns c on c.id = d.campaign_id
    where d.application_id = application_deliverables.application_id
    order by d.created_at desc, d.id desc;
end;
$$;

drop function api.deliverable_detail(uuid);
create function api.deliverable_detail(deliverable_id uuid)
returns table (id uuid, content_url text, status text, feedback text, created_at timestamptz, updated_at timestamptz,
  campaign_id uuid, campaign_title text, compensation_type text, compensation_cents bigint,
  brand_id uuid, brand_name text, creator_id uuid, creator_name text,
  payment_id uuid, payment_status text, payment_amount_cents bigint, payment_date timestamptz, payment_created_at timestamptz,
  review_due_at timestamptz, hire jsonb, application_id uuid, revision_rounds_included integer, revision_rounds_used integer,
  note text)
language sql
stable
set search_path = ''
as $$
  select d.id, d.content_url, d.status, d.feedback, d.created_at, d.updated_at,
    d.campaign_id, c.title, c.compensation_type, c.compensation_cents,
    d.brand_id, coalesce(bp.company_name, br.full_name), d.creator_id, cr.full_name,
    p.id, p.status, p.amount_cents, p.payment_date, p.created_at,
    d.review_due_at, app.hire_json(d.application_id), d.application_id, c.revision_rounds, app.revision_rounds_used(d.id),
    d.note
  from app.deliverables d
  join app.campaigns c on c.id = d.campaign_id
  left join app.profiles br on br.id = d.brand_id
  left join app.brand_profiles bp on bp.user_id = d.brand_id
  left join app.profiles cr on cr.id = d.creator_id
  left join lateral (
    select x.id, x.status, x.amount_cents, x.payment_date, x.created_at from app.payments x
    where x.deliverable_id = d.id
    order by case x.status when 'completed' then 0 when 'refunded' then 1 else 2 end, x.created_at desc, x.id desc
    limit 1
  ) p on true
  where d.id = deliverable_detail.deliverable_id
    and (select auth.uid()) in (d.brand_id, d.creator_id)
$$;

revoke execute on function api.create_campaign(text, text, text, text[], text, bigint, timestamptz, text, text, integer),
  api.update_campaign(uuid, text, text, text, text[], text, bigint, timestamptz, text, text, integer),
  api.application_deliverables(uuid), api.deliverable_detail(uuid), api.deliverable_rounds(uuid),
  api.resubmit_deliverable(uuid, text, text), api.submit_review(uuid, integer, text), api.hire_reviews(uuid),
  api.user_reviews(uuid, timestamptz, integer), api.admin_reviews(integer), api.admin_hide_review(uuid, text)
  from public, anon;
grant execute on function api.create_campaign(text, text, text, text[], text, bigint, timestamptz, text, text, integer),
  api.update_campaign(uuid, text, text, text, text[], text, bigint, timestamptz, text, text, integer),
  api.application_deliverables(uuid), api.deliverable_detail(uuid), api.deliverable_rounds(uuid),
  api.resubmit_deliverable(uuid, text, text), api.submit_review(uuid, integer, text), api.hire_reviews(uuid),
  api.user_reviews(uuid, timestamptz, integer), api.admin_reviews(integer), api.admin_hide_review(uuid, text)
  to authenticated;
