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
-- walrus checks RLS: per group, set the role and request.jwt.claims locally, then look the keys up by primary
-- key. Security invoker on purpose: set role is refused inside security definer functions.
-- p_safe wraps each group in a subtransaction so a failing policy hides the rows from that group only;
-- the caller tries the cheaper unsafe pass first and repeats safely if it fails.
-- The lookup runs once per group (1,000 subscribers: 1,000 lookups per batch), so it is static SQL in a
-- function generated for the table and its key (in pg_temp, once per session): plpgsql keeps its plan, where
-- an EXECUTE per group parsed a statement each time. Keys are compared with = on the key's own type (the
-- index serves it) rather than by building a whole row per key with jsonb_populate_record. "offset 0" keeps
-- the EXISTS a per-key probe of the primary key index: pulled up into a join, the cached generic plan
-- (which guesses 100 keys) hashed the keys and scanned the whole table for every group. A batch of one
-- change (the usual case) probes its one key directly: unpacking a one-element list per group cost about a
-- quarter of the lookup on PGlite.
drop function if exists _realtime.visible_keys(regclass, jsonb, jsonb);
create or replace function _realtime.visible_keys(p_rel regclass, p_keys jsonb, p_groups jsonb, p_safe boolean)
returns table (grp int, ords int[])
language plpgsql set search_path = '' set jit = off
as $$
declare
  v_cond text;
  v_cond_one text;
  v_lookup text;
  v_name text;
begin
  -- The key condition twice: against each key of the list (k.v), and against the only key (v_one).
  select pg_catalog.string_agg(e.expr, ' and ' order by e.attnum) filter (where e.src = 'k.v'),
         pg_catalog.string_agg(e.expr, ' and ' order by e.attnum) filter (where e.src = 'v_one')
    into v_cond, v_cond_one
    from (
      select a.attnum, s.src,
             case when t.typcategory in ('A', 'C')
               -- Arrays and composites: JSON needs populate's conversion, not a text cast.
               then pg_catalog.format('t.%1$I = (pg_catalog.jsonb_populate_record(null::%2$s, %3$s)).%1$I', a.attname, p_rel, s.src)
               else pg_catalog.format('t.%1$I = (%4$s ->> %2$L)::%3$s', a.attname, a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod), s.src)
             end as expr
        from pg_catalog.pg_index x
        join pg_catalog.pg_attribute a on a.attrelid = x.indrelid and a.attnum = any(x.indkey)
        join pg_catalog.pg_type t on t.oid = a.atttypid
        cross join (values ('k.v'), ('v_one')) s(src)
       where x.indrelid = p_rel and x.indisprimary
    ) e;
  if v_cond is null then
    return;
  end if;
  -- Which of the keys the group's claims may read, into v_ords (the generated function's loop runs it).
  v_lookup := pg_catalog.format($lookup$
            if v_one is not null then
              v_ords := case when exists (select 1 from %1$s t where %3$s) then '{1}'::int[] else '{}'::int[] end;
            else
              select coalesce(pg_catalog.array_agg(k.ord::int), '{}') into v_ords
                from pg_catalog.jsonb_array_elements(p_keys) with ordinality k(v, ord)
               where exists (select 1 from %1$s t where %2$s offset 0);
            end if;$lookup$, p_rel, v_cond, v_cond_one);
  -- Named after the table and key as they are now: a renamed table or a new key gets a new function.
  v_name := '_realtime_rls_' || pg_catalog.md5(p_rel::oid::text || ' ' || p_rel::text || ' ' || v_cond);
  if pg_catalog.to_regprocedure(pg_catalog.format('pg_temp.%I(jsonb, jsonb, boolean)', v_name)) is null then
    execute pg_catalog.format($fn$
      create function pg_temp.%1$I(p_keys jsonb, p_groups jsonb, p_safe boolean)
      returns table (grp int, ords int[])
      language plpgsql set search_path = '' set jit = off
      as $body$
      declare
        v_group jsonb;
        v_role text;
        v_i int := 0;
        v_ords int[];
        v_one jsonb := case when pg_catalog.jsonb_array_length(p_keys) = 1 then p_keys -> 0 end;
      begin
        -- Legacy per-claim settings some policies read first (auth.uid() does): cleared so claims decide.
        perform pg_catalog.set_config('request.jwt.claim.sub', '', true), pg_catalog.set_config('request.jwt.claim', '', true);
        for v_group in select * from pg_catalog.jsonb_array_elements(p_groups) loop
          if p_safe then
            begin
              perform pg_catalog.set_config('role', v_group ->> 'role', true),
                      pg_catalog.set_config('request.jwt.claims', v_group ->> 'claims', true);
              %2$s
            exception when others then
              v_ords := '{}';
            end;
          else
            if v_role is distinct from v_group ->> 'role' then
              v_role := v_group ->> 'role';
              perform pg_catalog.set_config('role', v_role, true);
            end if;
            perform pg_catalog.set_config('request.jwt.claims', v_group ->> 'claims', true);
            %2$s
          end if;
          grp := v_i;
          ords := v_ords;
          return next;
          v_i := v_i + 1;
        end loop;
        perform pg_catalog.set_config('role', null, true);
      end
      $body$
    $fn$, v_name, v_lookup);
  end if;
  return query execute pg_catalog.format('select * from pg_temp.%I($1, $2, $3)', v_name) using p_keys, p_groups, p_safe;
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
