-- Nobody misses what matters (issue 18), part 1: in-app notifications. Written only by the database:
-- from each application's history (a trigger on app.application_events, so every step issue 17 records
-- tells the other side), from payouts, and by two scheduled jobs (a conversation's unread messages after
-- a few minutes, one per burst; a brand's content about to be approved automatically). Each new row is
-- broadcast from the database on the recipient's private channel `notifications:<user id>`, which only
-- that user may join (RLS on realtime.messages, as hosted Realtime authorizes private channels).

create table app.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references app.profiles (id) on delete cascade,
  kind text not null,
  -- Who caused it (null: the platform: Stripe, the scheduler).
  actor_id uuid references app.profiles (id) on delete set null,
  application_id uuid references app.applications (id) on delete cascade,
  campaign_id uuid references app.campaigns (id) on delete cascade,
  deliverable_id uuid references app.deliverables (id) on delete cascade,
  -- What the text needs (campaign title, amounts, round, reason, message count), fixed when it happened.
  data jsonb not null default '{}'::jsonb,
  read_at timestamptz,
  created_at timestamptz not null default now(),
  constraint notifications_kind_valid check (kind in (
    'application_received', 'application_accepted', 'application_rejected', 'hire_funded', 'hire_canceled',
    'content_submitted', 'changes_requested', 'content_approved', 'content_rejected', 'auto_approval_soon',
    'money_released', 'money_refunded', 'payout_paid', 'payout_failed', 'dispute_opened', 'dispute_resolved',
    'review_received', 'new_message'))
);
comment on table app.notifications is
  'What a user is told, newest first. Written by triggers and scheduled jobs only; the user marks it read.';
create index notifications_user_idx on app.notifications (user_id, created_at desc, id desc);
create index notifications_unread_idx on app.notifications (user_id) where read_at is null;
create index notifications_actor_idx on app.notifications (actor_id);
create index notifications_application_idx on app.notifications (application_id);
create index notifications_campaign_idx on app.notifications (campaign_id);
create index notifications_deliverable_idx on app.notifications (deliverable_id);
create index notifications_bursts_idx on app.notifications (user_id, actor_id, created_at desc) where kind = 'new_message';
create index notifications_warnings_idx on app.notifications (deliverable_id, created_at desc) where kind = 'auto_approval_soon';
alter table app.notifications enable row level security;
grant select on app.notifications to authenticated;
grant update (read_at) on app.notifications to authenticated;
grant all on app.notifications to service_role;
create policy "Users read their own notifications" on app.notifications
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Users mark their own notifications read" on app.notifications
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

/** The topic of a user's private notifications channel. */
create or replace function app.notifications_topic(user_id uuid)
returns text
language sql
immutable
set search_path = ''
as $$
  select 'notifications:' || notifications_topic.user_id::text
$$;
grant execute on function app.notifications_topic(uuid) to authenticated, service_role;

-- Only the user joins (and reads the broadcasts of) their own notifications channel; nobody sends on it
-- but the database (no insert policy for users).
create policy "Users join their own notifications channel" on realtime.messages
  for select to authenticated
  using (
    (select realtime.topic()) = app.notifications_topic((select auth.uid()))
    and realtime.messages.extension = 'broadcast'
  );

/** Trigger: a new notification is broadcast to its user's private channel (the bell updates live). */
create or replace function app.broadcast_notification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Only ids and the kind: the client reads the row itself, through RLS.
  perform realtime.send(jsonb_build_object('id', new.id, 'kind', new.kind), 'notification',
    app.notifications_topic(new.user_id), true);
  return null;
end;
$$;
create trigger notifications_broadcast after insert on app.notifications
  for each row execute function app.broadcast_notification();

/** Adds a notification (skipped for no recipient, e.g. a deleted account, or when it would tell users of their own act). */
create or replace function app.notify(user_id uuid, kind text, actor_id uuid, application_id uuid, data jsonb default '{}'::jsonb,
  deliverable_id uuid default null, at timestamptz default null)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into app.notifications (user_id, kind, actor_id, application_id, campaign_id, deliverable_id, data, created_at)
  select notify.user_id, notify.kind, notify.actor_id, notify.application_id, a.campaign_id,
    coalesce(notify.deliverable_id,
      (select d.id from app.deliverables d where d.application_id = notify.application_id order by d.created_at desc, d.id desc limit 1)),
    coalesce(notify.data, '{}'::jsonb) || jsonb_build_object('campaign_title', c.title),
    coalesce(notify.at, now())
  from (select 1) one
  left join app.applications a on a.id = notify.application_id
  left join app.campaigns c on c.id = a.campaign_id
  where notify.user_id is not null and notify.user_id is distinct from notify.actor_id
$$;
revoke execute on function app.notify(uuid, text, uuid, uuid, jsonb, uuid, timestamptz) from public, anon, authenticated;

