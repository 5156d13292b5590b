/**
 * The project's objects as SQL, read from a database's catalog: one entry per object (a table with its
 * columns, constraints, row level security, grants and comments; an index; a function with its body,
 * grants and comment; a policy; a trigger; a view; a composite type; a schema; default privileges;
 * publication membership; an extension), each with the objects it depends on.
 *
 * Two uses (decision 0039): the schema drift check compares the entries of a database built from
 * supabase/migrations with those of one built from supabase/schemas (scripts/schema/drift.ts), and the
 * export writes or prints entries as schema-file source (scripts/schema/export.ts). The SQL is lower case
 * outside quotes, as the project writes it; function bodies are the stored source, byte for byte.
 */
import type pg from 'pg';

/** What the project owns: its two schemas, plus the triggers, policies and grants it puts elsewhere. */
export const projectSchemas = ['app', 'api'] as const;

export interface CatalogObject {
  /** Unique and stable across databases, e.g. `function api.submit_deliverable(uuid, text)`. */
  key: string;
  kind: 'extension' | 'schema' | 'default privileges' | 'type' | 'table' | 'view' | 'function' | 'index' | 'trigger' | 'policy' | 'publication';
  /** The schema-qualified name the object is filed under: a table's for its indexes, policies and triggers. */
  owner: string;
  /** For triggers: the trigger function (they are filed with it when it is not a shared helper). */
  via?: string;
  sql: string;
  /** Keys of the entries that must exist first. */
  dependsOn: string[];
}

const quoteIdentRe = /^[a-z_][a-z0-9_$]*$/;
const reserved = new Set(['user', 'order', 'group', 'table', 'select', 'from', 'where', 'limit', 'offset', 'default', 'check', 'column', 'role']);
export function ident(name: string): string {
  return quoteIdentRe.test(name) && !reserved.has(name) ? name : `"${name.replace(/"/g, '""')}"`;
}
function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * Postgres's deparsed SQL (constraint, index, trigger and policy definitions, argument lists) writes
 * keywords in upper case; the project writes lower case. Lower-cases everything outside quotes: unquoted
 * identifiers are lower case already, so only keywords change.
 */
export function lowerOutsideQuotes(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    // Dollar-quoted bodies and comments are kept as written.
    const dollar = c === '$' ? /^\$[A-Za-z_]*\$/.exec(sql.slice(i, i + 64)) : null;
    if (dollar) {
      const end = sql.indexOf(dollar[0], i + dollar[0].length);
      const stop = end < 0 ? sql.length : end + dollar[0].length;
      out += sql.slice(i, stop);
      i = stop;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end < 0 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < sql.length) {
        if (sql[j] === c) {
          if (sql[j + 1] === c) j += 2;
          else break;
        } else j++;
      }
      out += sql.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c.toLowerCase();
      i++;
    }
  }
  return out;
}

function dollarQuote(body: string): string {
  for (const tag of ['$$', '$function$', '$body$', '$fn_body$']) if (!body.includes(tag)) return `${tag}${body}${tag}`;
  throw new Error('function body holds every dollar-quote tag tried');
}

const privilegeNames: Record<string, string> = {
  INSERT: 'insert',
  SELECT: 'select',
  UPDATE: 'update',
  DELETE: 'delete',
  TRUNCATE: 'truncate',
  REFERENCES: 'references',
  TRIGGER: 'trigger',
  EXECUTE: 'execute',
  USAGE: 'usage',
  CREATE: 'create',
};
const allPrivileges: Record<string, string[]> = {
  table: ['select', 'insert', 'update', 'delete', 'truncate', 'references', 'trigger'],
  function: ['execute'],
  type: ['usage'],
  schema: ['usage', 'create'],
  sequence: ['usage', 'select', 'update'],
};

interface AclRow {
  grantee: string;
  privilege: string;
  grantable: boolean;
}

/**
 * The grant and revoke statements that take an object from the privileges it gets when created (its
 * owner's default privileges) to the ones it has: what a schema file states next to the object.
 */
