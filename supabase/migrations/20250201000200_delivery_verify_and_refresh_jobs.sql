-- Issue 35 items 1 (refresh), 4 and 6 (decisions 0054, 0055): what the scheduled delivery-verify function and
-- social-connect's /refresh route need from the database, the `post_removed` notification to both sides
-- when a delivered post disappears inside its live period (30 days after publish), the admins' list of
-- removed posts, and the two jobs in app.scheduled_jobs.

/** The creator's account on a platform as a delivery check needs it (ownership by platform_user_id). Service role only. */
create or replace function api.delivery_check_account(creator_id uuid, platform text)
returns table (id uuid, platform_user_id text, status text)
language sql
stable
security definer
set search_path = ''
as $$
  select s.id, s.platform_user_id, s.status from app.social_accounts s
  where s.creator_id = delivery_check_account.creator_id and s.platform = delivery_check_account.platform
$$;
comment on function api.delivery_check_account(uuid, text) is 'delivery-verify: the creator''s account on the platform (id, platform_user_id, status), no token. Security definer: app.social_accounts is read through definer functions only (decision 0053). Service role only.';
revoke all on function api.delivery_check_account(uuid, text) from public, anon, authenticated;
grant execute on function api.delivery_check_account(uuid, text) to service_role;

/**
 * A throttled refresh (429) comes back after the platform's Retry-After (at least a minute, at most the
 * account's next daily slot) instead of waiting a day. Service role only.
 */
create or replace function api.social_account_refresh_later(account_id uuid, retry_after_seconds integer)
returns void
language sql
security definer
set search_path = ''
as $$
  update app.social_refresh_schedule sch
  set due_at = least(sch.due_at, now() + make_interval(secs => least(greatest(coalesce(social_account_refresh_later.retry_after_seconds, 0), 60), 43200)))
  where sch.account_id = social_account_refresh_later.account_id
$$;
comment on function api.social_account_refresh_later(uuid, integer) is 'Refresh job: a throttled account comes back after Retry-After (1 min..12 h) instead of its next daily slot. Security definer: app.social_refresh_schedule is written through definer functions only (decision 0054). Service role only.';
revoke all on function api.social_account_refresh_later(uuid, integer) from public, anon, authenticated;
grant execute on function api.social_account_refresh_later(uuid, integer) to service_role;

-- The notification kinds, the full list (supabase/functions/_shared/contract/notification-kinds.ts).
alter table app.notifications drop constraint notifications_kind_valid;
alter table app.notifications add constraint notifications_kind_valid check (kind = any (array['application_received'::text, 'application_accepted'::text, 'application_rejected'::text, 'hire_funded'::text, 'hire_canceled'::text, 'content_submitted'::text, 'changes_requested'::text, 'content_approved'::text, 'content_rejected'::text, 'auto_approval_soon'::text, 'money_released'::text, 'money_refunded'::text, 'payout_paid'::text, 'payout_failed'::text, 'dispute_opened'::text, 'dispute_resolved'::text, 'review_received'::text, 'new_message'::text, 'dispute_message'::text, 'draft_submitted'::text, 'draft_reviewed'::text, 'tax_form_expiring'::text, 'post_removed'::text]));

