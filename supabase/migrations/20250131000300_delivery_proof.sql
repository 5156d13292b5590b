-- Issue 35 items 4-6, decision 0055: proof of delivery and the delivered post's real results.
-- A submitted content URL gets a verification (is it a post of the creator's connected account, published
-- after the hire started, with the campaign's disclosure?), written only by the delivery-verify function
-- with the service role; once verified, the post's metrics are read at 24 h, 7 d and 30 d after publish.
-- A failed platform read leaves the row due with a backoff (next_attempt_at), so nothing is lost and no
-- job run loops on one post. Due times are read on the scheduler's clock (app.scheduler_now()).

/** A campaign's disclosure rule: any one of these hashtags (without '#', lower case). */
create or replace function app.valid_disclosure_tags(tags text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select cardinality(tags) between 1 and 10
    and coalesce((select bool_and(t ~ '^[[:alnum:]_]{1,50}$' and t = lower(t)) from unnest(tags) t), false)
$$;
grant execute on function app.valid_disclosure_tags(text[]) to authenticated, service_role;

alter table app.campaigns add column disclosure_tags text[] not null default array['ad', 'publi', 'publicidad']
  constraint campaigns_disclosure_tags_valid check (app.valid_disclosure_tags(disclosure_tags));
comment on column app.campaigns.disclosure_tags is 'Hashtags (without #) any one of which discloses the partnership in the delivered post; the platform''s paid-partnership label also counts.';
grant update (disclosure_tags) on app.campaigns to authenticated;

/** When the hire started: the brand accepted the application (the first accepted event), else its creation. */
create or replace function app.hire_started_at(application_id uuid)
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select min(e.created_at) from app.application_events e where e.application_id = hire_started_at.application_id and e.kind = 'accepted'),
    (select a.created_at from app.applications a where a.id = hire_started_at.application_id))
$$;
revoke all on function app.hire_started_at(uuid) from public;
grant execute on function app.hire_started_at(uuid) to service_role;

/** Seconds before the next try after `attempts` failures: the platform's Retry-After, else 15 min doubling, 1 min..12 h. */
create or replace function app.delivery_backoff_seconds(attempts integer, retry_after_seconds integer)
returns integer
language sql
immutable
set search_path = ''
as $$
  select least(43200, greatest(60, coalesce(nullif(retry_after_seconds, 0),
    (900 * power(2, least(greatest(attempts - 1, 0), 10)))::integer)))
$$;
grant execute on function app.delivery_backoff_seconds(integer, integer) to service_role;

create table app.delivery_checks (
  deliverable_id uuid primary key references app.deliverables (id) on delete cascade,
  application_id uuid not null references app.applications (id) on delete cascade,
  creator_id uuid references app.profiles (id) on delete set null,
  brand_id uuid references app.profiles (id) on delete set null,
  content_url text not null,
  outcome text not null default 'pending',
  platform text,
  post_id text,
  published_at timestamptz,
  disclosure_via text,
  detail text,
  attempts integer not null default 0,
  next_attempt_at timestamptz default now(),
  checked_at timestamptz,
  live_until timestamptz,
  removed_at timestamptz,
  removed_as text,
  created_at timestamptz not null default now(),
  constraint delivery_checks_outcome_valid check (outcome in ('pending', 'verified', 'not_owner', 'published_before_hire',
    'missing_disclosure', 'no_connected_account', 'post_not_found', 'platform_unavailable')),
  constraint delivery_checks_platform_valid check (platform is null or platform in ('instagram', 'tiktok', 'youtube')),
  constraint delivery_checks_disclosure_via_valid check (disclosure_via is null or disclosure_via in ('label', 'hashtag')),
  constraint delivery_checks_removed_as_valid check (removed_as is null or removed_as in ('deleted', 'private')),
  constraint delivery_checks_detail_length check (detail is null or char_length(detail) <= 500),
  constraint delivery_checks_due_when_open check ((outcome in ('pending', 'platform_unavailable')) = (next_attempt_at is not null))
);
comment on table app.delivery_checks is 'Proof of delivery: the verification of a submitted content URL against the creator''s connected account. Written by delivery-verify (service role) only.';
comment on column app.delivery_checks.live_until is 'The post must stay up until then (published_at + 30 days, decision 0055); removed before it is flagged.';
create index delivery_checks_due_idx on app.delivery_checks (next_attempt_at) where next_attempt_at is not null;
create index delivery_checks_application_idx on app.delivery_checks (application_id);
create index delivery_checks_creator_idx on app.delivery_checks (creator_id);
create index delivery_checks_brand_idx on app.delivery_checks (brand_id);
alter table app.delivery_checks enable row level security;
grant select on app.delivery_checks to authenticated;
grant all on app.delivery_checks to service_role;
create policy "Parties and admins read delivery checks" on app.delivery_checks
  for select to authenticated
  using (creator_id = (select auth.uid()) or brand_id = (select auth.uid()) or (select app.is_admin()));

