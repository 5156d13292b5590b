-- Notifications: written from the history, broadcast through Realtime.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

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

create table app.notifications (
  id uuid default gen_random_uuid() not null,
  user_id uuid not null,
  kind text not null,
  actor_id uuid,
  application_id uuid,
  campaign_id uuid,
  deliverable_id uuid,
  data jsonb default '{}'::jsonb not null,
  read_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  constraint notifications_pkey primary key (id),
  constraint notifications_actor_id_fkey foreign key (actor_id) references app.profiles(id) on delete set null,
  constraint notifications_application_id_fkey foreign key (application_id) references app.applications(id) on delete cascade,
  constraint notifications_campaign_id_fkey foreign key (campaign_id) references app.campaigns(id) on delete cascade,
  constraint notifications_deliverable_id_fkey foreign key (deliverable_id) references app.deliverables(id) on delete cascade,
  constraint notifications_user_id_fkey foreign key (user_id) references app.profiles(id) on delete cascade,
  constraint notifications_kind_valid check (kind = any (array['application_received'::text, 'application_accepted'::text, 'application_rejected'::text, 'hire_funded'::text, 'hire_canceled'::text, 'content_submitted'::text, 'changes_requested'::text, 'content_approved'::text, 'content_rejected'::text, 'auto_approval_soon'::text, 'money_released'::text, 'money_refunded'::text, 'payout_paid'::text, 'payout_failed'::text, 'dispute_opened'::text, 'dispute_resolved'::text, 'review_received'::text, 'new_message'::text, 'dispute_message'::text, 'draft_submitted'::text, 'draft_reviewed'::text, 'tax_form_expiring'::text, 'social_reconnect_needed'::text, 'statement_ready'::text, 'licence_ending'::text, 'post_removed'::text, 'licence_renewal_offered'::text, 'licence_renewal_decided'::text, 'licence_renewal_paid'::text]))
);
alter table app.notifications enable row level security;
comment on table app.notifications is 'What a user is told, newest first. Written by triggers and scheduled jobs only; the user marks it read.';
grant all on app.notifications to service_role;
grant select on app.notifications to authenticated;
grant update (read_at) on app.notifications to authenticated;

create index notifications_actor_idx on app.notifications using btree (actor_id);
create index notifications_application_idx on app.notifications using btree (application_id);
create index notifications_bursts_idx on app.notifications using btree (user_id, actor_id, created_at desc) where (kind = 'new_message'::text);
create index notifications_campaign_idx on app.notifications using btree (campaign_id);
create index notifications_deliverable_idx on app.notifications using btree (deliverable_id);
create index notifications_unread_idx on app.notifications using btree (user_id) where (read_at is null);
create index notifications_user_idx on app.notifications using btree (user_id, created_at desc, id desc);
create index notifications_warnings_idx on app.notifications using btree (deliverable_id, created_at desc) where (kind = 'auto_approval_soon'::text);

create trigger notifications_broadcast after insert on app.notifications for each row execute function app.broadcast_notification();

create policy "Users mark their own notifications read" on app.notifications
for update
to authenticated
using (user_id = (( select auth.uid() as uid)))
with check (user_id = (( select auth.uid() as uid)));
create policy "Users read their own notifications" on app.notifications
for select
to authenticated
using (user_id = (( select auth.uid() as uid)));

create or replace function app.notifications_topic(user_id uuid)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  return 'notifications:' || notifications_topic.user_id::text;
end;
$$;
grant execute on function app.notifications_topic(user_id uuid) to authenticated, service_role;

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

create or replace function app.notify_dispute_message_trigger()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app.notify_dispute_message(new);
  return null;
end;
$$;

create or replace function app.notify_dispute_message(m app.dispute_messages)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  d app.disputes;
  handling uuid[];
  excerpt text := left(btrim(m.body), 200);
begin
  select * into d from app.disputes x where x.id = m.dispute_id;
  if not found then
    return;
  end if;
  perform app.notify(who, 'dispute_message', m.author_id, d.application_id,
    jsonb_build_object('dispute_id', d.id, 'excerpt', excerpt), null, m.created_at)
  from unnest(array[d.brand_id, d.creator_id]) who;
  select coalesce(array_agg(distinct x.id), '{}') into handling
  from app.profiles x
  where x.role = 'admin'
    and (x.id = d.resolved_by or exists (select 1 from app.dispute_messages w where w.dispute_id = d.id and w.author_id = x.id));
  if cardinality(handling) = 0 then
    select coalesce(array_agg(x.id), '{}') into handling from app.profiles x where x.role = 'admin';
  end if;
  insert into app.notifications (user_id, kind, actor_id, application_id, campaign_id, data, created_at)
  select who, 'dispute_message', m.author_id, d.application_id, a.campaign_id,
    jsonb_build_object('dispute_id', d.id, 'excerpt', excerpt, 'admin', true, 'campaign_title', c.title), m.created_at
  from unnest(handling) who
  left join app.applications a on a.id = d.application_id
  left join app.campaigns c on c.id = a.campaign_id
  where who is distinct from m.author_id;
end;
$$;

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
      -- Gross (what the brand paid into escrow) and the creator's net, both named in the text (glossary 0031).
      perform app.notify(new.creator_id, 'hire_funded', new.actor_id, new.application_id,
        jsonb_build_object('amount_cents', d -> 'amount_cents', 'net_cents', d -> 'net_cents'), null, new.created_at);
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

create or replace function app.notify_post_removed(k app.delivery_checks)
returns void
language sql
security definer
set search_path = ''
as $$
  select app.notify(r.user_id, 'post_removed', null, k.application_id,
    jsonb_build_object('removed_as', k.removed_as, 'platform', k.platform, 'content_url', k.content_url),
    k.deliverable_id, app.scheduler_now())
  from (values (k.brand_id), (k.creator_id)) r (user_id)
$$;
grant execute on function app.notify_post_removed(k app.delivery_checks) to service_role;

create or replace function app.notify_unread_messages(as_of timestamp with time zone default now(), grace interval default '00:05:00'::interval)
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
grant execute on function app.notify_unread_messages(as_of timestamp with time zone, grace interval) to service_role;

create or replace function app.notify(
  user_id uuid,
  kind text,
  actor_id uuid,
  application_id uuid,
  data jsonb default '{}'::jsonb,
  deliverable_id uuid default null::uuid,
  at timestamp with time zone default null::timestamp with time zone
)
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

create or replace function app.warn_auto_approval_soon(as_of timestamp with time zone default now())
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
grant execute on function app.warn_auto_approval_soon(as_of timestamp with time zone) to service_role;

create trigger application_events_notify after insert on app.application_events for each row execute function app.notify_application_event();

create trigger dispute_messages_notify after insert on app.dispute_messages for each row execute function app.notify_dispute_message_trigger();

create trigger payouts_notify after update of status on app.payouts for each row execute function app.notify_payout();

create policy "Users join their own notifications channel" on realtime.messages
for select
to authenticated
using ((( select realtime.topic() as topic)) = app.notifications_topic(( select auth.uid() as uid)) and extension = 'broadcast'::text);
