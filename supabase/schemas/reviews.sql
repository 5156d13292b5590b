-- Reviews and ratings.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

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

create table app.reviews (
  id uuid default gen_random_uuid() not null,
  application_id uuid not null,
  reviewer_id uuid,
  reviewee_id uuid,
  reviewer_role text not null,
  rating integer not null,
  body text not null,
  reveal_at timestamp with time zone not null,
  published_at timestamp with time zone,
  hidden_at timestamp with time zone,
  hidden_reason text,
  hidden_by uuid,
  created_at timestamp with time zone default now() not null,
  constraint reviews_pkey primary key (id),
  constraint reviews_once_per_side unique (application_id, reviewer_role),
  constraint reviews_application_id_fkey foreign key (application_id) references app.applications(id) on delete cascade,
  constraint reviews_hidden_by_fkey foreign key (hidden_by) references app.profiles(id) on delete set null,
  constraint reviews_reviewee_id_fkey foreign key (reviewee_id) references app.profiles(id) on delete cascade,
  constraint reviews_reviewer_id_fkey foreign key (reviewer_id) references app.profiles(id) on delete set null,
  constraint reviews_body_length check (char_length(btrim(body)) >= 1 and char_length(btrim(body)) <= 2000),
  constraint reviews_hidden_reason check ((hidden_at is null) = (hidden_reason is null)),
  constraint reviews_rating_range check (rating >= 1 and rating <= 5),
  constraint reviews_reviewer_role_valid check (reviewer_role = any (array['brand'::text, 'creator'::text]))
);
alter table app.reviews enable row level security;
comment on table app.reviews is 'One review per side of a completed hire. Readable by others once published (both wrote, or reveal_at passed) and not hidden by an admin; hidden reviews are kept with the reason.';
grant all on app.reviews to service_role;
grant select, insert on app.reviews to authenticated;

create index reviews_created_id_idx on app.reviews using btree (created_at desc, id desc);
create index reviews_hidden_by_idx on app.reviews using btree (hidden_by);
create index reviews_reviewee_idx on app.reviews using btree (reviewee_id, created_at desc) where ((published_at is not null) and (hidden_at is null));
create index reviews_reviewer_idx on app.reviews using btree (reviewer_id);
create index reviews_unpublished_idx on app.reviews using btree (reveal_at) where (published_at is null);

create trigger reviews_guard before insert or update on app.reviews for each row execute function app.guard_review();
create trigger reviews_published after insert or update of published_at, hidden_at on app.reviews for each row execute function app.review_published();

create policy "Parties review as themselves" on app.reviews
for insert
to authenticated
with check (reviewer_id = (( select auth.uid() as uid)));
create policy "Reviews are read by their author, by anyone once published and " on app.reviews
for select
to authenticated
using (reviewer_id = (( select auth.uid() as uid)) or published_at is not null and hidden_at is null or ( select app.is_admin() as is_admin));

create table app.user_ratings (
  user_id uuid not null,
  review_count integer default 0 not null,
  rating_sum integer default 0 not null,
  rating numeric(3,2) generated always as (
case
    when (review_count > 0) then round(((rating_sum)::numeric / (review_count)::numeric), 2)
    else null::numeric
end) stored,
  constraint user_ratings_pkey primary key (user_id),
  constraint user_ratings_user_id_fkey foreign key (user_id) references app.profiles(id) on delete cascade
);
alter table app.user_ratings enable row level security;
comment on table app.user_ratings is 'Average stars and count of a user''s published, visible reviews.';
grant all on app.user_ratings to service_role;
grant select on app.user_ratings to authenticated;

create index user_ratings_rating_idx on app.user_ratings using btree (rating) where (review_count > 0);

create policy "Ratings are public to signed-in users" on app.user_ratings
for select
to authenticated
using (true);

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
grant execute on function app.application_campaign_title(application_id uuid) to authenticated;

create or replace function app.deliverable_review_window()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  hire_status text;
  approving boolean := tg_op = 'UPDATE' and new.status = 'approved' and old.status <> 'approved';
begin
  if tg_op = 'INSERT' and (select auth.role()) = 'authenticated' and new.creator_id is distinct from (select auth.uid()) then
    -- Not the caller's application: the insert policy refuses it; a stranger neither waits for the hire nor learns its state.
    return new;
  end if;
  select e.status into hire_status from app.escrows e where e.application_id = new.application_id;
  if hire_status is not null and (tg_op = 'INSERT' or (approving and hire_status in ('funded', 'released'))) then
    select e.status into hire_status from app.escrows e where e.application_id = new.application_id for update;
  end if;
  if tg_op = 'INSERT' then
    -- The same refusals as app.assert_hire_allows_work, now with the state no other call can change.
    if hire_status = 'awaiting_funding' then
      raise exception 'The brand has not funded this hire yet. You can submit content once it is funded.'
        using errcode = 'PT409', detail = 'hire_not_funded';
    end if;
    if not app.hire_status_allows_work(hire_status) then
      raise exception 'This hire was canceled, so content can no longer be submitted'
        using errcode = 'PT409', detail = 'hire_closed';
    end if;
  end if;
  if approving then
    if hire_status = 'disputed' then
      raise exception 'A dispute is open on this hire: an admin will decide how the money is released'
        using errcode = 'PT409', detail = 'dispute_open';
    end if;
    if not app.hire_status_allows_work(hire_status) then
      raise exception 'This hire was canceled or refunded, so its content can no longer be approved'
        using errcode = 'PT409', detail = 'hire_closed';
    end if;
  end if;
  if new.status in ('pending', 'submitted') then
    if hire_status in ('funded', 'disputed') and (tg_op = 'INSERT' or new.content_url is distinct from old.content_url
                                   or old.status not in ('pending', 'submitted') or old.review_due_at is null) then
      new.review_due_at := now() + make_interval(hours => (select s.review_window_hours from app.platform_settings s));
    end if;
  else
    new.review_due_at := null;
  end if;
  return new;
end;
$$;

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
grant execute on function app.hide_review(review_id uuid, reason text) to authenticated;

create or replace function app.hire_completed_at(application_id uuid)
returns timestamp with time zone
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
grant execute on function app.hire_completed_at(application_id uuid) to authenticated, service_role;

create or replace function app.publish_due_reviews(as_of timestamp with time zone default now())
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
grant execute on function app.publish_due_reviews(as_of timestamp with time zone) to service_role;

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
grant execute on function app.review_written(application_id uuid, reviewer_role text) to authenticated;

create or replace function app.unhide_review(review_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  r app.reviews;
begin
  perform app.assert_admin();
  select * into r from app.reviews x where x.id = unhide_review.review_id for update;
  if not found then
    perform app.fail('PT404', 'Review not found', 'review_not_found');
  end if;
  if r.hidden_at is null then
    perform app.fail('PT409', 'This review is not hidden', 'not_hidden');
  end if;
  update app.reviews x set hidden_at = null, hidden_reason = null, hidden_by = null where x.id = r.id;
end;
$$;
comment on function app.unhide_review(review_id uuid) is 'Admins: shows a hidden review again. Security definer: no user role may update reviews; app.assert_admin refuses non-admins first.';
grant execute on function app.unhide_review(review_id uuid) to authenticated;

create trigger deliverables_review_window before insert or update on app.deliverables for each row execute function app.deliverable_review_window();
