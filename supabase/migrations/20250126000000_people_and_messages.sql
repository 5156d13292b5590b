-- Issue 32, item 7: people and messages.
-- 1. A brand is named by its company wherever it is someone's counterpart: app.display_name (the one source,
--    already behind the bell, emails, disputes and reviews: the company name, or the person's name for a
--    brand without a brand profile) now also names the message screens' people (api.contacts and
--    api.user_summary return it as display_name).
-- 2. The brand's applicant cards show the creator's followers, niche and rating (api.campaign_applications'
--    creator object) and each application's job state (decision 0032), from which the campaign page asks for
--    a review once a hire is complete.
-- 3. A message in a dispute's thread tells every other party: the brand, the creator and the admins handling
--    it (those who wrote in it or decided it; every admin while none has) — bell and email (category
--    disputes_reviews), never its author.

-- The conversation list, as in 20250117000200_contacts_skip_scan.sql, with the contact's display name.
drop function api.contacts();
create function api.contacts()
returns table (contact_id uuid, full_name text, username text, avatar_url text, role text, last_message text,
  last_message_at timestamptz, last_message_sender_id uuid, unread_count integer, display_name text)
language sql
stable
set search_path = ''
set enable_bitmapscan = off
as $$
  with recursive sent_to (other) as (
    (select m.receiver_id from app.messages m
     where m.sender_id = (select auth.uid()) order by m.receiver_id limit 1)
    union all
    select (select m.receiver_id from app.messages m
            where m.sender_id = (select auth.uid()) and m.receiver_id > s.other order by m.receiver_id limit 1)
    from sent_to s where s.other is not null
  ), heard_from (other) as (
    (select m.sender_id from app.messages m
     where m.receiver_id = (select auth.uid()) order by m.sender_id limit 1)
    union all
    select (select m.sender_id from app.messages m
            where m.receiver_id = (select auth.uid()) and m.sender_id > h.other order by m.sender_id limit 1)
    from heard_from h where h.other is not null
  ), others as (
    select s.other from sent_to s where s.other is not null
    union
    select h.other from heard_from h where h.other is not null
  ), latest as (
    select o.other, l.content, l.created_at, l.sender_id
    from others o
    cross join lateral (
      select x.content, x.created_at, x.sender_id from (
        (select m.id, m.content, m.created_at, m.sender_id from app.messages m
         where m.sender_id = (select auth.uid()) and m.receiver_id = o.other
         order by m.created_at desc, m.id desc limit 1)
        union all
        (select m.id, m.content, m.created_at, m.sender_id from app.messages m
         where m.sender_id = o.other and m.receiver_id = (select auth.uid())
         order by m.created_at desc, m.id desc limit 1)
      ) x
      order by x.created_at desc, x.id desc
      limit 1
    ) l
  )
  select l.other, p.full_name, p.username, p.avatar_url, p.role, l.content, l.created_at, l.sender_id,
    (select count(*)::integer from app.messages u
      where u.receiver_id = (select auth.uid()) and u.sender_id = l.other and not u.read),
    app.display_name(l.other)
  from latest l
  join app.profiles p on p.id = l.other
  order by l.created_at desc
$$;
revoke execute on function api.contacts() from public, anon;
grant execute on function api.contacts() to authenticated;

drop function api.user_summary(uuid);
create function api.user_summary(user_id uuid)
returns table (id uuid, full_name text, username text, avatar_url text, role text, display_name text)
language sql
stable
set search_path = ''
as $$
  select p.id, p.full_name, p.username, p.avatar_url, p.role, app.display_name(p.id)
  from app.profiles p where p.id = user_summary.user_id
$$;
revoke execute on function api.user_summary(uuid) from public, anon;
grant execute on function api.user_summary(uuid) to authenticated;

-- The owner's applicants (as in 20250111000200_hire_api.sql): the creator object adds followers, niche,
-- rating (one decimal, null without a published review) and review_count; job_state is app.job_state for a
-- hire (computed only for accepted applications: the others are 'applied' or 'closed' by their status).
drop function api.campaign_applications(uuid);
create function api.campaign_applications(campaign_id uuid)
returns table (id uuid, status text, pitch text, created_at timestamptz, updated_at timestamptz, creator jsonb,
  cancel_reason text, hire jsonb, job_state text)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  owner uuid;
begin
  select c.brand_id into owner from app.campaigns c where c.id = campaign_applications.campaign_id;
  if not found then
    perform app.fail('PT404', 'Campaign not found', 'campaign_not_found');
  end if;
  if owner is distinct from (select auth.uid()) and not (select app.is_admin()) then
    perform app.fail('42501', 'Only the campaign owner can see its applications', 'not_owner');
  end if;
  return query
    select a.id, a.status, a.pitch, a.created_at, a.updated_at,
      jsonb_build_object('id', p.id, 'full_name', p.full_name, 'username', p.username, 'avatar_url', p.avatar_url,
        'followers', coalesce(cp.followers, 0), 'niche', cp.niche,
        'rating', case when coalesce(ur.review_count, 0) > 0 then round(ur.rating, 1) end,
        'review_count', coalesce(ur.review_count, 0)),
      a.cancel_reason, app.hire_json(a.id),
      case a.status when 'accepted' then app.job_state(a.id) when 'pending' then 'applied' else 'closed' end
    from app.applications a
    join app.profiles p on p.id = a.creator_id
    left join app.creator_profiles cp on cp.user_id = a.creator_id
    left join app.user_ratings ur on ur.user_id = a.creator_id
    where a.campaign_id = campaign_applications.campaign_id
    order by a.created_at desc, a.id desc;
end;
$$;
revoke execute on function api.campaign_applications(uuid) from public, anon;
grant execute on function api.campaign_applications(uuid) to authenticated;

-- A new kind of notification: a message in a dispute's thread.
alter table app.notifications drop constraint notifications_kind_valid;
alter table app.notifications add constraint notifications_kind_valid check (kind in (
  'application_received', 'application_accepted', 'application_rejected', 'hire_funded', 'hire_canceled',
  'content_submitted', 'changes_requested', 'content_approved', 'content_rejected', 'auto_approval_soon',
  'money_released', 'money_refunded', 'payout_paid', 'payout_failed', 'dispute_opened', 'dispute_resolved',
  'review_received', 'new_message', 'dispute_message'));

/** The preference category of a notification kind (as in 20250113000100_email_outbox.sql, plus dispute_message). */
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
    when kind in ('dispute_opened', 'dispute_resolved', 'review_received', 'dispute_message') then 'disputes_reviews'
    when kind in ('new_message', 'message_digest') then 'messages'
  end
$$;

/**
 * Who hears of a message in a dispute's thread: its brand and creator, and the admins handling it (those
 * who wrote in its thread or decided it), or every admin while no admin has; never the message's author.
 * The parties' notification leads to the hire's content (where the thread is), an admin's (data.admin) to
 * the admin dashboard's queue. The data keeps the first 200 characters of the message for the email.
 */
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
revoke execute on function app.notify_dispute_message(app.dispute_messages) from public, anon, authenticated;

/** Trigger: see app.notify_dispute_message. */
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
create trigger dispute_messages_notify after insert on app.dispute_messages
  for each row execute function app.notify_dispute_message_trigger();