function aclStatements(onWhat: string, family: keyof typeof allPrivileges, defaults: AclRow[], actual: AclRow[], owner: string): string[] {
  const key = (r: AclRow) => `${r.grantee}\u0000${r.privilege}\u0000${r.grantable}`;
  const have = new Set(actual.filter((r) => r.grantee !== owner).map(key));
  const had = new Set(defaults.filter((r) => r.grantee !== owner).map(key));
  const grants = new Map<string, string[]>();
  const revokes = new Map<string, string[]>();
  for (const r of actual) if (r.grantee !== owner && !had.has(key(r))) push(grants, `${r.grantee}\u0000${r.grantable}`, r.privilege);
  for (const r of defaults) if (r.grantee !== owner && !have.has(key(r))) push(revokes, r.grantee, r.privilege);
  const privs = (list: string[]) => {
    const sorted = [...new Set(list)].sort((a, b) => allPrivileges[family]!.indexOf(a) - allPrivileges[family]!.indexOf(b));
    return sorted.length === allPrivileges[family]!.length && family !== 'function' ? 'all' : sorted.join(', ');
  };
  const out: string[] = [];
  // One statement per privilege set, naming every grantee that gets exactly that set.
  const byPrivs = new Map<string, string[]>();
  for (const [who, list] of revokes) push(byPrivs, privs(list), who);
  for (const [p, who] of [...byPrivs].sort()) out.push(`revoke ${p} on ${onWhat} from ${who.sort().map(grantee).join(', ')};`);
  const grantsBy = new Map<string, string[]>();
  for (const [whoOpt, list] of grants) {
    const [who, grantable] = whoOpt.split('\u0000');
    push(grantsBy, `${privs(list)}\u0000${grantable}`, who!);
  }
  for (const [pOpt, who] of [...grantsBy].sort()) {
    const [p, grantable] = pOpt.split('\u0000');
    out.push(`grant ${p} on ${onWhat} to ${who.sort().map(grantee).join(', ')}${grantable === 'true' ? ' with grant option' : ''};`);
  }
  return out;
}

function grantee(name: string): string {
  return name === '-' ? 'public' : ident(name);
}

function push<K, V>(map: Map<K, V[]>, k: K, v: V): void {
  const list = map.get(k);
  if (list) list.push(v);
  else map.set(k, [v]);
}

function comment(on: string, text: string | null): string[] {
  return text === null ? [] : [`comment on ${on} is ${literal(text)};`];
}

/** aclexplode as rows; grantee 0 (public) named '-'. */
const explode = (acl: string) => `(select coalesce(nullif(r.rolname, ''), '-') as grantee, lower(e.privilege_type) as privilege, e.is_grantable as grantable
  from pg_catalog.aclexplode(${acl}) e left join pg_catalog.pg_roles r on r.oid = e.grantee)`;

/** The ACL a new object of this type, owner and schema gets (global default privileges replace the built-in ones; the schema's add to them). */
const defaultAcl = (type: string, owner: string, nsp: string) => `coalesce(
    (select defaclacl from pg_catalog.pg_default_acl where defaclrole = ${owner} and defaclnamespace = 0 and defaclobjtype = '${type}'),
    pg_catalog.acldefault('${type === 'S' ? 's' : type}', ${owner}))
  || coalesce((select defaclacl from pg_catalog.pg_default_acl where defaclrole = ${owner} and defaclnamespace = ${nsp} and defaclobjtype = '${type}'), '{}')`;

const inProject = `n.nspname in ('app', 'api')`;