/** Each step of an application's history tells the side that did not take it (the seed replays it too). */
create or replace function app.notify_for_event(new app.application_events)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  d jsonb := new.detail;
  deliverable uuid := nullif(new.detail ->> 'deliverable_id', '')::uuid;
begin
  case new.kind
    when 'applied' then
      perform app.notify(new.brand_id, 'application_received', new.actor_id, new.application_id, '{}'::jsonb, null, new.created_at);
    when 'accepted' then
      perform app.notify(new.creator_id, 'application_accepted', new.actor_id, new.application_id, '{}'::jsonb, null, new.created_at);
    when 'rejected' then
      perform app.notify(new.creator_id, 'application_rejected', new.actor_id, new.application_id, '{}'::jsonb, null, new.created_at);
    when 'canceled' then
      perform app.notify(new.creator_id, 'hire_canceled', new.actor_id, new.application_id,
        jsonb_build_object('reason', d ->> 'reason'), null, new.created_at);
    when 'funded' then
      perform app.notify(new.creator_id, 'hire_funded', new.actor_id, new.application_id,
        jsonb_build_object('amount_cents', d -> 'amount_cents'), null, new.created_at);
    when 'submitted', 'resubmitted' then
      perform app.notify(new.brand_id, 'content_submitted', new.actor_id, new.application_id,
        jsonb_build_object('round', d -> 'round'), deliverable, new.created_at);
    when 'changes_requested' then
      perform app.notify(new.creator_id, 'changes_requested', new.actor_id, new.application_id,
        jsonb_build_object('round', d -> 'round'), deliverable, new.created_at);
    when 'approved', 'auto_approved' then
      perform app.notify(new.creator_id, 'content_approved', new.actor_id, new.application_id,
        jsonb_build_object('automatic', new.kind = 'auto_approved'), deliverable, new.created_at);
    when 'content_rejected' then
      perform app.notify(new.creator_id, 'content_rejected', new.actor_id, new.application_id, '{}'::jsonb, deliverable, new.created_at);
    when 'released' then
      perform app.notify(new.creator_id, 'money_released', new.actor_id, new.application_id,
        jsonb_build_object('amount_cents', d -> 'amount_cents'), null, new.created_at);
    when 'refunded' then
      perform app.notify(new.brand_id, 'money_refunded', new.actor_id, new.application_id,
        jsonb_build_object('amount_cents', d -> 'amount_cents'), null, new.created_at);
    when 'disputed' then
      perform app.notify(case when new.actor_id = new.brand_id then new.creator_id else new.brand_id end, 'dispute_opened',
        new.actor_id, new.application_id, jsonb_build_object('reason', d ->> 'reason'), null, new.created_at);
    when 'resolved' then
      perform app.notify(who, 'dispute_resolved', new.actor_id, new.application_id,
        jsonb_build_object('outcome', d ->> 'outcome', 'creator_cents', d -> 'creator_cents', 'brand_cents', d -> 'brand_cents'),
        null, new.created_at)
      from unnest(array[new.brand_id, new.creator_id]) who;
    when 'reviewed' then
      perform app.notify(case when d ->> 'reviewer_role' = 'brand' then new.creator_id else new.brand_id end, 'review_received',
        new.actor_id, new.application_id, '{}'::jsonb, null, new.created_at);
    else
      null;
  end case;
end;
$$;
revoke execute on function app.notify_for_event(app.application_events) from public, anon, authenticated;

/** Trigger: see app.notify_for_event. */
create or replace function app.notify_application_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app.notify_for_event(new);
  return null;
end;
$$;
create trigger application_events_notify after insert on app.application_events
  for each row execute function app.notify_application_event();

/** Trigger: a payout that reaches the bank, or fails, is told to its creator. */
create or replace function app.notify_payout()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status in ('paid', 'failed') and old.status is distinct from new.status then
    insert into app.notifications (user_id, kind, data)
    select new.creator_id, case new.status when 'paid' then 'payout_paid' else 'payout_failed' end,
      jsonb_build_object('amount_cents', new.amount_cents, 'failure_code', new.failure_code)
    where new.creator_id is not null;
  end if;
  return null;
end;
$$;
create trigger payouts_notify after update of status on app.payouts
  for each row execute function app.notify_payout();

/**
 * Scheduled: a conversation's messages still unread a few minutes after they were sent become one
 * notification per burst (the unread messages since the conversation's last one), not one per message.
 */
create or replace function app.notify_unread_messages(as_of timestamptz default now(), grace interval default interval '5 minutes')
returns integer
language sql
security definer
set search_path = ''
as $$
  with bursts as (
    select m.receiver_id, m.sender_id, count(*)::integer as n, max(m.created_at) as last_at
    from app.messages m
    where not m.read and m.created_at <= notify_unread_messages.as_of - notify_unread_messages.grace
      and m.created_at > coalesce((select max(x.created_at) from app.notifications x
                                   where x.user_id = m.receiver_id and x.actor_id = m.sender_id and x.kind = 'new_message'),
                                  '-infinity'::timestamptz)
    group by m.receiver_id, m.sender_id
  ), added as (
    insert into app.notifications (user_id, kind, actor_id, data, created_at)
    select b.receiver_id, 'new_message', b.sender_id, jsonb_build_object('count', b.n), notify_unread_messages.as_of
    from bursts b
    returning 1
  )
  select count(*)::integer from added
