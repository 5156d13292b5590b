-- Notifications: written from the history, broadcast through Realtime.
-- This file: the api functions and types (the Data API); the tables are in ../notifications.sql.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

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
grant execute on function api.mark_all_notifications_read() to authenticated;

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
grant execute on function api.mark_notification_read(notification_id uuid) to authenticated;

create or replace function api.my_notifications(
  before_at timestamp with time zone default null::timestamp with time zone,
  before_id uuid default null::uuid,
  page_size integer default 20
)
returns table (
  id uuid,
  kind text,
  actor_id uuid,
  actor_name text,
  application_id uuid,
  campaign_id uuid,
  deliverable_id uuid,
  data jsonb,
  read_at timestamp with time zone,
  created_at timestamp with time zone
)
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
grant execute on function api.my_notifications(before_at timestamp with time zone, before_id uuid, page_size integer) to authenticated;

create or replace function api.unread_notification_count()
returns integer
language sql
stable
set search_path = ''
as $$
  select count(*)::integer from app.notifications n where n.user_id = (select auth.uid()) and n.read_at is null
$$;
grant execute on function api.unread_notification_count() to authenticated;
