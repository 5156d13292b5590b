import type { Database } from '../db/database.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

/** The catalog could not be loaded because the database is unavailable (PostgREST's PGRST002). */
export class SchemaCacheUnavailable extends Error {
  constructor(cause: unknown) {
    super('the schema cache could not be loaded: the database is unavailable', { cause });
  }
}

/** One input parameter as PostgREST's schema cache records it. */
export interface RoutineParam {
  /** '' for an unnamed parameter. */
  name: string;
  /** `regtype` text, e.g. `integer`, `character varying`, `api.t_pair`. */
  type: string;
  /** The type used to read an argument: char/bit widen to varchar/varbit so any length is accepted. */
  argType: string;
  required: boolean;
  variadic: boolean;
}

/** One callable function of an exposed schema, as PostgREST's schema cache describes it. */
export interface RoutineInfo {
  schema: string;
  name: string;
  description: string | null;
  params: RoutineParam[];
  returnsSet: boolean;
  /** Rows (a composite type, TABLE or OUT parameters) rather than one scalar value per row. */
  returnsComposite: boolean;
  /** Name of the returned composite type or table: the root name embeddings and errors refer to. */
  returnTypeName: string;
  returnsVoid: boolean;
  volatility: 'immutable' | 'stable' | 'volatile';
}

interface Row {
  schema: string;
  name: string;
  description: string | null;
  argnames: string[] | null;
  argmodes: string[] | null;
  argtypes: string[];
  argreadtypes: string[];
  ndefaults: number;
  retset: boolean;
  ret_composite: boolean;
  ret_name: string;
  ret_void: boolean;
  volatility: string;
}

/**
 * The functions of the exposed schemas, loaded on first use and reloaded when a call names a function
 * it does not know (at most once a second), so new migrations are picked up without a restart.
 */