export async function readCatalog(client: pg.ClientBase): Promise<CatalogObject[]> {
  const objects: CatalogObject[] = [];
  const q = async <T>(sql: string): Promise<T[]> => (await client.query(sql)).rows as T[];

  // Extensions the project installs (everything beyond what the baseline has is the project's).
  for (const e of await q<{ extname: string; nspname: string }>(
    `select e.extname, n.nspname from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace
      where e.extname not in ('plpgsql') order by 1`,
  )) {
    objects.push({ key: `extension ${e.extname}`, kind: 'extension', owner: e.nspname, sql: `create extension if not exists ${ident(e.extname)} with schema ${ident(e.nspname)};`, dependsOn: [] });
  }

  // The project's schemas, their comments and grants.
  for (const s of await q<{ nspname: string; owner: string; description: string | null; acl: AclRow[]; defaults: AclRow[] }>(
    `select n.nspname, pg_catalog.pg_get_userbyid(n.nspowner) as owner, d.description,
        coalesce((select json_agg(x) from ${explode('coalesce(n.nspacl, pg_catalog.acldefault(\'n\', n.nspowner))')} x), '[]') as acl,
        coalesce((select json_agg(x) from ${explode("pg_catalog.acldefault('n', n.nspowner)")} x), '[]') as defaults
      from pg_catalog.pg_namespace n left join pg_catalog.pg_description d on d.objoid = n.oid and d.classoid = 'pg_catalog.pg_namespace'::regclass
      where ${inProject} order by 1`,
  )) {
    const name = ident(s.nspname);
    const sql = [`create schema if not exists ${name};`, ...comment(`schema ${name}`, s.description), ...aclStatements(`schema ${name}`, 'schema', s.defaults, s.acl, s.owner)];
    objects.push({ key: `schema ${s.nspname}`, kind: 'schema', owner: s.nspname, sql: sql.join('\n'), dependsOn: [] });
  }

  // Default privileges the project sets (the baseline's, for other roles and schemas, are not the project's).
  const defaultPrivileges = await q<{ role: string; nspname: string | null; objtype: string; acl: AclRow[]; builtin: AclRow[] }>(
    `select pg_catalog.pg_get_userbyid(a.defaclrole) as role, n.nspname, a.defaclobjtype as objtype,
        coalesce((select json_agg(x) from ${explode('a.defaclacl')} x), '[]') as acl,
        case when a.defaclnamespace = 0 then coalesce((select json_agg(x) from ${explode("pg_catalog.acldefault(case a.defaclobjtype when 'S' then 's' else a.defaclobjtype end, a.defaclrole)")} x), '[]') else '[]' end as builtin
      from pg_catalog.pg_default_acl a left join pg_catalog.pg_namespace n on n.oid = a.defaclnamespace
      where a.defaclrole = 'postgres'::regrole and (a.defaclnamespace = 0 or ${inProject})
      order by 2 nulls first, 3`,
  );
  for (const d of defaultPrivileges) {
    const family = d.objtype === 'f' ? 'function' : d.objtype === 'T' ? 'type' : d.objtype === 'n' ? 'schema' : d.objtype === 'S' ? 'sequence' : 'table';
    const on = { r: 'tables', f: 'functions', S: 'sequences', T: 'types', n: 'schemas' }[d.objtype] ?? d.objtype;
    const stmts = aclStatements(on, family, d.builtin, d.acl, d.role).map(
      (s) => `alter default privileges for role ${ident(d.role)}${d.nspname ? ` in schema ${ident(d.nspname)}` : ''} ${s}`,
    );
    objects.push({
      key: `default privileges ${d.role} ${d.nspname ?? '(all schemas)'} ${on}`,
      kind: 'default privileges',
      owner: d.nspname ?? 'app',
      sql: stmts.join('\n'),
      dependsOn: d.nspname ? [`schema ${d.nspname}`] : [],
    });
  }

  // Composite types (api's row shapes).
  for (const t of await q<{ name: string; nspname: string; attrs: string[]; description: string | null; deps: string[] }>(
    `select n.nspname || '.' || t.typname as name, n.nspname,
        array(select '  ' || quote_ident(a.attname) || ' ' || pg_catalog.format_type(a.atttypid, a.atttypmod)
          from pg_catalog.pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped order by a.attnum) as attrs,
        pg_catalog.obj_description(t.oid, 'pg_type') as description,
        array(select distinct tn.nspname || '.' || at.typname from pg_catalog.pg_attribute a join pg_catalog.pg_type at on at.oid = a.atttypid
          join pg_catalog.pg_namespace tn on tn.oid = at.typnamespace where a.attrelid = t.typrelid and tn.nspname in ('app', 'api')) as deps
      from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace
      join pg_catalog.pg_class c on c.oid = t.typrelid and c.relkind = 'c'
      where ${inProject} order by 1`,
  )) {
    const name = qualified(t.name);
    objects.push({
      key: `type ${t.name}`,
      kind: 'type',
      owner: t.name,
      sql: [`create type ${name} as (\n${t.attrs.join(',\n')}\n);`, ...comment(`type ${name}`, t.description)].join('\n'),
      dependsOn: [`schema ${t.nspname}`, ...t.deps.map((d) => `type ${d}`)],
    });
  }

  await readTables(q, objects);
  await readFunctions(q, objects);
  await readIndexesTriggersPolicies(q, objects);

  for (const p of await q<{ pubname: string; rel: string }>(
    `select p.pubname, n.nspname || '.' || c.relname as rel from pg_catalog.pg_publication_rel r
      join pg_catalog.pg_publication p on p.oid = r.prpubid join pg_catalog.pg_class c on c.oid = r.prrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace where ${inProject} order by 1, 2`,
  )) {
    objects.push({
      key: `publication ${p.pubname} table ${p.rel}`,
      kind: 'publication',
      owner: p.rel,
      sql: `alter publication ${ident(p.pubname)} add table ${qualified(p.rel)};`,
      dependsOn: [`table ${p.rel}`],
    });
  }
  return objects;
}