create or replace function app.email_category(kind text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when kind in ('application_received', 'application_accepted', 'application_rejected') then 'applications'
    when kind in ('hire_funded', 'hire_canceled', 'content_submitted', 'changes_requested', 'content_approved',
                  'content_rejected', 'auto_approval_soon', 'draft_submitted', 'draft_reviewed', 'post_removed') then 'work'
    when kind in ('money_released', 'money_refunded', 'payout_paid', 'payout_failed', 'tax_form_expiring') then 'payments'
    when kind in ('dispute_opened', 'dispute_resolved', 'review_received', 'dispute_message') then 'disputes_reviews'
    when kind in ('new_message', 'message_digest') then 'messages'
  end
$$;

create index delivery_checks_removed_idx on app.delivery_checks (removed_at desc) where removed_at is not null;

/** Both sides of the hire learn that the delivered post went down inside its live period (bell and email). */
create or replace function app.notify_post_removed(k app.delivery_checks)
returns void
language sql
-- Security definer: app.notify is not granted to the service role that records the reading.
security definer
set search_path = ''
as $$
  select app.notify(r.user_id, 'post_removed', null, k.application_id,
    jsonb_build_object('removed_as', k.removed_as, 'platform', k.platform, 'content_url', k.content_url),
    k.deliverable_id, app.scheduler_now())
  from (values (k.brand_id), (k.creator_id)) r (user_id)
$$;
revoke all on function app.notify_post_removed(app.delivery_checks) from public, anon, authenticated;
grant execute on function app.notify_post_removed(app.delivery_checks) to service_role;

/**
 * Records a snapshot read (ok) or a failed read (not ok: stays due after a backoff). Idempotent: a
 * checkpoint already taken is left as it is and false comes back. A post found gone (deleted/private)
 * inside its live period is marked on the check and, the first time only, both sides are told (post_removed).
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
  k app.delivery_checks;
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
    update app.delivery_checks c set removed_at = app.scheduler_now(),
      removed_as = coalesce(record_post_snapshot.removed_as, 'deleted')
    where c.deliverable_id = record_post_snapshot.deliverable_id and c.live_until > app.scheduler_now() and c.removed_at is null
    returning * into k;
    if found then
      perform app.notify_post_removed(k);
    end if;
  end if;
  return true;
end;
$$;
revoke all on function api.record_post_snapshot(uuid, text, boolean, bigint, bigint, bigint, bigint, bigint, bigint, boolean, text, text, integer) from public;
grant execute on function api.record_post_snapshot(uuid, text, boolean, bigint, bigint, bigint, bigint, bigint, bigint, boolean, text, text, integer) to service_role;

/** Admins: delivered posts deleted or made private inside their live period, newest first (RLS lets admins read every check). */
create or replace function api.removed_posts(max_rows integer default 100)
returns table (deliverable_id uuid, application_id uuid, campaign_id uuid, creator_id uuid, brand_id uuid, content_url text,
  platform text, published_at timestamptz, live_until timestamptz, removed_at timestamptz, removed_as text)
language plpgsql
stable
set search_path = ''
as $$
begin
  if not (select app.is_admin()) then
    perform app.fail('42501', 'Only admins list removed posts', 'not_admin');
  end if;
  return query
  select k.deliverable_id, k.application_id, a.campaign_id, k.creator_id, k.brand_id, k.content_url, k.platform,
    k.published_at, k.live_until, k.removed_at, k.removed_as
  from app.delivery_checks k join app.applications a on a.id = k.application_id
  where k.removed_at is not null
  order by k.removed_at desc, k.deliverable_id limit least(greatest(max_rows, 1), 500);
end;
$$;
revoke all on function api.removed_posts(integer) from public, anon;
grant execute on function api.removed_posts(integer) to authenticated;

-- The jobs: local/scheduler POSTs the paths with the service role key; on hosted, pg_cron with pg_net.
insert into app.scheduled_jobs (name, schedule, sql_command, function_path) values
  ('refresh-social-accounts', '*/5 * * * *', null, 'social-connect/refresh'),
  ('verify-deliveries', '*/5 * * * *', null, 'delivery-verify/run')
on conflict (name) do nothing;
do $$
declare
  job record;
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    for job in select * from (values ('refresh-social-accounts', 'social-connect/refresh'), ('verify-deliveries', 'delivery-verify/run')) j (name, path) loop
      perform cron.schedule(job.name, '*/5 * * * *', format($cmd$select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/%s',
        headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization',
          'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),
        body := '{}'::jsonb)$cmd$, job.path));
    end loop;
  end if;
end;
$$;