export class FunctionCatalog {
  #byName = new Map<string, RoutineInfo[]>();
  #roles = new Set<string>();
  #roleSettings = new Map<string, Array<[string, string]>>();
  #loadedAt = 0;
  #loading: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    readonly schemas: string[],
  ) {}

  /** The overloads of schema.name (empty when there is none), fewest parameters first as in PostgREST. */
  async find(schema: string, name: string): Promise<RoutineInfo[]> {
    if (!this.#loadedAt) await this.reload();
    let found = this.#byName.get(`${schema}.${name}`);
    if (!found && Date.now() - this.#loadedAt > 1000) {
      await this.reload();
      found = this.#byName.get(`${schema}.${name}`);
    }
    return found ?? [];
  }

  /** Names of every callable function of a schema (for PostgREST's "Perhaps you meant" hint). */
  namesIn(schema: string): string[] {
    const names: string[] = [];
    for (const overloads of this.#byName.values()) if (overloads[0]!.schema === schema) names.push(overloads[0]!.name);
    return names;
  }

  /** Roles a JWT may switch to: those granted to `authenticator`, as in Supabase. */
  async canSwitchTo(role: string): Promise<boolean> {
    if (!this.#loadedAt) await this.reload();
    return this.#roles.has(role);
  }

  /**
   * The settings `alter role … set` gave a role PostgREST may switch to (hosted: anon's and authenticated's
   * statement_timeout), which PostgREST applies to each transaction it runs as that role.
   */
  async settingsOf(role: string): Promise<Array<[string, string]>> {
    if (!this.#loadedAt) await this.reload();
    return this.#roleSettings.get(role) ?? [];
  }

  reload(): Promise<void> {
    this.#loading ??= this.#load()
      .catch((e: unknown) => {
        throw isDatabaseUnavailable(e) ? new SchemaCacheUnavailable(e) : e;
      })
      .finally(() => (this.#loading = undefined));
    return this.#loading;
  }

  async #load(): Promise<void> {
    // What PostgREST's schema cache keeps: plain functions, not trigger functions, and only those it can
    // call by name (all inputs named, or a single unnamed json/jsonb/text/xml/bytea input). The return
    // type is looked at through domains.
    const { rows } = await this.db.query<Row>(
      `with recursive ret(oid, typ, depth) as (
         select p.oid, p.prorettype, 0 from pg_catalog.pg_proc p
           join pg_catalog.pg_namespace n on n.oid = p.pronamespace where n.nspname = any($1)
         union all
         select ret.oid, t.typbasetype, ret.depth + 1 from ret join pg_catalog.pg_type t on t.oid = ret.typ where t.typtype = 'd'
       ),
       base as (select distinct on (oid) oid, typ from ret order by oid, depth desc)
       select n.nspname as schema, p.proname as name, pg_catalog.obj_description(p.oid, 'pg_proc') as description,
              p.proargnames as argnames, p.proargmodes::text[] as argmodes,
              array(select t::regtype::text from unnest(p.proargtypes) with ordinality as a(t, i) order by i) as argtypes,
              array(select case t when 'bit'::regtype then 'bit varying' when 'bit[]'::regtype then 'bit varying[]'
                                  when 'character'::regtype then 'character varying'
                                  when 'character[]'::regtype then 'character varying[]' else t::regtype::text end
                      from unnest(p.proargtypes) with ordinality as a(t, i) order by i) as argreadtypes,
              p.pronargdefaults as ndefaults, p.proretset as retset,
              (rt.typtype = 'c' or coalesce(p.proargmodes::text[] && '{t,b,o}', false)) as ret_composite,
              coalesce(rc.relname, rt.typname)::text as ret_name,
              p.prorettype = 'void'::regtype as ret_void,
              p.provolatile::text as volatility
         from pg_catalog.pg_proc p
         join pg_catalog.pg_namespace n on n.oid = p.pronamespace
         join base b on b.oid = p.oid
         join pg_catalog.pg_type rt on rt.oid = b.typ
         left join pg_catalog.pg_class rc on rc.oid = rt.typrelid
        where p.prokind = 'f' and rt.oid <> 'trigger'::regtype`,
      [this.schemas],
    );
    const byName = new Map<string, RoutineInfo[]>();
    for (const r of rows) {
      const info = toRoutine(r);
      if (!info) continue;
      const key = `${r.schema}.${r.name}`;
      byName.set(key, [...(byName.get(key) ?? []), info]);
    }
    for (const overloads of byName.values()) overloads.sort(compareRoutines);
    const roles = await this.db.query<{ rolname: string }>(
      `select rolname from pg_catalog.pg_roles where pg_has_role('authenticator', oid, 'member') and rolname <> 'authenticator'`,
    );
    // PostgREST's queryRoleSettings: the roles authenticator is a member of, the settings a user may set
    // (context 'user', or granted with `grant set on parameter`, Postgres 15+), isolation level aside.
    const settings = await this.db.query<{ rolname: string; key: string; value: string }>(
      `with kv as (
         select r.rolname, split_part(c.setting, '=', 1) as key, substr(c.setting, strpos(c.setting, '=') + 1) as value
           from pg_catalog.pg_auth_members m
           join pg_catalog.pg_roles r on r.oid = m.roleid
           cross join lateral unnest(r.rolconfig) as c(setting)
          where m.member = 'authenticator'::regrole
       )
       select kv.rolname, kv.key, kv.value from kv
         join pg_catalog.pg_settings ps on ps.name = kv.key
        where kv.key <> 'default_transaction_isolation'
          and (ps.context = 'user' or (current_setting('server_version_num')::int >= 150000
               and pg_catalog.has_parameter_privilege('authenticator'::regrole, ps.name, 'set')))
        order by kv.rolname, kv.key`,
    );
    const roleSettings = new Map<string, Array<[string, string]>>();
    for (const r of settings.rows) roleSettings.set(r.rolname, [...(roleSettings.get(r.rolname) ?? []), [r.key, r.value]]);
    this.#byName = byName;
    this.#roleSettings = roleSettings;
    this.#roles = new Set(roles.rows.map((r) => r.rolname));
    this.#loadedAt = Date.now();
  }
}

function toRoutine(r: Row): RoutineInfo | undefined {
  const modes = r.argmodes ?? r.argtypes.map(() => 'i');
  const inputNames = r.argnames ? modes.flatMap((m, i) => (m === 'i' || m === 'b' || m === 'v' ? [r.argnames![i] ?? ''] : [])) : [];
  const inputModes = modes.filter((m) => m === 'i' || m === 'b' || m === 'v');
  // Without proargnames every input is unnamed; PostgREST then only keeps a lone json/jsonb/text/xml/bytea one.
  if (!r.argnames && r.argtypes.length > 1) return undefined;
  if (!r.argnames && r.argtypes.length === 1 && !['bytea', 'json', 'jsonb', 'text', 'xml'].includes(r.argtypes[0]!)) return undefined;
  const firstOptional = r.argtypes.length - r.ndefaults;
  return {
    schema: r.schema,
    name: r.name,
    description: r.description,
    params: r.argtypes.map((type, i) => ({
      name: inputNames[i] ?? '',
      type,
      argType: r.argreadtypes[i] ?? type,
      required: i < firstOptional,
      variadic: inputModes[i] === 'v',
    })),
    returnsSet: r.retset,
    returnsComposite: r.ret_composite,
    returnTypeName: r.ret_name,
    returnsVoid: r.ret_void,
    volatility: r.volatility === 'i' ? 'immutable' : r.volatility === 's' ? 'stable' : 'volatile',
  };
}

/**
 * PostgREST orders overloads by fewer parameters, then by description and parameters; the order shows in
 * PGRST203's list of candidates.
 */
function compareRoutines(a: RoutineInfo, b: RoutineInfo): number {
  if (a.params.length !== b.params.length) return a.params.length - b.params.length;
  if (a.description !== b.description) {
    if (a.description === null) return -1;
    if (b.description === null) return 1;
    return compareText(a.description, b.description);
  }
  for (let i = 0; i < a.params.length; i++) {
    const x = a.params[i]!;
    const y = b.params[i]!;
    const c =
      compareText(x.name, y.name) ||
      compareText(x.type, y.type) ||
      compareText(x.argType, y.argType) ||
      Number(x.required) - Number(y.required) ||
      Number(x.variadic) - Number(y.variadic);
    if (c) return c;
  }
  return Number(a.returnsSet) - Number(b.returnsSet) || compareText(a.returnTypeName, b.returnTypeName);
}

/** Code-point order, as Haskell compares Text. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