function qualified(name: string): string {
  const dot = name.indexOf('.');
  return `${ident(name.slice(0, dot))}.${ident(name.slice(dot + 1))}`;
}

type Query = <T>(sql: string) => Promise<T[]>;

/** Objects a catalog object depends on (pg_depend), as entry keys: tables, views, types and functions of the project. */
const dependencyKeys = (classid: string, objid: string) => `array(select distinct case
      when d.refclassid = 'pg_catalog.pg_proc'::regclass then 'function ' || rn.nspname || '.' || rp.proname || '(' || pg_catalog.pg_get_function_identity_arguments(rp.oid) || ')'
      when d.refclassid = 'pg_catalog.pg_class'::regclass then (case rc.relkind when 'v' then 'view ' else 'table ' end) || rcn.nspname || '.' || rc.relname
      when d.refclassid = 'pg_catalog.pg_type'::regclass then (case when tc.relkind in ('r', 'v') then (case tc.relkind when 'v' then 'view ' else 'table ' end) else 'type ' end) || tn.nspname || '.' || coalesce(tc.relname, rt.typname)
    end
    from pg_catalog.pg_depend d
    left join pg_catalog.pg_proc rp on d.refclassid = 'pg_catalog.pg_proc'::regclass and rp.oid = d.refobjid
    left join pg_catalog.pg_namespace rn on rn.oid = rp.pronamespace
    left join pg_catalog.pg_class rc on d.refclassid = 'pg_catalog.pg_class'::regclass and rc.oid = d.refobjid
    left join pg_catalog.pg_namespace rcn on rcn.oid = rc.relnamespace
    left join pg_catalog.pg_type rt on d.refclassid = 'pg_catalog.pg_type'::regclass and rt.oid = d.refobjid
    left join pg_catalog.pg_namespace tn on tn.oid = rt.typnamespace
    left join pg_catalog.pg_class tc on tc.oid = rt.typrelid
    where d.classid = ${classid} and d.objid = ${objid} and d.deptype = 'n'
      and coalesce(rn.nspname, rcn.nspname, tn.nspname) in ('app', 'api')
      and (d.refclassid <> 'pg_catalog.pg_type'::regclass or rt.typtype = 'c' or rt.typtype = 'e' or rt.typtype = 'd'))`;

