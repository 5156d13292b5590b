-- The email outbox, failures and preferences.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create or replace function app.my_email_address()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (select lower(p.email) from app.profiles p where p.id = (select auth.uid()));
end;
$$;
grant execute on function app.my_email_address() to authenticated;

create table app.email_failures (
  address text not null,
  reason text not null,
  failed_at timestamp with time zone default now() not null,
  constraint email_failures_pkey primary key (address)
);
alter table app.email_failures enable row level security;
comment on table app.email_failures is 'Addresses the mail server refused permanently; nothing more is sent to them until cleared.';
grant all on app.email_failures to service_role;
grant select, delete on app.email_failures to authenticated;

create policy "Users clear their own address's failure" on app.email_failures
for delete
to authenticated
using (address = (( select app.my_email_address() as my_email_address)));
create policy "Users see their own address's failure" on app.email_failures
for select
to authenticated
using (address = (( select app.my_email_address() as my_email_address)));

create table app.email_outbox (
  id uuid default gen_random_uuid() not null,
  user_id uuid not null,
  notification_id uuid,
  category text not null,
  template text not null,
  to_address text not null,
  locale text not null,
  data jsonb default '{}'::jsonb not null,
  status text default 'pending'::text not null,
  attempts integer default 0 not null,
  next_attempt_at timestamp with time zone default now() not null,
  locked_until timestamp with time zone,
  last_error text,
  sent_at timestamp with time zone,
  digest_key text,
  created_at timestamp with time zone default now() not null,
  constraint email_outbox_pkey primary key (id),
  constraint email_outbox_digest_key_key unique (digest_key),
  constraint email_outbox_notification_id_key unique (notification_id),
  constraint email_outbox_notification_id_fkey foreign key (notification_id) references app.notifications(id) on delete cascade,
  constraint email_outbox_user_id_fkey foreign key (user_id) references app.profiles(id) on delete cascade,
  constraint email_outbox_category_valid check (category = any (array['applications'::text, 'work'::text, 'payments'::text, 'disputes_reviews'::text, 'messages'::text, 'account'::text])),
  constraint email_outbox_locale_valid check (locale = any (array['es'::text, 'en'::text, 'pt'::text])),
  constraint email_outbox_status_valid check (status = any (array['pending'::text, 'sending'::text, 'sent'::text, 'failed'::text, 'skipped'::text]))
);
alter table app.email_outbox enable row level security;
comment on table app.email_outbox is 'Emails to send, written with the act that caused them; drained by the emails function.';
grant all on app.email_outbox to service_role;

create index email_outbox_due_idx on app.email_outbox using btree (next_attempt_at) where (status = any (array['pending'::text, 'sending'::text]));
create index email_outbox_user_idx on app.email_outbox using btree (user_id, created_at desc);

create table app.email_preferences (
  user_id uuid not null,
  applications boolean default true not null,
  work boolean default true not null,
  payments boolean default true not null,
  disputes_reviews boolean default true not null,
  messages text default 'instant'::text not null,
  updated_at timestamp with time zone default now() not null,
  constraint email_preferences_pkey primary key (user_id),
  constraint email_preferences_user_id_fkey foreign key (user_id) references app.profiles(id) on delete cascade,
  constraint email_preferences_messages_valid check (messages = any (array['instant'::text, 'daily'::text, 'off'::text]))
);
alter table app.email_preferences enable row level security;
comment on table app.email_preferences is 'Which emails a user gets, per category. No row: every category on, messages instant.';
grant all on app.email_preferences to service_role;
grant select, insert, update on app.email_preferences to authenticated;

create policy "Users add their own email preferences" on app.email_preferences
for insert
to authenticated
with check (user_id = (( select auth.uid() as uid)));
create policy "Users change their own email preferences" on app.email_preferences
for update
to authenticated
using (user_id = (( select auth.uid() as uid)))
with check (user_id = (( select auth.uid() as uid)));
create policy "Users read their own email preferences" on app.email_preferences
for select
to authenticated
using (user_id = (( select auth.uid() as uid)));

