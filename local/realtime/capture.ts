import type { Database } from '../db/database.ts';
import { ident } from '../db/database.ts';

/**
 * Change capture without logical replication. PGlite has no replication and the local server runs with
 * wal_level=replica, so row triggers on every table of publication supabase_realtime store each change
 * in a queue table and NOTIFY its id; the realtime service reads and deletes the queue. Everything lives
 * in the local-only schema `_realtime`, created here and never by supabase/migrations.
 */

export const PUBLICATION = 'supabase_realtime';
export const NOTIFY_CHANNEL = '_realtime_changes';
const TRIGGER = '_realtime_capture';

const INSTALL_SQL = `
create schema if not exists _realtime;
revoke all on schema _realtime from public;

create table if not exists _realtime.changes (
  id bigint generated always as identity primary key,
  relid oid not null,
  schema_name text not null,
  table_name text not null,
  op text not null,
  record jsonb,
  old_record jsonb,
  columns jsonb not null,
  committed_at timestamptz not null default clock_timestamp()
);
revoke all on table _realtime.changes from public;

-- Runs for writes by any role, so it is security definer; the row never goes into the NOTIFY payload
-- (8000 bytes at most), only its queue id.
create or replace function _realtime.capture() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_id bigint;
begin
  insert into _realtime.changes (relid, schema_name, table_name, op, record, old_record, columns)
  values (
    tg_relid, tg_table_schema, tg_table_name, tg_op,
    case when tg_op <> 'DELETE' then pg_catalog.to_jsonb(new) end,
    case when tg_op <> 'INSERT' then pg_catalog.to_jsonb(old) end,
    coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('name', a.attname, 'type', t.typname) order by a.attnum)
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_type t on t.oid = a.atttypid
      where a.attrelid = tg_relid and a.attnum > 0 and not a.attisdropped
    ), '[]'::jsonb)
  )
  returning id into v_id;
  perform pg_catalog.pg_notify('${NOTIFY_CHANNEL}', v_id::text);
  return null;
end
$$;
revoke all on function _realtime.capture() from public;

-- Which of the keys (a JSON array of primary-key objects) each claims group may SELECT, the way Supabase's
-- walrus checks RLS: per group, set the role and request.jwt.claims locally, then run one prepared lookup
-- by primary key. Security invoker on purpose: set role is refused inside security definer functions.
-- p_safe wraps each group in a subtransaction so a failing policy hides the rows from that group only;
-- the caller tries the cheaper unsafe pass first and repeats safely if it fails.
drop function if exists _realtime.visible_keys(regclass, jsonb, jsonb);
create or replace function _realtime.visible_keys(p_rel regclass, p_keys jsonb, p_groups jsonb, p_safe boolean)
returns table (grp int, ords int[])
language plpgsql set search_path = '' set jit = off
as $$
declare
  v_cond text;
  v_group jsonb;
  v_claims text;
  v_i int := 0;
  v_ords int[];
  v_exec text;
begin
  select pg_catalog.string_agg(pg_catalog.format('t.%1$I is not distinct from r.%1$I', a.attname), ' and ')
    into v_cond
    from pg_catalog.pg_index x
    join pg_catalog.pg_attribute a on a.attrelid = x.indrelid and a.attnum = any(x.indkey)
   where x.indrelid = p_rel and x.indisprimary;
  if v_cond is null then
    return;
  end if;
  if exists (select 1 from pg_catalog.pg_prepared_statements where name = '_realtime_rls') then
    deallocate _realtime_rls;
  end if;
  execute pg_catalog.format(
    'prepare _realtime_rls(jsonb) as select coalesce(pg_catalog.array_agg(k.ord::int), ''{}'') from pg_catalog.jsonb_array_elements($1) with ordinality k(v, ord) where exists (select 1 from %1$s t, pg_catalog.jsonb_populate_record(null::%1$s, k.v) r where %2$s)',
    p_rel, v_cond);
  v_exec := pg_catalog.format('execute _realtime_rls(%L)', p_keys);
  -- Legacy per-claim settings some policies read first (auth.uid() does): cleared so claims decide.
  perform pg_catalog.set_config('request.jwt.claim.sub', '', true), pg_catalog.set_config('request.jwt.claim', '', true);
  for v_group in select * from pg_catalog.jsonb_array_elements(p_groups) loop
    v_claims := v_group ->> 'claims';
    if p_safe then
      begin
        perform pg_catalog.set_config('role', v_group ->> 'role', true),
                pg_catalog.set_config('request.jwt.claims', v_claims, true);
        execute v_exec into v_ords;
      exception when others then
        v_ords := '{}';
      end;
    else
      perform pg_catalog.set_config('role', v_group ->> 'role', true),
              pg_catalog.set_config('request.jwt.claims', v_claims, true);
      execute v_exec into v_ords;
    end if;
    grp := v_i;
    ords := v_ords;
    return next;
    v_i := v_i + 1;
  end loop;
  perform pg_catalog.set_config('role', null, true);
  deallocate _realtime_rls;
end
$$;
revoke all on function _realtime.visible_keys(regclass, jsonb, jsonb, boolean) from public;

-- Takes a batch off the queue with what fan-out needs about each table: row security, replica identity,
-- primary key (and the key's values) and, for the subscribers' roles (p_roles, a JSON array), column
-- privileges. jit is off: the planner's estimates for these catalog joins cross jit_above_cost and
-- compiling would cost more than the query.
drop function if exists _realtime.take_changes(jsonb, int);
create function _realtime.take_changes(p_roles jsonb, p_limit int)
returns table (id text, relid text, schema_name text, table_name text, op text, record text, old_record text,
               columns text, ts text, rls boolean, replident text, pk text, key text, old_key text, privs text)
language sql volatile set search_path = '' set jit = off
as $$
with d as (
  delete from _realtime.changes
   where id in (select id from _realtime.changes order by id limit p_limit for update skip locked)
  returning *
), privs as (
  select r.relid,
         (select jsonb_object_agg(g.role,
                   (select coalesce(jsonb_object_agg(a.attname,
                             case when to_regrole(g.role) is null then false
                                  else has_column_privilege(g.role, r.relid, a.attnum, 'SELECT') end), '{}'::jsonb)
                      from pg_catalog.pg_attribute a
                     where a.attrelid = r.relid and a.attnum > 0 and not a.attisdropped))
            from jsonb_array_elements_text(p_roles) g(role)) as privs
    from (select distinct relid from d) r
)
select d.id::text, d.relid::text, d.schema_name, d.table_name, d.op,
       d.record::text, d.old_record::text, d.columns::text,
       to_char(d.committed_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
       coalesce(c.relrowsecurity, false), coalesce(c.relreplident::text, 'd'),
       pk.names::text,
       (select jsonb_object_agg(k, coalesce(d.record, d.old_record) -> k) from jsonb_array_elements_text(pk.names) k)::text,
       (select jsonb_object_agg(k, d.old_record -> k) from jsonb_array_elements_text(pk.names) k)::text,
       privs.privs::text
  from d
  join privs on privs.relid = d.relid
  left join pg_catalog.pg_class c on c.oid = d.relid
  left join lateral (
    select to_jsonb(array_agg(a.attname::text order by a.attnum)) as names
      from pg_catalog.pg_index i
      join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where i.indrelid = d.relid and i.indisprimary
  ) pk on pk.names is not null
 order by d.id
$$;
revoke all on function _realtime.take_changes(jsonb, int) from public;
`;