create table app.post_snapshots (
  id uuid primary key default gen_random_uuid(),
  deliverable_id uuid not null references app.deliverables (id) on delete cascade,
  checkpoint text not null,
  due_at timestamptz not null,
  taken_at timestamptz,
  views bigint,
  likes bigint,
  comments bigint,
  shares bigint,
  saves bigint,
  reach bigint,
  is_live boolean,
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  last_error text,
  constraint post_snapshots_once unique (deliverable_id, checkpoint),
  constraint post_snapshots_checkpoint_valid check (checkpoint in ('24h', '7d', '30d')),
  constraint post_snapshots_metrics_non_negative check (coalesce(views, 0) >= 0 and coalesce(likes, 0) >= 0
    and coalesce(comments, 0) >= 0 and coalesce(shares, 0) >= 0 and coalesce(saves, 0) >= 0 and coalesce(reach, 0) >= 0),
  constraint post_snapshots_error_length check (last_error is null or char_length(last_error) <= 500)
);
comment on table app.post_snapshots is 'The delivered post''s metrics at 24 h, 7 d and 30 d after publish; a metric the platform does not report is null, not 0.';
create index post_snapshots_due_idx on app.post_snapshots (coalesce(next_attempt_at, due_at)) where taken_at is null;
alter table app.post_snapshots enable row level security;
grant select on app.post_snapshots to authenticated;
grant all on app.post_snapshots to service_role;
create policy "Parties and admins read post snapshots" on app.post_snapshots
  for select to authenticated
  using (exists (select 1 from app.deliverables d where d.id = deliverable_id
    and (d.creator_id = (select auth.uid()) or d.brand_id = (select auth.uid()))) or (select app.is_admin()));

/** Trigger: a submitted (or edited) content URL is due for verification at once; the job retries it if the call after submission is lost. */
create or replace function app.queue_delivery_check()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into app.delivery_checks (deliverable_id, application_id, creator_id, brand_id, content_url)
  values (new.id, new.application_id, new.creator_id, new.brand_id, new.content_url)
  on conflict (deliverable_id) do update set content_url = excluded.content_url, outcome = 'pending',
    platform = null, post_id = null, published_at = null, disclosure_via = null, detail = null,
    attempts = 0, next_attempt_at = now(), checked_at = null, live_until = null, removed_at = null, removed_as = null;
  if tg_op = 'UPDATE' then
    delete from app.post_snapshots s where s.deliverable_id = new.id;
  end if;
  return null;
end;
$$;
create trigger deliverables_queue_check after insert or update of content_url on app.deliverables
  for each row execute function app.queue_delivery_check();

/** What delivery-verify needs to check one deliverable. Service role only. */
create or replace function api.delivery_check_input(deliverable_id uuid)
returns table (deliverable_id uuid, content_url text, creator_id uuid, hire_started_at timestamptz, disclosure_tags text[])
language sql
stable
set search_path = ''
as $$
  select d.id, d.content_url, d.creator_id, app.hire_started_at(d.application_id), c.disclosure_tags
  from app.deliverables d join app.campaigns c on c.id = d.campaign_id
  where d.id = delivery_check_input.deliverable_id
$$;
revoke all on function api.delivery_check_input(uuid) from public;
grant execute on function api.delivery_check_input(uuid) to service_role;

/** The deliverables whose check is due (new, or a platform failure whose backoff has passed). Service role only. */
create or replace function api.due_delivery_checks(max_rows integer default 50)
returns setof uuid
language sql
stable
set search_path = ''
as $$
  select k.deliverable_id from app.delivery_checks k
  where k.next_attempt_at is not null and k.next_attempt_at <= app.scheduler_now()
  order by k.next_attempt_at limit least(greatest(max_rows, 1), 500)
$$;
revoke all on function api.due_delivery_checks(integer) from public;
grant execute on function api.due_delivery_checks(integer) to service_role;

/**
 * delivery-verify records a result. platform_unavailable keeps it due after a backoff (the platform's
 * Retry-After when given); any final outcome closes it. verified schedules the three snapshots.
 */
create or replace function api.record_delivery_check(deliverable_id uuid, outcome text, platform text default null,
  post_id text default null, published_at timestamptz default null, disclosure_via text default null,
  detail text default null, retry_after_seconds integer default null)
returns app.delivery_checks
language plpgsql
set search_path = ''
as $$
declare
  k app.delivery_checks;
