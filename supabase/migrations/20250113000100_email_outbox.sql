-- Nobody misses what matters (issue 18), part 2: email. Each notification a user still wants by email
-- becomes a row of app.email_outbox in the same transaction as the act that caused it, so the act never
-- waits on a mail server and a mail server that is down loses nothing. The `emails` edge function drains
-- the outbox (claims rows, sends, records the outcome with a backoff on failure); a permanent refusal
-- marks the address as failing, which Settings shows. Preferences are per category; messages may also
-- come as one daily digest. Rendering (HTML and text, in the recipient's language) is the function's.

create table app.email_preferences (
  user_id uuid primary key references app.profiles (id) on delete cascade,
  applications boolean not null default true,
  work boolean not null default true,
  payments boolean not null default true,
  disputes_reviews boolean not null default true,
  -- 'instant': one email per burst of unread messages; 'daily': one digest a day; 'off'.
  messages text not null default 'instant' constraint email_preferences_messages_valid check (messages in ('instant', 'daily', 'off')),
  updated_at timestamptz not null default now()
);
comment on table app.email_preferences is 'Which emails a user gets, per category. No row: every category on, messages instant.';
alter table app.email_preferences enable row level security;
grant all on app.email_preferences to service_role;
create policy "Users read their own email preferences" on app.email_preferences
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Users add their own email preferences" on app.email_preferences
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "Users change their own email preferences" on app.email_preferences
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
grant select, insert, update on app.email_preferences to authenticated;

-- Addresses a mail server refused for good (unknown mailbox, domain without mail). Kept by address, so a
-- user who corrects their email is emailed again at once.
create table app.email_failures (
  address text primary key,
  reason text not null,
  failed_at timestamptz not null default now()
);
comment on table app.email_failures is 'Addresses the mail server refused permanently; nothing more is sent to them until cleared.';
alter table app.email_failures enable row level security;
grant all on app.email_failures to service_role;
/** The caller's own address (users cannot read app.profiles' email column themselves), lower case. */
create or replace function app.my_email_address()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select lower(p.email) from app.profiles p where p.id = (select auth.uid())
$$;
revoke execute on function app.my_email_address() from public, anon;
grant execute on function app.my_email_address() to authenticated;

-- A user sees (Settings) and clears (after fixing their mailbox) the mark on their own current address only.
create policy "Users see their own address's failure" on app.email_failures
  for select to authenticated using (address = (select app.my_email_address()));
create policy "Users clear their own address's failure" on app.email_failures
  for delete to authenticated using (address = (select app.my_email_address()));
grant select, delete on app.email_failures to authenticated;

create table app.email_outbox (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references app.profiles (id) on delete cascade,
  notification_id uuid unique references app.notifications (id) on delete cascade,
  category text not null constraint email_outbox_category_valid
    check (category in ('applications', 'work', 'payments', 'disputes_reviews', 'messages')),
  -- A notification kind, or 'message_digest'.
  template text not null,
  to_address text not null,
  locale text not null constraint email_outbox_locale_valid check (locale in ('es', 'en')),
  data jsonb not null default '{}'::jsonb,
  status text not null default 'pending'
    constraint email_outbox_status_valid check (status in ('pending', 'sending', 'sent', 'failed', 'skipped')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- While 'sending': until when the claiming run holds it.
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz,
  -- One digest per user and day.
  digest_key text unique,
  created_at timestamptz not null default now()
);
comment on table app.email_outbox is 'Emails to send, written with the act that caused them; drained by the emails function.';
create index email_outbox_due_idx on app.email_outbox (next_attempt_at) where status in ('pending', 'sending');
create index email_outbox_user_idx on app.email_outbox (user_id, created_at desc);
alter table app.email_outbox enable row level security;
grant all on app.email_outbox to service_role;

/** The preference category of a notification kind. */
create or replace function app.email_category(kind text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when kind in ('application_received', 'application_accepted', 'application_rejected') then 'applications'
    when kind in ('hire_funded', 'hire_canceled', 'content_submitted', 'changes_requested', 'content_approved',
                  'content_rejected', 'auto_approval_soon') then 'work'
    when kind in ('money_released', 'money_refunded', 'payout_paid', 'payout_failed') then 'payments'
    when kind in ('dispute_opened', 'dispute_resolved', 'review_received') then 'disputes_reviews'
    when kind in ('new_message', 'message_digest') then 'messages'
  end
$$;

/** True when the user wants this category by email now ('instant' for messages). */
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
revoke execute on function app.wants_email(uuid, text) from public, anon, authenticated;
grant execute on function app.wants_email(uuid, text) to service_role;

/** The language a user's emails are written in: their own choice, else their role's (as the app's). */
create or replace function app.email_locale(profile app.profiles)
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(profile.language, case when profile.role = 'creator' then 'es' else 'en' end)
$$;

/** Trigger: a notification the user wants by email is queued with what the email needs. */
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
create trigger notifications_queue_email after insert on app.notifications
  for each row execute function app.queue_notification_email();

/**
 * Scheduled, daily: one digest per user who chose 'daily' for messages, listing the conversations with
 * messages still unread that arrived in the last day. Once per user and day, however often it runs.
 */
create or replace function app.queue_message_digests(as_of timestamptz default now())
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
revoke execute on function app.queue_message_digests(timestamptz) from public, anon, authenticated;
grant execute on function app.queue_message_digests(timestamptz) to service_role;

/**
 * The emails function: claims up to `batch_size` due emails (pending and due, or held by a run that
 * died) and holds them for two minutes. An email whose category the user has since turned off, or
 * whose address has since failed, is skipped instead.
 */
create or replace function api.email_claim(batch_size integer default 50)
returns table (id uuid, user_id uuid, category text, template text, to_address text, locale text, data jsonb, attempts integer)
language plpgsql
set search_path = ''
as $$
begin
  update app.email_outbox o set status = 'skipped',
    last_error = case when exists (select 1 from app.email_failures f where f.address = lower(o.to_address))
      then 'address failed' else 'turned off' end
  where o.status = 'pending' and o.next_attempt_at <= now()
    and (exists (select 1 from app.email_failures f where f.address = lower(o.to_address))
         or (o.template <> 'message_digest' and not app.wants_email(o.user_id, o.category))
         or (o.template = 'message_digest'
             and coalesce((select ep.messages from app.email_preferences ep where ep.user_id = o.user_id), 'instant') <> 'daily'));
  return query
  with due as (
    select o.id from app.email_outbox o
    where (o.status = 'pending' and o.next_attempt_at <= now()) or (o.status = 'sending' and o.locked_until < now())
    order by o.next_attempt_at, o.id
    limit greatest(1, least(coalesce(batch_size, 50), 500))
    for update skip locked
  )
  update app.email_outbox o set status = 'sending', locked_until = now() + interval '2 minutes', attempts = o.attempts + 1
  from due where o.id = due.id
  returning o.id, o.user_id, o.category, o.template, o.to_address, o.locale, o.data, o.attempts;
end;
$$;

/** The emails function: the mail server accepted it. */
create or replace function api.email_sent(email_id uuid)
returns void
language sql
set search_path = ''
as $$
  update app.email_outbox set status = 'sent', sent_at = now(), locked_until = null, last_error = null
  where id = email_sent.email_id and status = 'sending'
$$;

/**
 * The emails function: sending failed. Permanent (the server refused the address): the email fails and
 * the address is marked. Otherwise it is tried again after 1, 2, 4 ... minutes (at most 6 hours apart),
 * and given up after 8 attempts.
 */
create or replace function api.email_failed(email_id uuid, error text, permanent boolean)
returns text
language plpgsql
set search_path = ''
as $$
declare
  o app.email_outbox;
begin
  select * into o from app.email_outbox where id = email_failed.email_id and status = 'sending' for update;
  if not found then
    return null;
  end if;
  if email_failed.permanent then
    insert into app.email_failures (address, reason) values (lower(o.to_address), left(email_failed.error, 500))
    on conflict (address) do update set reason = excluded.reason, failed_at = now();
  end if;
  update app.email_outbox set
    status = case when email_failed.permanent or o.attempts >= 8 then 'failed' else 'pending' end,
    next_attempt_at = now() + least(interval '1 minute' * power(2, o.attempts - 1), interval '6 hours'),
    locked_until = null,
    last_error = left(email_failed.error, 500)
  where id = o.id;
  return case when email_failed.permanent or o.attempts >= 8 then 'failed' else 'retry' end;
end;
$$;

/** The emails function's unsubscribe link: turns one category off (its token was checked by the function). */
create or replace function api.email_unsubscribe(user_id uuid, category text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if email_unsubscribe.category not in ('applications', 'work', 'payments', 'disputes_reviews', 'messages') then
    perform app.fail('22023', 'Unknown email category', 'invalid_category');
  end if;
  insert into app.email_preferences as p (user_id) values (email_unsubscribe.user_id) on conflict on constraint email_preferences_pkey do nothing;
  update app.email_preferences p set
    applications = p.applications and email_unsubscribe.category <> 'applications',
    work = p.work and email_unsubscribe.category <> 'work',
    payments = p.payments and email_unsubscribe.category <> 'payments',
    disputes_reviews = p.disputes_reviews and email_unsubscribe.category <> 'disputes_reviews',
    messages = case when email_unsubscribe.category = 'messages' then 'off' else p.messages end,
    updated_at = now()
  where p.user_id = email_unsubscribe.user_id;
end;
$$;

revoke execute on function api.email_claim(integer), api.email_sent(uuid), api.email_failed(uuid, text, boolean),
  api.email_unsubscribe(uuid, text) from public, anon, authenticated;
grant execute on function api.email_claim(integer), api.email_sent(uuid), api.email_failed(uuid, text, boolean),
  api.email_unsubscribe(uuid, text) to service_role;

/** The caller's email preferences, their address and whether the mail server refused it. */
create or replace function api.my_email_preferences()
returns table (applications boolean, work boolean, payments boolean, disputes_reviews boolean, messages text,
  email text, email_failed_at timestamptz, email_failure text)
language sql
stable
set search_path = ''
as $$
  select coalesce(ep.applications, true), coalesce(ep.work, true), coalesce(ep.payments, true),
    coalesce(ep.disputes_reviews, true), coalesce(ep.messages, 'instant'), me.address, f.failed_at, f.reason
  from (select app.my_email_address() as address) me
  left join app.email_preferences ep on ep.user_id = (select auth.uid())
  left join app.email_failures f on f.address = me.address
  where (select auth.uid()) is not null
$$;

/** Saves the caller's email preferences (every category at once, as the Settings form sends them). */
create or replace function api.set_email_preferences(applications boolean, work boolean, payments boolean,
  disputes_reviews boolean, messages text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in to change your email preferences', 'not_signed_in');
  end if;
  if set_email_preferences.messages is null or set_email_preferences.messages not in ('instant', 'daily', 'off') then
    perform app.fail('22023', 'Messages must be instant, daily or off', 'invalid_messages_preference');
  end if;
  insert into app.email_preferences as p (user_id, applications, work, payments, disputes_reviews, messages)
  values ((select auth.uid()), coalesce(set_email_preferences.applications, true), coalesce(set_email_preferences.work, true),
    coalesce(set_email_preferences.payments, true), coalesce(set_email_preferences.disputes_reviews, true),
    set_email_preferences.messages)
  on conflict (user_id) do update set applications = excluded.applications, work = excluded.work,
    payments = excluded.payments, disputes_reviews = excluded.disputes_reviews, messages = excluded.messages,
    updated_at = now();
end;
$$;

/** The caller corrected their mailbox: their address may be emailed again. */
create or replace function api.retry_my_email_address()
returns void
language sql
set search_path = ''
as $$
  delete from app.email_failures f where f.address = (select app.my_email_address())
$$;

revoke execute on function api.my_email_preferences(), api.set_email_preferences(boolean, boolean, boolean, boolean, text),
  api.retry_my_email_address() from public, anon;
grant execute on function api.my_email_preferences(), api.set_email_preferences(boolean, boolean, boolean, boolean, text),
  api.retry_my_email_address() to authenticated;

insert into app.scheduled_jobs (name, schedule, sql_command, function_path) values
  ('send-emails', '* * * * *', null, 'emails/drain'),
  -- 13:00 UTC: morning across the Americas.
  ('email-message-digests', '0 13 * * *', 'select app.queue_message_digests(app.scheduler_now())', null);
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('send-emails', '* * * * *', $cmd$select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/emails/drain',
        headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization',
          'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),
        body := '{}'::jsonb)$cmd$);
    perform cron.schedule('email-message-digests', '0 13 * * *', 'select app.queue_message_digests(app.scheduler_now())');
  end if;
end;
$$;
