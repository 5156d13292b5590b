-- Issue 36 item 2 (decision 0056): the brand is told 14 days before a licence it holds ends (bell and
-- email), once per licence end: a renewal that moves ends_at is told again before the new end. The days
-- and the "ending soon" rule are app.licence_days_left / app.licence_status (20250201000320).
-- New notification kind licence_ending: both lists restated in full
-- (supabase/functions/_shared/contract/notification-kinds.ts is their one source).
alter table app.notifications drop constraint notifications_kind_valid;
alter table app.notifications add constraint notifications_kind_valid check (kind = any (array['application_received'::text, 'application_accepted'::text, 'application_rejected'::text, 'hire_funded'::text, 'hire_canceled'::text, 'content_submitted'::text, 'changes_requested'::text, 'content_approved'::text, 'content_rejected'::text, 'auto_approval_soon'::text, 'money_released'::text, 'money_refunded'::text, 'payout_paid'::text, 'payout_failed'::text, 'dispute_opened'::text, 'dispute_resolved'::text, 'review_received'::text, 'new_message'::text, 'dispute_message'::text, 'draft_submitted'::text, 'draft_reviewed'::text, 'tax_form_expiring'::text, 'licence_ending'::text]));

create or replace function app.email_category(kind text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when kind in ('application_received', 'application_accepted', 'application_rejected') then 'applications'
    when kind in ('hire_funded', 'hire_canceled', 'content_submitted', 'changes_requested', 'content_approved',
                  'content_rejected', 'auto_approval_soon', 'draft_submitted', 'draft_reviewed', 'licence_ending') then 'work'
    when kind in ('money_released', 'money_refunded', 'payout_paid', 'payout_failed', 'tax_form_expiring') then 'payments'
    when kind in ('dispute_opened', 'dispute_resolved', 'review_received', 'dispute_message') then 'disputes_reviews'
    when kind in ('new_message', 'message_digest') then 'messages'
  end
$$;

create or replace function app.warn_licence_ending(as_of timestamp with time zone default now())
returns integer
language sql
security definer
set search_path = ''
as $$
  with added as (
    insert into app.notifications (user_id, kind, actor_id, application_id, campaign_id, data, created_at)
    select l.brand_id, 'licence_ending', l.creator_id, l.application_id, c.id,
      jsonb_build_object('campaign_title', c.title, 'ends_at', l.ends_at,
        'expires_on', (l.ends_at at time zone 'UTC')::date, 'days', app.licence_days_left(l.ends_at, warn_licence_ending.as_of)),
      warn_licence_ending.as_of
    from app.hire_licences l
    join app.applications a on a.id = l.application_id and a.status = 'accepted'
    join app.profiles b on b.id = l.brand_id
    left join app.campaigns c on c.id = l.campaign_id
    where app.licence_status(l.ends_at, warn_licence_ending.as_of) = 'ending_soon'
      and not exists (select 1 from app.notifications x
        where x.user_id = l.brand_id and x.kind = 'licence_ending' and x.application_id = l.application_id
          and (x.data ->> 'ends_at')::timestamptz = l.ends_at)
    returning 1
  )
  select count(*)::integer from added
$$;
comment on function app.warn_licence_ending(as_of timestamp with time zone) is 'Tells each brand, once per licence end, that a licence of a standing hire ends within 14 days (app.licence_status). Security definer: the scheduler writes notifications for every brand.';
revoke all on function app.warn_licence_ending(timestamp with time zone) from public;
grant execute on function app.warn_licence_ending(timestamp with time zone) to service_role;

insert into app.scheduled_jobs (name, schedule, sql_command, function_path) values
  -- 13:10 UTC, after the tax form reminders: morning across the Americas.
  ('warn-licence-ending', '10 13 * * *', 'select app.warn_licence_ending(app.scheduler_now())', null);
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('warn-licence-ending', '10 13 * * *', 'select app.warn_licence_ending(app.scheduler_now())');
  end if;
end;
$$;