async function readTables(q: Query, objects: CatalogObject[]): Promise<void> {
  const tables = await q<{
    oid: string;
    name: string;
    nspname: string;
    relkind: string;
    owner: string;
    rls: boolean;
    force_rls: boolean;
    replident: string;
    reloptions: string[] | null;
    description: string | null;
    viewdef: string | null;
    acl: AclRow[];
    defaults: AclRow[];
  }>(
    `select c.oid::text, n.nspname || '.' || c.relname as name, n.nspname, c.relkind, pg_catalog.pg_get_userbyid(c.relowner) as owner,
        c.relrowsecurity as rls, c.relforcerowsecurity as force_rls, c.relreplident as replident, c.reloptions,
        pg_catalog.obj_description(c.oid, 'pg_class') as description,
        case when c.relkind = 'v' then pg_catalog.pg_get_viewdef(c.oid, true) end as viewdef,
        coalesce((select json_agg(x) from ${explode("coalesce(c.relacl, pg_catalog.acldefault('r', c.relowner))")} x), '[]') as acl,
        coalesce((select json_agg(x) from ${explode(defaultAcl('r', 'c.relowner', 'c.relnamespace'))} x), '[]') as defaults
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where ${inProject} and c.relkind in ('r', 'v', 'p') order by 2`,
  );
  const columns = await q<{
    relid: string;
    attname: string;
    type: string;
    notnull: boolean;
    default: string | null;
    identity: string;
    generated: string;
    collation: string | null;
    description: string | null;
    acl: AclRow[];
    deps: string[];
  }>(
    `select a.attrelid::text as relid, a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as notnull,
        pg_catalog.pg_get_expr(ad.adbin, ad.adrelid) as default, a.attidentity as identity, a.attgenerated as generated,
        case when a.attcollation <> t.typcollation then (select collname from pg_catalog.pg_collation where oid = a.attcollation) end as collation,
        pg_catalog.col_description(a.attrelid, a.attnum) as description,
        coalesce((select json_agg(x) from ${explode('a.attacl')} x), '[]') as acl,
        case when ad.oid is null then '{}'::text[] else ${dependencyKeys("'pg_catalog.pg_attrdef'::regclass", 'ad.oid')} end as deps
      from pg_catalog.pg_attribute a join pg_catalog.pg_class c on c.oid = a.attrelid join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_type t on t.oid = a.atttypid
      left join pg_catalog.pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
      where ${inProject} and c.relkind in ('r', 'v', 'p') and a.attnum > 0 and not a.attisdropped
      order by a.attrelid, a.attnum`,
  );
  const constraints = await q<{ relid: string; conname: string; contype: string; def: string; description: string | null; deps: string[] }>(
    `select co.conrelid::text as relid, co.conname, co.contype, pg_catalog.pg_get_constraintdef(co.oid, true) as def,
        pg_catalog.obj_description(co.oid, 'pg_constraint') as description,
        ${dependencyKeys("'pg_catalog.pg_constraint'::regclass", 'co.oid')} as deps
      from pg_catalog.pg_constraint co join pg_catalog.pg_class c on c.oid = co.conrelid join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where ${inProject} and co.contype in ('p', 'u', 'f', 'c', 'x')
      order by co.conrelid, position(co.contype in 'pufcx'), co.conname`,
  );
  const viewDeps = await q<{ relid: string; deps: string[] }>(
    `select c.oid::text as relid, array(select distinct x from unnest(${dependencyKeys("'pg_catalog.pg_rewrite'::regclass", 'r.oid')}) x
        where x <> (case c.relkind when 'v' then 'view ' else 'table ' end) || n.nspname || '.' || c.relname) as deps
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace join pg_catalog.pg_rewrite r on r.ev_class = c.oid
      where ${inProject} and c.relkind = 'v'`,
  );
  // The sequences of identity columns: their options when not the defaults, and their grants.
  const sequences = await q<{ relid: string; name: string; owner: string; options: string[]; acl: AclRow[]; defaults: AclRow[] }>(
    `select d.refobjid::text as relid, n.nspname || '.' || c.relname as name, pg_catalog.pg_get_userbyid(c.relowner) as owner,
        array_remove(array[
          case when s.seqincrement <> 1 then 'increment by ' || s.seqincrement end,
          case when s.seqstart <> 1 then 'start with ' || s.seqstart end,
          case when s.seqmin <> 1 then 'minvalue ' || s.seqmin end,
          case when s.seqmax <> 9223372036854775807 and not (s.seqtypid = 'int4'::regtype and s.seqmax = 2147483647) then 'maxvalue ' || s.seqmax end,
          case when s.seqcache <> 1 then 'cache ' || s.seqcache end,
          case when s.seqcycle then 'cycle' end], null) as options,
        coalesce((select json_agg(x) from ${explode("coalesce(c.relacl, pg_catalog.acldefault('s', c.relowner))")} x), '[]') as acl,
        coalesce((select json_agg(x) from ${explode(defaultAcl('S', 'c.relowner', 'c.relnamespace'))} x), '[]') as defaults
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace join pg_catalog.pg_sequence s on s.seqrelid = c.oid
      join pg_catalog.pg_depend d on d.classid = 'pg_catalog.pg_class'::regclass and d.objid = c.oid and d.refclassid = 'pg_catalog.pg_class'::regclass
      where ${inProject} and c.relkind = 'S' order by 2`,
  );
  const byRel = <T extends { relid: string }>(rows: T[]) => {
    const m = new Map<string, T[]>();
    for (const r of rows) push(m, r.relid, r);
    return m;
  };
  const colsOf = byRel(columns);
  const consOf = byRel(constraints);
  const viewDepsOf = new Map(viewDeps.map((v) => [v.relid, v.deps]));
  const seqsOf = byRel(sequences);

  for (const t of tables) {
    const name = qualified(t.name);
    const cols = colsOf.get(t.oid) ?? [];
    const deps = new Set<string>([`schema ${t.nspname}`]);
    const sql: string[] = [];
    if (t.relkind === 'v') {
      const options = t.reloptions?.length ? ` with (${t.reloptions.join(', ')})` : '';
      sql.push(`create view ${name}${options} as\n${lowerKeywordsOfView(t.viewdef!.replace(/;\s*$/, ''))};`);
      for (const d of viewDepsOf.get(t.oid) ?? []) deps.add(d);
    } else {
      const lines = cols.map((c) => {
        let line = `  ${ident(c.attname)} ${c.type}`;
        if (c.collation) line += ` collate ${ident(c.collation)}`;
        if (c.generated === 's') line += ` generated always as (${lowerOutsideQuotes(c.default!)}) stored`;
        else if (c.default !== null) line += ` default ${lowerOutsideQuotes(c.default)}`;
        if (c.identity) line += ` generated ${c.identity === 'a' ? 'always' : 'by default'} as identity`;
        if (c.notnull && !c.identity) line += ' not null';
        for (const d of c.deps) deps.add(d);
        return line;
      });
      // A constraint added `not valid` (rows before it were not checked) stays so: create table would validate it.
      const notValid: string[] = [];
      for (const co of consOf.get(t.oid) ?? []) {
        const def = `constraint ${ident(co.conname)} ${lowerOutsideQuotes(co.def)}`;
        if (def.endsWith(' not valid')) notValid.push(`alter table ${name} add ${def};`);
        else lines.push(`  ${def}`);
        for (const d of co.deps) if (d !== `table ${t.name}`) deps.add(d);
      }
      const options = t.reloptions?.length ? ` with (${t.reloptions.join(', ')})` : '';
      sql.push(`create table ${name} (\n${lines.join(',\n')}\n)${options};`, ...notValid);
      if (t.rls) sql.push(`alter table ${name} enable row level security;`);
      if (t.force_rls) sql.push(`alter table ${name} force row level security;`);
      if (t.replident !== 'd') sql.push(`alter table ${name} replica identity ${{ f: 'full', n: 'nothing' }[t.replident] ?? 'default'};`);
    }
    sql.push(...comment(`${t.relkind === 'v' ? 'view' : 'table'} ${name}`, t.description));
    for (const c of cols) sql.push(...comment(`column ${name}.${ident(c.attname)}`, c.description));
    for (const co of consOf.get(t.oid) ?? []) sql.push(...comment(`constraint ${ident(co.conname)} on ${name}`, co.description));
    // Everything is postgres's, the role migrations run as; another owner is stated.
    if (t.owner !== 'postgres') sql.push(`alter ${t.relkind === 'v' ? 'view' : 'table'} ${name} owner to ${ident(t.owner)};`);
    sql.push(...aclStatements(name, 'table', t.defaults, t.acl, t.owner));
    for (const seq of seqsOf.get(t.oid) ?? []) {
      if (seq.options.length) sql.push(`alter sequence ${qualified(seq.name)} ${seq.options.join(' ')};`);
      sql.push(...aclStatements(`sequence ${qualified(seq.name)}`, 'sequence', seq.defaults, seq.acl, seq.owner));
    }
    // Column grants, one statement per grantee and privilege, columns in table order.
    const colGrants = new Map<string, string[]>();
    for (const c of cols) for (const a of c.acl) push(colGrants, `${a.privilege}\u0000${a.grantee}\u0000${a.grantable}`, ident(c.attname));
    for (const [k, names] of [...colGrants].sort()) {
      const [privilege, who, grantable] = k.split('\u0000');
      sql.push(`grant ${privilege} (${names.join(', ')}) on ${name} to ${grantee(who!)}${grantable === 'true' ? ' with grant option' : ''};`);
    }
    const kind = t.relkind === 'v' ? 'view' : 'table';
    objects.push({ key: `${kind} ${t.name}`, kind, owner: t.name, sql: sql.join('\n'), dependsOn: [...deps] });
  }
}

