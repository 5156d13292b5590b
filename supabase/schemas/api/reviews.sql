-- Reviews and ratings.
-- This file: the api functions and types (the Data API); the tables are in ../reviews.sql.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create or replace function api.admin_hide_review(review_id uuid, reason text)
returns void
language sql
set search_path = ''
as $$
  select app.hide_review(admin_hide_review.review_id, admin_hide_review.reason)
$$;
grant execute on function api.admin_hide_review(review_id uuid, reason text) to authenticated;

create or replace function api.admin_reviews(page_size integer default 50)
returns table (
  id uuid,
  rating integer,
  body text,
  created_at timestamp with time zone,
  reviewer_name text,
  reviewee_id uuid,
  reviewee_name text,
  reviewee_role text,
  campaign_title text,
  published boolean,
  hidden_at timestamp with time zone,
  hidden_reason text
)
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
grant execute on function api.admin_reviews(page_size integer) to authenticated;

create or replace function api.admin_unhide_review(review_id uuid)
returns void
language sql
set search_path = ''
as $$
  select app.unhide_review(admin_unhide_review.review_id)
$$;
grant execute on function api.admin_unhide_review(review_id uuid) to authenticated;

create or replace function api.hire_reviews(application_id uuid)
returns table (
  can_review boolean,
  completed_at timestamp with time zone,
  reveal_at timestamp with time zone,
  my_review jsonb,
  their_review jsonb,
  their_review_written boolean
)
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
grant execute on function api.hire_reviews(application_id uuid) to authenticated;

create or replace function api.review_deliverable(deliverable_id uuid, status text, feedback text default null::text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  d app.deliverables := app.visible_deliverable(deliverable_id);
begin
  if d.brand_id is distinct from (select auth.uid()) then
    perform app.fail('42501', 'Only the campaign owner can review content', 'not_owner');
  end if;
  if status is null or status not in ('approved', 'changes_requested', 'rejected') then
    perform app.fail('22023', 'Status must be approved, changes_requested or rejected', 'status_invalid');
  end if;
  if char_length(feedback) > 5000 then
    perform app.fail('22023', 'Feedback must be 5000 characters or fewer', 'feedback_too_long');
  end if;
  if d.status not in ('pending', 'submitted') then
    perform app.fail('PT409', format('This content has already been %s', replace(d.status, '_', ' ')), 'invalid_transition');
  end if;
  update app.deliverables x
  set status = review_deliverable.status, feedback = app.clean_text(review_deliverable.feedback)
  where x.id = d.id;
end;
$$;
grant execute on function api.review_deliverable(deliverable_id uuid, status text, feedback text) to authenticated;

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
grant execute on function api.submit_review(application_id uuid, rating integer, body text) to authenticated;

create or replace function api.user_reviews(
  user_id uuid,
  before timestamp with time zone default null::timestamp with time zone,
  page_size integer default 20
)
returns table (
  id uuid,
  rating integer,
  body text,
  created_at timestamp with time zone,
  reviewer_name text,
  reviewer_role text,
  campaign_title text
)
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
grant execute on function api.user_reviews(user_id uuid, before timestamp with time zone, page_size integer) to authenticated;
