-- The email outbox, failures and preferences.
-- This file: the api functions and types (the Data API); the tables are in ../email.sql.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create or replace function api.email_claim(batch_size integer default 50)
returns table (
  id uuid,
  user_id uuid,
  category text,
  template text,
  to_address text,
  locale text,
  data jsonb,
  attempts integer
)
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
grant execute on function api.email_claim(batch_size integer) to service_role;

create or replace function api.email_document(email_id uuid)
returns table (
  document_id uuid,
  kind text,
  document_number text,
  storage_path text,
  amount_cents bigint,
  fee_cents bigint,
  campaign_title text
)
language sql
stable
security definer
set search_path = ''
as $$
  select d.id, d.kind, d.document_number, d.storage_path, (c.content ->> 'amount_cents')::bigint,
    (c.content ->> 'fee_cents')::bigint, c.content ->> 'campaign_title'
  from app.email_outbox o
  join app.documents d on d.id::text = o.data ->> 'document_id'
  cross join lateral (select app.document_content(d) content) c
  where o.id = email_document.email_id and o.template = 'payment_receipt'
    and d.kind <> 'statement' and d.brand_id = o.user_id
$$;
comment on function api.email_document(email_id uuid) is 'Security definer: it reads an outbox email''s receipt and its figures through app.document_content, which no API role may call; granted to service_role only (the emails function), and only the recipient''s own receipt.';
grant execute on function api.email_document(email_id uuid) to service_role;

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
grant execute on function api.email_failed(email_id uuid, error text, permanent boolean) to service_role;

create or replace function api.email_sent(email_id uuid)
returns void
language sql
set search_path = ''
as $$
  update app.email_outbox set status = 'sent', sent_at = now(), locked_until = null, last_error = null
  where id = email_sent.email_id and status = 'sending'
$$;
grant execute on function api.email_sent(email_id uuid) to service_role;

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
grant execute on function api.email_unsubscribe(user_id uuid, category text) to service_role;

create or replace function api.my_email_preferences()
returns table (
  applications boolean,
  work boolean,
  payments boolean,
  disputes_reviews boolean,
  messages text,
  email text,
  email_failed_at timestamp with time zone,
  email_failure text
)
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
grant execute on function api.my_email_preferences() to authenticated;

create or replace function api.retry_my_email_address()
returns void
language sql
set search_path = ''
as $$
  delete from app.email_failures f where f.address = (select app.my_email_address())
$$;
grant execute on function api.retry_my_email_address() to authenticated;

create or replace function api.set_email_preferences(applications boolean, work boolean, payments boolean, disputes_reviews boolean, messages text)
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
grant execute on function api.set_email_preferences(applications boolean, work boolean, payments boolean, disputes_reviews boolean, messages text) to authenticated;