/** Creates the `_realtime` schema, queue and functions (idempotent). */
export async function installCapture(db: Database): Promise<void> {
  await db.exec(INSTALL_SQL);
}

export interface PublishedTable {
  relid: string;
  schema: string;
  table: string;
}

/**
 * Puts the capture trigger on every table of the publication that lacks it and removes it from tables
 * that left the publication. Returns the published tables.
 */
export async function syncCaptureTriggers(db: Database): Promise<PublishedTable[]> {
  const { rows } = await db.query<{ relid: string; schema: string; table: string; captured: boolean }>(
    `select c.oid::text as relid, p.schemaname as schema, p.tablename as table,
            exists (select 1 from pg_catalog.pg_trigger t where t.tgrelid = c.oid and t.tgname = '${TRIGGER}') as captured
       from pg_catalog.pg_publication_tables p
       join pg_catalog.pg_namespace n on n.nspname = p.schemaname
       join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
      where p.pubname = '${PUBLICATION}'`,
  );
  const stale = await db.query<{ schema: string; table: string }>(
    `select n.nspname as schema, c.relname as table
       from pg_catalog.pg_trigger t
       join pg_catalog.pg_class c on c.oid = t.tgrelid
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where t.tgname = '${TRIGGER}'
        and not exists (select 1 from pg_catalog.pg_publication_tables p
                         where p.pubname = '${PUBLICATION}' and p.schemaname = n.nspname and p.tablename = c.relname)`,
  );
  const ddl: string[] = [];
  for (const r of rows) {
    if (!r.captured) {
      ddl.push(
        `create trigger ${TRIGGER} after insert or update or delete on ${ident(r.schema)}.${ident(r.table)} for each row execute function _realtime.capture();`,
      );
    }
  }
  for (const r of stale.rows) ddl.push(`drop trigger if exists ${TRIGGER} on ${ident(r.schema)}.${ident(r.table)};`);
  if (ddl.length) await db.exec(ddl.join('\n'));
  return rows.map(({ relid, schema, table }) => ({ relid, schema, table }));
}