$$;
revoke execute on function app.notify_unread_messages(timestamptz, interval) from public, anon, authenticated;
grant execute on function app.notify_unread_messages(timestamptz, interval) to service_role;

/**
 * Scheduled: warns the brand once per submission when content of a funded hire will be approved
 * automatically within 24 hours.
 */
create or replace function app.warn_auto_approval_soon(as_of timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  due record;
  n integer := 0;
begin
  for due in
    select d.id, d.application_id, d.brand_id, d.review_due_at
    from app.deliverables d
    join app.escrows e on e.application_id = d.application_id and e.status = 'funded'
    where d.status in ('pending', 'submitted') and d.review_due_at > warn_auto_approval_soon.as_of
      and d.review_due_at <= warn_auto_approval_soon.as_of + interval '24 hours'
      and not exists (
        select 1 from app.notifications x
        where x.deliverable_id = d.id and x.kind = 'auto_approval_soon'
          and x.created_at >= coalesce((select max(r.submitted_at) from app.deliverable_rounds r where r.deliverable_id = d.id), d.created_at))
    for update of d skip locked
  loop
    perform app.notify(due.brand_id, 'auto_approval_soon', null, due.application_id,
      jsonb_build_object('due_at', due.review_due_at), due.id, warn_auto_approval_soon.as_of);
    n := n + 1;
  end loop;
  return n;
end;
$$;
revoke execute on function app.warn_auto_approval_soon(timestamptz) from public, anon, authenticated;
grant execute on function app.warn_auto_approval_soon(timestamptz) to service_role;

insert into app.scheduled_jobs (name, schedule, sql_command, function_path) values
  ('notify-unread-messages', '* * * * *', 'select app.notify_unread_messages(app.scheduler_now())', null),
  ('warn-auto-approval-soon', '*/5 * * * *', 'select app.warn_auto_approval_soon(app.scheduler_now())', null);
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('notify-unread-messages', '* * * * *', 'select app.notify_unread_messages(app.scheduler_now())');
    perform cron.schedule('warn-auto-approval-soon', '*/5 * * * *', 'select app.warn_auto_approval_soon(app.scheduler_now())');
  end if;
end;
$$;

/** The caller's notifications, newest first (keyset: pass the last row's created_at and id). */
create or replace function api.my_notifications(before_at timestamptz default null, before_id uuid default null, page_size integer default 20)
returns table (id uuid, kind text, actor_id uuid, actor_name text, application_id uuid, campaign_id uuid, deliverable_id uuid,
  data jsonb, read_at timestamptz, created_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select n.id, n.kind, n.actor_id, app.display_name(n.actor_id), n.application_id, n.campaign_id, n.deliverable_id, n.data,
    n.read_at, n.created_at
  from app.notifications n
  where n.user_id = (select auth.uid())
    and (my_notifications.before_at is null or (n.created_at, n.id) < (my_notifications.before_at, coalesce(my_notifications.before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)))
  order by n.created_at desc, n.id desc
  limit least(greatest(coalesce(my_notifications.page_size, 20), 1), 100)
$$;
revoke execute on function api.my_notifications(timestamptz, uuid, integer) from public, anon;
grant execute on function api.my_notifications(timestamptz, uuid, integer) to authenticated;

/** How many of the caller's notifications are unread (the bell's count). */
create or replace function api.unread_notification_count()
returns integer
language sql
stable
set search_path = ''
as $$
  select count(*)::integer from app.notifications n where n.user_id = (select auth.uid()) and n.read_at is null
$$;
revoke execute on function api.unread_notification_count() from public, anon;
grant execute on function api.unread_notification_count() to authenticated;

/** Marks one of the caller's notifications read; someone else's (or none) is not found. */
create or replace function api.mark_notification_read(notification_id uuid)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update app.notifications n set read_at = coalesce(n.read_at, now())
  where n.id = mark_notification_read.notification_id and n.user_id = (select auth.uid());
  if not found then
    perform app.fail('PT404', 'Notification not found', 'notification_not_found');
  end if;
  return true;
end;
$$;
revoke execute on function api.mark_notification_read(uuid) from public, anon;
grant execute on function api.mark_notification_read(uuid) to authenticated;

/** Marks all of the caller's notifications read; returns how many were unread. */
create or replace function api.mark_all_notifications_read()
returns integer
language sql
set search_path = ''
as $$
  with marked as (
    update app.notifications n set read_at = now()
    where n.user_id = (select auth.uid()) and n.read_at is null
    returning 1
  )
  select count(*)::integer from marked
$$;
revoke execute on function api.mark_all_notifications_read() from public, anon;
grant execute on function api.mark_all_notifications_read() to authenticated;
