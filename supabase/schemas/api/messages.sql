-- Direct messages between users.
-- This file: the api functions and types (the Data API); the tables are in ../messages.sql.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create type api.message as (
  id uuid,
  sender_id uuid,
  receiver_id uuid,
  content text,
  read boolean,
  created_at timestamp with time zone,
  client_id uuid
);

create or replace function api.contacts()
returns table (
  contact_id uuid,
  full_name text,
  username text,
  avatar_url text,
  role text,
  last_message text,
  last_message_at timestamp with time zone,
  last_message_sender_id uuid,
  unread_count integer,
  display_name text
)
language sql
stable
set search_path = ''
set enable_bitmapscan = 'off'
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
grant execute on function api.contacts() to authenticated;

create or replace function api.conversation(
  contact_id uuid,
  before_created_at timestamp with time zone default null::timestamp with time zone,
  before_id uuid default null::uuid,
  page_size integer default 50
)
returns setof api.message
language sql
stable
set search_path = ''
as $$
  select x.id, x.sender_id, x.receiver_id, x.content, x.read, x.created_at, x.client_id
  from (
    (select m.* from app.messages m
     where m.sender_id = (select auth.uid()) and m.receiver_id = conversation.contact_id
       and (conversation.before_created_at is null or (m.created_at, m.id) <
            (conversation.before_created_at, coalesce(conversation.before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)))
     order by m.created_at desc, m.id desc
     limit least(greatest(coalesce(conversation.page_size, 50), 1), 200))
    union all
    (select m.* from app.messages m
     where m.sender_id = conversation.contact_id and m.receiver_id = (select auth.uid())
       and (conversation.before_created_at is null or (m.created_at, m.id) <
            (conversation.before_created_at, coalesce(conversation.before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)))
     order by m.created_at desc, m.id desc
     limit least(greatest(coalesce(conversation.page_size, 50), 1), 200))
  ) x
  order by x.created_at desc, x.id desc
  limit least(greatest(coalesce(conversation.page_size, 50), 1), 200)
$$;
grant execute on function api.conversation(contact_id uuid, before_created_at timestamp with time zone, before_id uuid, page_size integer) to authenticated;

create or replace function api.mark_conversation_read(contact_id uuid)
returns integer
language sql
set search_path = ''
as $$
  with changed as (
    update app.messages m set read = true
    where m.receiver_id = (select auth.uid()) and m.sender_id = mark_conversation_read.contact_id and not m.read
    returning 1
  )
  select count(*)::integer from changed
$$;
grant execute on function api.mark_conversation_read(contact_id uuid) to authenticated;

create or replace function api.send_message(receiver_id uuid, content text, client_id uuid default null::uuid)
returns setof api.message
language plpgsql
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  msg api.message;
begin
  if uid is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  if app.is_blank(content) then
    perform app.fail('22023', 'Message cannot be empty', 'content_required');
  end if;
  if char_length(btrim(content)) > 4000 then
    perform app.fail('22023', 'Message is too long (4000 characters at most)', 'content_too_long');
  end if;
  if client_id is not null then
    select m.id, m.sender_id, m.receiver_id, m.content, m.read, m.created_at, m.client_id into msg
    from app.messages m where m.sender_id = uid and m.client_id = send_message.client_id;
    if found then
      return next msg;
      return;
    end if;
  end if;
  if app.role_of(receiver_id) is null then
    perform app.fail('PT404', 'Recipient not found', 'receiver_not_found');
  end if;
  if not app.can_message(uid, receiver_id) then
    perform app.fail('42501', 'You cannot message this user', 'messaging_not_allowed');
  end if;
  insert into app.messages as m (sender_id, receiver_id, content, client_id)
  values (uid, send_message.receiver_id, btrim(send_message.content), send_message.client_id)
  on conflict on constraint messages_client_id_once do nothing
  returning m.id, m.sender_id, m.receiver_id, m.content, m.read, m.created_at, m.client_id into msg;
  if msg.id is null then
    -- Lost a race with the same retry: return the message that won.
    select m.id, m.sender_id, m.receiver_id, m.content, m.read, m.created_at, m.client_id into msg
    from app.messages m where m.sender_id = uid and m.client_id = send_message.client_id;
  end if;
  return next msg;
end;
$$;
grant execute on function api.send_message(receiver_id uuid, content text, client_id uuid) to authenticated;

create or replace function api.unread_count()
returns integer
language sql
stable
set search_path = ''
as $$
  select count(*)::integer from app.messages m where m.receiver_id = (select auth.uid()) and not m.read
$$;
grant execute on function api.unread_count() to authenticated;
