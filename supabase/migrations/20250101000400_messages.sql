-- Direct messages between users, delivered live through the supabase_realtime publication.

create table app.messages (
  id uuid primary key default gen_random_uuid(),
  sender_id uuid not null references app.profiles (id) on delete cascade,
  receiver_id uuid not null references app.profiles (id) on delete cascade,
  content text not null,
  read boolean not null default false,
  client_id uuid,
  created_at timestamptz not null default now(),
  constraint messages_content_length check (char_length(btrim(content)) between 1 and 4000),
  constraint messages_not_to_self check (sender_id <> receiver_id),
  constraint messages_client_id_once unique (sender_id, client_id)
);
comment on table app.messages is 'One-to-one messages. client_id is the sender''s idempotency key: a retried send never posts twice.';
create index messages_sender_receiver_idx on app.messages (sender_id, receiver_id, created_at desc, id desc);
create index messages_receiver_sender_idx on app.messages (receiver_id, sender_id, created_at desc, id desc);
create index messages_unread_idx on app.messages (receiver_id, sender_id) where not read;
alter table app.messages enable row level security;

/** True when the two users may message each other: a brand and a creator, or an admin with anyone. */
create or replace function app.can_message(sender uuid, receiver uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select sender <> receiver and exists (
    select 1 from app.profiles s, app.profiles r
    where s.id = sender and r.id = receiver
      and (s.role = 'admin' or r.role = 'admin'
           or (s.role = 'brand' and r.role = 'creator') or (s.role = 'creator' and r.role = 'brand'))
  )
$$;
revoke execute on function app.can_message(uuid, uuid) from public, anon;
grant execute on function app.can_message(uuid, uuid) to authenticated, service_role;

/** Trigger: only the read flag of a message ever changes, and only from unread to read. */
create or replace function app.guard_message_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.id, new.sender_id, new.receiver_id, new.content, new.created_at, new.client_id)
     is distinct from (old.id, old.sender_id, old.receiver_id, old.content, old.created_at, old.client_id)
     and not app.is_privileged() then
    raise exception 'A sent message cannot be changed' using errcode = '42501', detail = 'immutable_message';
  end if;
  return new;
end;
$$;
create trigger messages_guard_update before update on app.messages
  for each row execute function app.guard_message_update();

grant select, insert on app.messages to authenticated;
grant update (read) on app.messages to authenticated;
grant all on app.messages to service_role;

create policy "Participants read their messages" on app.messages
  for select to authenticated
  using (sender_id = (select auth.uid()) or receiver_id = (select auth.uid()));
create policy "Users send messages as themselves to allowed contacts" on app.messages
  for insert to authenticated
  with check (sender_id = (select auth.uid()) and app.can_message(sender_id, receiver_id));
create policy "Receivers mark their messages read" on app.messages
  for update to authenticated
  using (receiver_id = (select auth.uid()))
  with check (receiver_id = (select auth.uid()));

alter publication supabase_realtime add table app.messages;