/** pg_get_viewdef writes keywords in upper case. */
function lowerKeywordsOfView(def: string): string {
  return lowerOutsideQuotes(def.trim());
}

async function readFunctions(q: Query, objects: CatalogObject[]): Promise<void> {
  const fns = await q<{
    name: string;
    nspname: string;
    identity: string;
    args: string;
    result: string;
    lang: string;
    volatile: string;
    strict: boolean;
    secdef: boolean;
    leakproof: boolean;
    parallel: string;
    cost: number;
    rows: number;
    retset: boolean;
    config: string[] | null;
    src: string;
    owner: string;
    description: string | null;
    acl: AclRow[];
    defaults: AclRow[];
    deps: string[];
  }>(
    `select n.nspname || '.' || p.proname as name, n.nspname, pg_catalog.pg_get_function_identity_arguments(p.oid) as identity,
        pg_catalog.pg_get_function_arguments(p.oid) as args, pg_catalog.pg_get_function_result(p.oid) as result, l.lanname as lang,
        p.provolatile as volatile, p.proisstrict as strict, p.prosecdef as secdef, p.proleakproof as leakproof, p.proparallel as parallel,
        p.procost::float8 as cost, p.prorows::float8 as rows, p.proretset as retset, p.proconfig as config, p.prosrc as src,
        pg_catalog.pg_get_userbyid(p.proowner) as owner, pg_catalog.obj_description(p.oid, 'pg_proc') as description,
        coalesce((select json_agg(x) from ${explode("coalesce(p.proacl, pg_catalog.acldefault('f', p.proowner))")} x), '[]') as acl,
        coalesce((select json_agg(x) from ${explode(defaultAcl('f', 'p.proowner', 'p.pronamespace'))} x), '[]') as defaults,
        ${dependencyKeys("'pg_catalog.pg_proc'::regclass", 'p.oid')} as deps
      from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace join pg_catalog.pg_language l on l.oid = p.prolang
      where ${inProject} and p.prokind = 'f' order by 1, 3`,
  );
  for (const f of fns) {
    const signature = `${qualified(f.name)}(${lowerOutsideQuotes(f.identity)})`;
    const head = [`create or replace function ${qualified(f.name)}(${wrapList(lowerOutsideQuotes(f.args))})`, `returns ${wrapTable(lowerOutsideQuotes(f.result))}`, `language ${f.lang}`];
    if (f.volatile !== 'v') head.push(f.volatile === 's' ? 'stable' : 'immutable');
    if (f.strict) head.push('strict');
    if (f.leakproof) head.push('leakproof');
    if (f.parallel !== 'u') head.push(`parallel ${f.parallel === 's' ? 'safe' : 'restricted'}`);
    if (f.secdef) head.push('security definer');
    const defaultCost = f.lang === 'internal' || f.lang === 'c' ? 1 : 100;
    if (f.cost !== defaultCost) head.push(`cost ${f.cost}`);
    if (f.retset && f.rows !== 1000) head.push(`rows ${f.rows}`);
    for (const setting of f.config ?? []) {
      const eq = setting.indexOf('=');
      const value = setting.slice(eq + 1);
      head.push(`set ${setting.slice(0, eq)} = ${value === '""' ? "''" : literal(value)}`);
    }
    const sql = [`${head.join('\n')}\nas ${dollarQuote(f.src)};`, ...comment(`function ${signature}`, f.description)];
    if (f.owner !== 'postgres') sql.push(`alter function ${signature} owner to ${ident(f.owner)};`);
    sql.push(...aclStatements(`function ${signature}`, 'function', f.defaults, f.acl, f.owner));
    const key = `function ${f.name}(${f.identity})`;
    objects.push({ key, kind: 'function', owner: f.name, sql: sql.join('\n'), dependsOn: [`schema ${f.nspname}`, ...f.deps.filter((d) => d !== key)] });
  }
}