begin
  if outcome = 'pending' or outcome is null then
    perform app.fail('22023', 'A check records a result, not pending', 'invalid_outcome');
  end if;
  if outcome = 'verified' and published_at is null then
    perform app.fail('22023', 'A verified post has a publish time', 'published_at_required');
  end if;
  update app.delivery_checks x set
    outcome = record_delivery_check.outcome,
    platform = coalesce(record_delivery_check.platform, x.platform),
    post_id = coalesce(record_delivery_check.post_id, x.post_id),
    published_at = coalesce(record_delivery_check.published_at, x.published_at),
    disclosure_via = record_delivery_check.disclosure_via,
    detail = left(record_delivery_check.detail, 500),
    attempts = x.attempts + 1,
    checked_at = app.scheduler_now(),
    next_attempt_at = case when record_delivery_check.outcome = 'platform_unavailable'
      then app.scheduler_now() + make_interval(secs => app.delivery_backoff_seconds(x.attempts + 1, retry_after_seconds)) end,
    live_until = case when record_delivery_check.outcome = 'verified' then record_delivery_check.published_at + interval '30 days' end
  where x.deliverable_id = record_delivery_check.deliverable_id
  returning * into k;
  if not found then
    perform app.fail('PT404', 'No check is open for this content', 'check_not_found');
  end if;
  if k.outcome = 'verified' then
    insert into app.post_snapshots (deliverable_id, checkpoint, due_at)
    select k.deliverable_id, c.checkpoint, k.published_at + c.after
    from (values ('24h', interval '24 hours'), ('7d', interval '7 days'), ('30d', interval '30 days')) c (checkpoint, after)
    on conflict on constraint post_snapshots_once do nothing;
  end if;
  return k;
end;
$$;
revoke all on function api.record_delivery_check(uuid, text, text, text, timestamptz, text, text, integer) from public;
grant execute on function api.record_delivery_check(uuid, text, text, text, timestamptz, text, text, integer) to service_role;

/** Snapshots due now (checkpoint reached, backoff passed), with what the reader needs. Service role only. */
create or replace function api.due_post_snapshots(max_rows integer default 50)
returns table (deliverable_id uuid, checkpoint text, creator_id uuid, platform text, post_id text, attempts integer)
language sql
stable
set search_path = ''
as $$
  select s.deliverable_id, s.checkpoint, k.creator_id, k.platform, k.post_id, s.attempts
  from app.post_snapshots s join app.delivery_checks k on k.deliverable_id = s.deliverable_id
  where s.taken_at is null and coalesce(s.next_attempt_at, s.due_at) <= app.scheduler_now()
  order by coalesce(s.next_attempt_at, s.due_at) limit least(greatest(max_rows, 1), 500)
$$;
revoke all on function api.due_post_snapshots(integer) from public;
grant execute on function api.due_post_snapshots(integer) to service_role;

/**
 * Records a snapshot read (ok) or a failed read (not ok: stays due after a backoff). Idempotent: a
 * checkpoint already taken is left as it is and false comes back. A post found gone (deleted/private)
 * inside its live period is marked on the check.
 */
create or replace function api.record_post_snapshot(deliverable_id uuid, checkpoint text, ok boolean,
  views bigint default null, likes bigint default null, comments bigint default null, shares bigint default null,
  saves bigint default null, reach bigint default null, is_live boolean default null, removed_as text default null,
  error text default null, retry_after_seconds integer default null)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  s app.post_snapshots;
begin
  select * into s from app.post_snapshots x
  where x.deliverable_id = record_post_snapshot.deliverable_id and x.checkpoint = record_post_snapshot.checkpoint
  for update;
  if not found then
    perform app.fail('PT404', 'No snapshot is scheduled for this content and checkpoint', 'snapshot_not_found');
  end if;
  if s.taken_at is not null then
    return false;
  end if;
  if not ok then
    update app.post_snapshots x set attempts = x.attempts + 1, last_error = left(error, 500),
      next_attempt_at = app.scheduler_now() + make_interval(secs => app.delivery_backoff_seconds(x.attempts + 1, retry_after_seconds))
    where x.id = s.id;
    return false;
  end if;
  update app.post_snapshots x set taken_at = app.scheduler_now(), views = record_post_snapshot.views, likes = record_post_snapshot.likes,
    comments = record_post_snapshot.comments, shares = record_post_snapshot.shares, saves = record_post_snapshot.saves,
    reach = record_post_snapshot.reach, is_live = record_post_snapshot.is_live, attempts = x.attempts + 1,
    next_attempt_at = null, last_error = null
  where x.id = s.id;
  if is_live = false then
    update app.delivery_checks k set removed_at = coalesce(k.removed_at, app.scheduler_now()),
      removed_as = coalesce(k.removed_as, coalesce(record_post_snapshot.removed_as, 'deleted'))
    where k.deliverable_id = record_post_snapshot.deliverable_id and k.live_until > app.scheduler_now();
  end if;
  return true;