create or replace function app.email_category(kind text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when kind in ('application_received', 'application_accepted', 'application_rejected') then 'applications'
    when kind in ('hire_funded', 'hire_canceled', 'content_submitted', 'changes_requested', 'content_approved',
                  'content_rejected', 'auto_approval_soon', 'draft_submitted', 'draft_reviewed', 'licence_ending', 'post_removed',
                  'licence_renewal_offered', 'licence_renewal_decided', 'licence_renewal_paid') then 'work'
    when kind in ('money_released', 'money_refunded', 'payout_paid', 'payout_failed', 'tax_form_expiring', 'statement_ready') then 'payments'
    when kind in ('dispute_opened', 'dispute_resolved', 'review_received', 'dispute_message') then 'disputes_reviews'
    when kind in ('new_message', 'message_digest') then 'messages'
    -- About the account itself: sent whatever the email settings say, like the brand approval emails.
    when kind in ('social_reconnect_needed') then 'account'
  end
$$;

create or replace function app.email_locale(profile app.profiles)
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(profile.language, case when profile.role = 'creator' then 'es' else 'en' end)
$$;

create or replace function app.queue_message_digests(as_of timestamp with time zone default now())
returns integer
language sql
security definer
set search_path = ''
as $$
  with unread as (
    select m.receiver_id, m.sender_id, count(*)::integer as n, max(m.created_at) as last_at
    from app.messages m
    join app.email_preferences ep on ep.user_id = m.receiver_id and ep.messages = 'daily'
    where not m.read and m.created_at > queue_message_digests.as_of - interval '1 day'
      and m.created_at <= queue_message_digests.as_of
    group by m.receiver_id, m.sender_id
  ), per_user as (
    select u.receiver_id,
      jsonb_agg(jsonb_build_object('sender_id', u.sender_id, 'sender_name', app.display_name(u.sender_id), 'count', u.n)
        order by u.last_at desc) as conversations,
      sum(u.n)::integer as total
    from unread u
    group by u.receiver_id
  ), added as (
    insert into app.email_outbox (user_id, category, template, to_address, locale, data, digest_key, created_at)
    select p.id, 'messages', 'message_digest', p.email, app.email_locale(p),
      jsonb_build_object('recipient_name', p.full_name, 'conversations', pu.conversations, 'total', pu.total),
      'digest:' || p.id::text || ':' || to_char(queue_message_digests.as_of at time zone 'utc', 'YYYY-MM-DD'),
      queue_message_digests.as_of
    from per_user pu
    join app.profiles p on p.id = pu.receiver_id
    where p.email is not null and not exists (select 1 from app.email_failures f where f.address = lower(p.email))
    on conflict (digest_key) do nothing
    returning 1
  )
  select count(*)::integer from added
$$;
grant execute on function app.queue_message_digests(as_of timestamp with time zone) to service_role;

create or replace function app.queue_notification_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  category text := app.email_category(new.kind);
begin
  if category is null or not app.wants_email(new.user_id, category) then
    return null;
  end if;
  insert into app.email_outbox (user_id, notification_id, category, template, to_address, locale, data)
  select p.id, new.id, category, new.kind, p.email, app.email_locale(p),
    new.data || jsonb_build_object(
      'recipient_name', p.full_name,
      'actor_name', app.display_name(new.actor_id),
      'actor_id', new.actor_id, 'application_id', new.application_id,
      'campaign_id', new.campaign_id, 'deliverable_id', new.deliverable_id)
  from app.profiles p
  where p.id = new.user_id and p.email is not null
    and not exists (select 1 from app.email_failures f where f.address = lower(p.email));
  return null;
end;
$$;

create or replace function app.wants_email(user_id uuid, category text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select case wants_email.category
      when 'applications' then p.applications
      when 'work' then p.work
      when 'payments' then p.payments
      when 'disputes_reviews' then p.disputes_reviews
      when 'messages' then p.messages = 'instant'
    end
    from app.email_preferences p where p.user_id = wants_email.user_id), true)
$$;
grant execute on function app.wants_email(user_id uuid, category text) to service_role;

create trigger notifications_queue_email after insert on app.notifications for each row execute function app.queue_notification_email();