/** Splits a list at its top-level commas (not those inside parentheses or quotes). */
function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(list.slice(start).trim());
  return parts;
}

const wrapAt = 100;

/** A long argument list, one argument a line. */
function wrapList(args: string): string {
  if (args.length <= wrapAt) return args;
  return `\n${splitTopLevel(args)
    .map((a) => `  ${a}`)
    .join(',\n')}\n`;
}

/** A long `table(...)` result, one column a line. */
function wrapTable(result: string): string {
  const m = /^table\((.*)\)$/s.exec(result);
  if (!m || result.length <= wrapAt) return result;
  return `table (\n${splitTopLevel(m[1]!)
    .map((a) => `  ${a}`)
    .join(',\n')}\n)`;
}

async function readIndexesTriggersPolicies(q: Query, objects: CatalogObject[]): Promise<void> {
  for (const i of await q<{ name: string; rel: string; def: string; description: string | null; deps: string[] }>(
    `select n.nspname || '.' || ic.relname as name, n.nspname || '.' || c.relname as rel, pg_catalog.pg_get_indexdef(i.indexrelid) as def,
        pg_catalog.obj_description(i.indexrelid, 'pg_class') as description,
        ${dependencyKeys("'pg_catalog.pg_class'::regclass", 'i.indexrelid')} as deps
      from pg_catalog.pg_index i join pg_catalog.pg_class ic on ic.oid = i.indexrelid join pg_catalog.pg_class c on c.oid = i.indrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where ${inProject} and not exists (select 1 from pg_catalog.pg_constraint co where co.conindid = i.indexrelid and co.contype in ('p', 'u', 'x'))
      order by 1`,
  )) {
    const sql = [`${lowerOutsideQuotes(i.def)};`, ...comment(`index ${qualified(i.name)}`, i.description)];
    objects.push({ key: `index ${i.name}`, kind: 'index', owner: i.rel, sql: sql.join('\n'), dependsOn: [`table ${i.rel}`, ...i.deps.filter((d) => d !== `table ${i.rel}`)] });
  }

  // Triggers on the project's tables, and the project's triggers on others' (auth.users).
  for (const t of await q<{ tgname: string; rel: string; relnsp: string; def: string; fn: string; fnkey: string; enabled: string; description: string | null }>(
    `select t.tgname, n.nspname || '.' || c.relname as rel, n.nspname as relnsp, pg_catalog.pg_get_triggerdef(t.oid, true) as def,
        fn.nspname || '.' || p.proname as fn, 'function ' || fn.nspname || '.' || p.proname || '(' || pg_catalog.pg_get_function_identity_arguments(p.oid) || ')' as fnkey,
        t.tgenabled as enabled, pg_catalog.obj_description(t.oid, 'pg_trigger') as description
      from pg_catalog.pg_trigger t join pg_catalog.pg_class c on c.oid = t.tgrelid join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_proc p on p.oid = t.tgfoid join pg_catalog.pg_namespace fn on fn.oid = p.pronamespace
      where not t.tgisinternal and (${inProject} or fn.nspname in ('app', 'api'))
      order by 2, 1`,
  )) {
    const rel = qualified(t.rel);
    const sql = [`${lowerOutsideQuotes(t.def)};`];
    if (t.enabled !== 'O') sql.push(`alter table ${rel} ${{ D: 'disable', R: 'enable replica', A: 'enable always' }[t.enabled]} trigger ${ident(t.tgname)};`);
    sql.push(...comment(`trigger ${ident(t.tgname)} on ${rel}`, t.description));
    const onProjectTable = t.relnsp === 'app' || t.relnsp === 'api';
    objects.push({
      key: `trigger ${t.tgname} on ${t.rel}`,
      kind: 'trigger',
      owner: t.rel,
      via: t.fn,
      sql: sql.join('\n'),
      dependsOn: [...(onProjectTable ? [`table ${t.rel}`] : []), t.fnkey],
    });
  }

  // Policies on the project's tables, and the project's policies on others' (realtime.messages, storage.objects).
  for (const p of await q<{
    polname: string;
    rel: string;
    relnsp: string;
    cmd: string;
    permissive: boolean;
    roles: string[];
    qual: string | null;
    check: string | null;
    description: string | null;
    deps: string[];
  }>(
    `select p.polname, n.nspname || '.' || c.relname as rel, n.nspname as relnsp, p.polcmd as cmd, p.polpermissive as permissive,
        array(select case when r = 0 then 'public' else pg_catalog.pg_get_userbyid(r)::text end from unnest(p.polroles) r order by 1) as roles,
        pg_catalog.pg_get_expr(p.polqual, p.polrelid, true) as qual, pg_catalog.pg_get_expr(p.polwithcheck, p.polrelid, true) as check,
        pg_catalog.obj_description(p.oid, 'pg_policy') as description,
        ${dependencyKeys("'pg_catalog.pg_policy'::regclass", 'p.oid')} as deps
      from pg_catalog.pg_policy p join pg_catalog.pg_class c on c.oid = p.polrelid join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where ${inProject} or (n.nspname = 'realtime' and c.relname = 'messages') or (n.nspname = 'storage' and c.relname = 'objects')
      order by 2, 1`,
  )) {
    const rel = qualified(p.rel);
    const cmd = { r: 'select', a: 'insert', w: 'update', d: 'delete', '*': 'all' }[p.cmd]!;
    const lines = [`create policy ${ident(p.polname)} on ${rel}`];
    if (!p.permissive) lines.push('as restrictive');
    lines.push(`for ${cmd}`, `to ${p.roles.map((r) => (r === 'public' ? 'public' : ident(r))).join(', ')}`);
    if (p.qual !== null) lines.push(`using (${lowerOutsideQuotes(p.qual)})`);
    if (p.check !== null) lines.push(`with check (${lowerOutsideQuotes(p.check)})`);
    const onProjectTable = p.relnsp === 'app' || p.relnsp === 'api';
    const sql = [`${lines.join('\n')};`, ...comment(`policy ${ident(p.polname)} on ${rel}`, p.description)];
    objects.push({
      key: `policy ${p.polname} on ${p.rel}`,
      kind: 'policy',
      owner: p.rel,
      sql: sql.join('\n'),
      dependsOn: [...(onProjectTable ? [`table ${p.rel}`] : []), ...p.deps.filter((d) => d !== `table ${p.rel}`)],
    });
  }
}