end;
$$;
revoke all on function api.record_post_snapshot(uuid, text, boolean, bigint, bigint, bigint, bigint, bigint, bigint, boolean, text, text, integer) from public;
grant execute on function api.record_post_snapshot(uuid, text, boolean, bigint, bigint, bigint, bigint, bigint, bigint, boolean, text, text, integer) to service_role;

/** The verification of a delivered URL and its snapshots, for the hire's brand, its creator and admins (their rows by RLS). */
create or replace function api.delivery_proof(deliverable_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  k app.delivery_checks;
begin
  select * into k from app.delivery_checks x where x.deliverable_id = delivery_proof.deliverable_id;
  if not found or ((select auth.uid()) is distinct from k.creator_id and (select auth.uid()) is distinct from k.brand_id
      and not (select app.is_admin())) then
    perform app.fail('PT404', 'Content not found', 'deliverable_not_found');
  end if;
  return jsonb_build_object('outcome', k.outcome, 'platform', k.platform, 'post_id', k.post_id,
    'published_at', k.published_at, 'disclosure_via', k.disclosure_via, 'checked_at', k.checked_at,
    'retrying', k.next_attempt_at is not null and k.attempts > 0, 'live_until', k.live_until,
    'removed_at', k.removed_at, 'removed_as', k.removed_as,
    'snapshots', coalesce((select jsonb_agg(jsonb_build_object('checkpoint', s.checkpoint, 'due_at', s.due_at,
        'taken_at', s.taken_at, 'views', s.views, 'likes', s.likes, 'comments', s.comments, 'shares', s.shares,
        'saves', s.saves, 'reach', s.reach, 'is_live', s.is_live) order by s.due_at)
      from app.post_snapshots s where s.deliverable_id = k.deliverable_id), '[]'::jsonb));
end;
$$;
revoke all on function api.delivery_proof(uuid) from public;
grant execute on function api.delivery_proof(uuid) to authenticated, service_role;

/**
 * Brand analytics of delivered posts, per creator of one campaign: the latest snapshot's metrics and the
 * hire's cost (escrow amount, cents) per view and per engagement. A metric no snapshot reported is null.
 */
create or replace function api.campaign_delivery_results(campaign_id uuid)
returns table (creator_id uuid, creator_name text, deliverable_id uuid, outcome text, checkpoint text,
  views bigint, reach bigint, engagements bigint, cost_cents bigint, cost_per_view_cents numeric, cost_per_engagement_cents numeric)
language plpgsql
stable
set search_path = ''
as $$
begin
  if not exists (select 1 from app.campaigns c where c.id = campaign_delivery_results.campaign_id
      and (c.brand_id = (select auth.uid()) or (select app.is_admin()))) then
    perform app.fail('PT404', 'Campaign not found', 'campaign_not_found');
  end if;
  return query
  with latest as (
    select distinct on (s.deliverable_id) s.* from app.post_snapshots s
    join app.deliverables d on d.id = s.deliverable_id
    where d.campaign_id = campaign_delivery_results.campaign_id and s.taken_at is not null
    order by s.deliverable_id, s.due_at desc
  ), rows as (
    select d.creator_id, app.display_name(d.creator_id) as display_name, d.id as deliverable_id, k.outcome, l.checkpoint, l.views, l.reach,
      case when l.likes is null and l.comments is null and l.shares is null and l.saves is null then null
        else coalesce(l.likes, 0) + coalesce(l.comments, 0) + coalesce(l.shares, 0) + coalesce(l.saves, 0) end as engagements,
      (select e.amount_cents from app.escrows e where e.application_id = d.application_id
        and e.status in ('funded', 'disputed', 'released') order by e.funded_at desc nulls last limit 1) as cost_cents
    from app.deliverables d
    join app.delivery_checks k on k.deliverable_id = d.id
    left join latest l on l.deliverable_id = d.id
    where d.campaign_id = campaign_delivery_results.campaign_id
  )
  select r.creator_id, r.display_name, r.deliverable_id, r.outcome, r.checkpoint, r.views, r.reach, r.engagements, r.cost_cents,
    round(r.cost_cents::numeric / nullif(r.views, 0), 4), round(r.cost_cents::numeric / nullif(r.engagements, 0), 4)
  from rows r order by r.display_name, r.deliverable_id;
end;
$$;
revoke all on function api.campaign_delivery_results(uuid) from public;
grant execute on function api.campaign_delivery_results(uuid) to authenticated, service_role;
