-- api.contacts (issue 19): 17 ms at scale 10 for a brand that wrote to 200 creators. It read every message
-- the caller sent or received (2,000 rows scattered over as many heap pages), sorted them and kept the
-- latest per contact. It now walks the two message indexes by (sender, receiver) and (receiver, sender)
-- one contact at a time (a skip scan: one index descent per contact, no heap), then reads each contact's
-- latest message in either direction from the same indexes: the cost follows the number of contacts, not
-- of messages. Same rows in the same order; still security invoker (RLS filters every read).
--
-- Bitmap scans are off for this function: the messages policy (sender or receiver is the caller) turns
-- the first step of each walk into a BitmapOr over both indexes, which the planner prices as one row from
-- its per-user estimate and which reads all of a prolific user's messages to sort them for one.

/**
 * The caller's contacts: everyone they exchanged a message with, latest conversation first, with the
 * last message and the number of unread messages from that contact.
 */
create or replace function api.contacts()
returns table (contact_id uuid, full_name text, username text, avatar_url text, role text, last_message text,
  last_message_at timestamptz, last_message_sender_id uuid, unread_count integer)
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
      where u.receiver_id = (select auth.uid()) and u.sender_id = l.other and not u.read)
  from latest l
  join app.profiles p on p.id = l.other
  order by l.created_at desc
$$;
