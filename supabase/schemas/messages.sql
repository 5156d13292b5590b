-- Direct messages between users.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

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

create or replace function app.can_message(sender uuid, receiver uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return can_message.sender <> can_message.receiver and exists (
    select 1 from app.profiles s, app.profiles r
    where s.id = can_message.sender and r.id = can_message.receiver
      and (s.role = 'admin' or r.role = 'admin'
           or (s.role = 'brand' and r.role = 'creator') or (s.role = 'creator' and r.role = 'brand'))
  );
end;
$$;
grant execute on function app.can_message(sender uuid, receiver uuid) to authenticated, service_role;

create table app.messages (
  id uuid default gen_random_uuid() not null,
  sender_id uuid not null,
  receiver_id uuid not null,
  content text not null,
  read boolean default false not null,
  client_id uuid,
  created_at timestamp with time zone default now() not null,
  constraint messages_pkey primary key (id),
  constraint messages_client_id_once unique (sender_id, client_id),
  constraint messages_receiver_id_fkey foreign key (receiver_id) references app.profiles(id) on delete cascade,
  constraint messages_sender_id_fkey foreign key (sender_id) references app.profiles(id) on delete cascade,
  constraint messages_content_length check (char_length(btrim(content)) >= 1 and char_length(btrim(content)) <= 4000),
  constraint messages_not_to_self check (sender_id <> receiver_id)
);
alter table app.messages add constraint messages_content_visible check (not app.is_blank(content)) not valid;
alter table app.messages enable row level security;
comment on table app.messages is 'One-to-one messages. client_id is the sender''s idempotency key: a retried send never posts twice.';
grant all on app.messages to service_role;
grant select, insert on app.messages to authenticated;
grant update (read) on app.messages to authenticated;

create index messages_receiver_sender_idx on app.messages using btree (receiver_id, sender_id, created_at desc, id desc);
create index messages_sender_receiver_idx on app.messages using btree (sender_id, receiver_id, created_at desc, id desc);
create index messages_unread_idx on app.messages using btree (receiver_id, sender_id) where (not read);

alter publication supabase_realtime add table app.messages;

create trigger messages_guard_update before update on app.messages for each row execute function app.guard_message_update();

create policy "Participants read their messages" on app.messages
for select
to authenticated
using (sender_id = (( select auth.uid() as uid)) or receiver_id = (( select auth.uid() as uid)));
create policy "Receivers mark their messages read" on app.messages
for update
to authenticated
using (receiver_id = (( select auth.uid() as uid)))
with check (receiver_id = (( select auth.uid() as uid)));
create policy "Users send messages as themselves to allowed contacts" on app.messages
for insert
to authenticated
with check (sender_id = (( select auth.uid() as uid)) and app.can_message(sender_id, receiver_id));
