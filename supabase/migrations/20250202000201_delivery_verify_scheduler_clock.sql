-- Issue 35: the delivery-verify function honours the scheduler's clock. The local scheduler's test hook
-- (POST /_test/scheduler/run {at}) runs SQL jobs with app.scheduler_clock = at and posts {at} to function
-- jobs; delivery-verify now passes that time to the two calls that compare against the clock, so a run
-- "as if it were 25 hours later" takes a post's 24-hour reading through the real function and the platform
-- doubles (e2e/delivery-verify.spec.ts). Hosted pg_cron never sends one: both default to the real clock.
-- Service role only, as before.
drop function if exists api.due_post_snapshots(integer);
drop function if exists api.record_post_snapshot(uuid, text, boolean, bigint, bigint, bigint, bigint, bigint, bigint, boolean, text, text, integer);

create function api.due_post_snapshots(max_rows integer default 50, at timestamp with time zone default null::timestamp with time zone)
returns table (
  deliverable_id uuid,
  checkpoint text,
  creator_id uuid,
  platform text,
  post_id text,
  attempts integer
)
language sql
stable
set search_path = ''
as $$
  select s.deliverable_id, s.checkpoint, k.creator_id, k.platform, k.post_id, s.attempts
  from app.post_snapshots s join app.delivery_checks k on k.deliverable_id = s.deliverable_id
  where s.taken_at is null and coalesce(s.next_attempt_at, s.due_at) <= coalesce(due_post_snapshots.at, app.scheduler_now())
  order by coalesce(s.next_attempt_at, s.due_at) limit least(greatest(max_rows, 1), 500)
$$;

revoke all on function api.due_post_snapshots(integer, timestamp with time zone) from public, anon, authenticated;
grant execute on function api.due_post_snapshots(integer, timestamp with time zone) to service_role;

create function api.record_post_snapshot(
  deliverable_id uuid,
  checkpoint text,
  ok boolean,
  views bigint default null::bigint,
  likes bigint default null::bigint,
  comments bigint default null::bigint,
  shares bigint default null::bigint,
  saves bigint default null::bigint,
  reach bigint default null::bigint,
  is_live boolean default null::boolean,
  removed_as text default null::text,
  error text default null::text,
  retry_after_seconds integer default null::integer,
  at timestamp with time zone default null::timestamp with time zone
)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  s app.post_snapshots;
  k app.delivery_checks;
  clock timestamp with time zone := coalesce(record_post_snapshot.at, app.scheduler_now());
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
      next_attempt_at = clock + make_interval(secs => app.delivery_backoff_seconds(x.attempts + 1, retry_after_seconds))
    where x.id = s.id;
    return false;
  end if;
  update app.post_snapshots x set taken_at = clock, views = record_post_snapshot.views, likes = record_post_snapshot.likes,
    comments = record_post_snapshot.comments, shares = record_post_snapshot.shares, saves = record_post_snapshot.saves,
    reach = record_post_snapshot.reach, is_live = record_post_snapshot.is_live, attempts = x.attempts + 1,
    next_attempt_at = null, last_error = null
  where x.id = s.id;
  if is_live = false then
    update app.delivery_checks c set removed_at = clock,
      removed_as = coalesce(record_post_snapshot.removed_as, 'deleted')
    where c.deliverable_id = record_post_snapshot.deliverable_id and c.live_until > clock and c.removed_at is null
    returning * into k;
    if found then
      perform app.notify_post_removed(k);
    end if;
  end if;
  return true;
end;
$$;

revoke all on function api.record_post_snapshot(uuid, text, boolean, bigint, bigint, bigint, bigint, bigint, bigint, boolean, text, text, integer, timestamp with time zone) from public, anon, authenticated;
grant execute on function api.record_post_snapshot(uuid, text, boolean, bigint, bigint, bigint, bigint, bigint, bigint, boolean, text, text, integer, timestamp with time zone) to service_role;
