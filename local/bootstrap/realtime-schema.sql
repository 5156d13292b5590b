-- What hosted Realtime creates in the database before the project's migrations run (its tenant migrations
-- run when the service first connects, read from supabase/realtime lib/realtime/tenants/repo/migrations):
-- the objects behind private channels and Broadcast from the database: realtime.messages (RLS on, no
-- policies: a project's policies decide who may read and write a topic), realtime.topic(),
-- realtime.send(), realtime.send_binary() and realtime.broadcast_changes().
-- Run as the superuser on every start: it only creates what is missing. How the local service delivers
-- inserted rows and checks policies is in local/realtime (docs/decisions/0014).

do $$
begin
  -- Realtime's own role: it owns realtime's objects, and postgres is a member so that project migrations
  -- may create policies on realtime.messages (the table owner's right).
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'supabase_realtime_admin') then
    create role supabase_realtime_admin with noinherit nologin noreplication;
  end if;
end
$$;

create schema if not exists realtime;
grant usage on schema realtime to postgres, anon, authenticated, service_role;
grant all on schema realtime to supabase_realtime_admin;

-- Partitioned by day as on hosted; partitions from yesterday to three days ahead exist after every start,
-- and the realtime service keeps that window moving and drops days older than 72 hours (its janitor).
create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  constraint messages_pkey primary key (id, inserted_at),
  constraint messages_payload_exclusive check (payload is null or binary_payload is null)
) partition by range (inserted_at);

create index if not exists messages_inserted_at_topic_index
  on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;

alter table realtime.messages enable row level security;
alter table realtime.messages owner to supabase_realtime_admin;
grant select, insert, update on realtime.messages to postgres, anon, authenticated, service_role;
grant all on realtime.messages to supabase_realtime_admin;

-- The day partitions from yesterday to three days ahead, as hosted Realtime's janitor keeps them; the
-- stack's janitor (local/realtime/messages-janitor.ts) calls it again every hour. In the stack's private
-- schema: hosted has no such function in realtime.
create schema if not exists _realtime;
create or replace function _realtime.ensure_message_partitions() returns void
language plpgsql set search_path = ''
as $$
declare
  v_today date := (pg_catalog.now() at time zone 'utc')::date;
  v_day date;
  v_name text;
begin
  for i in -1..3 loop
    v_day := v_today + i;
    v_name := 'messages_' || pg_catalog.to_char(v_day, 'YYYY_MM_DD');
    if pg_catalog.to_regclass('realtime.' || v_name) is null then
      -- Another stack on the same database may be creating it at the same moment.
      begin
        execute pg_catalog.format(
          'create table realtime.%I partition of realtime.messages for values from (%L) to (%L)', v_name, v_day, v_day + 1);
        execute pg_catalog.format('alter table realtime.%I owner to supabase_realtime_admin', v_name);
      exception when duplicate_table or unique_violation then
        null;
      end;
    end if;
  end loop;
end
$$;
revoke all on function _realtime.ensure_message_partitions() from public;
select _realtime.ensure_message_partitions();

-- The channel's topic, set by Realtime while it checks a channel's policies (and by realtime.send).
create or replace function realtime.topic() returns text
language sql stable
as $$
select nullif(current_setting('realtime.topic', true), '')::text;
$$;

-- Not security definer, as on hosted: the caller's role must be allowed to insert the row, so RLS on
-- realtime.messages applies to it. A failure is a warning, never an error in the caller's transaction.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
set search_path = ''
as $$
declare
  generated_id uuid;
  final_payload jsonb;
begin
  begin
    generated_id := pg_catalog.gen_random_uuid();
    if payload ? 'id' then
      final_payload := payload;
    else
      final_payload := pg_catalog.jsonb_set(payload, '{id}', pg_catalog.to_jsonb(generated_id));
    end if;
    execute pg_catalog.format('set local realtime.topic to %L', topic);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, final_payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;

create or replace function realtime.send_binary(payload bytea, event text, topic text, private boolean default true)
returns void
language plpgsql
set search_path = ''
as $$
declare
  generated_id uuid;
begin
  begin
    generated_id := pg_catalog.gen_random_uuid();
    execute pg_catalog.format('set local realtime.topic to %L', topic);
    insert into realtime.messages (id, binary_payload, event, topic, private, extension)
    values (generated_id, payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;

-- For row triggers: sends {operation, table, schema, record, old_record} to the topic as a private message.
create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
)
returns void
language plpgsql
set search_path = ''
as $$
declare
  row_data jsonb := '{}'::jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation = 'INSERT' or operation = 'UPDATE' or operation = 'DELETE' then
    row_data := pg_catalog.jsonb_build_object(
      'old_record', old, 'record', new, 'operation', operation, 'table', table_name, 'schema', table_schema);
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
exception
  when others then
    raise exception 'Failed to process the row: %', sqlerrm;
end;
$$;

alter function realtime.topic() owner to supabase_realtime_admin;
alter function realtime.send(jsonb, text, text, boolean) owner to supabase_realtime_admin;
alter function realtime.send_binary(bytea, text, text, boolean) owner to supabase_realtime_admin;
alter function realtime.broadcast_changes(text, text, text, text, text, record, record, text) owner to supabase_realtime_admin;
grant execute on all functions in schema realtime to postgres, anon, authenticated, service_role;
grant supabase_realtime_admin to postgres;
