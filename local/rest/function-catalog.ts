import type { Database } from '../db/database.ts';

/** One callable function of an exposed schema, as PostgREST's schema cache describes it. */
export interface RoutineInfo {
  schema: string;
  name: string;
  /** Input arguments in order; `name` is '' for an unnamed one. */
  args: Array<{ name: string; type: string; hasDefault: boolean }>;
  returnsSet: boolean;
  /** composite: one object per row; scalar: a bare JSON value; void: 204. */
  returnKind: 'composite' | 'scalar' | 'void';
  volatile: boolean;
}

interface Row {
  schema: string;
  name: string;
  argnames: string[] | null;
  argmodes: string[] | null;
  argtypes: string[];
  nargs: number;
  ndefaults: number;
  retset: boolean;
  rettype: string;
  ret_composite: boolean;
  volatility: string;
}

/**
 * The functions of the exposed schemas, loaded on first use and reloaded when a call names a function
 * it does not know (at most once a second), so new migrations are picked up without a restart.
 */
export class FunctionCatalog {
  #byName = new Map<string, RoutineInfo[]>();
  #roles = new Set<string>();
  #loadedAt = 0;
  #loading: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    readonly schemas: string[],
  ) {}

  async find(schema: string, name: string): Promise<RoutineInfo[] | undefined> {
    if (!this.#loadedAt) await this.reload();
    let found = this.#byName.get(`${schema}.${name}`);
    if (!found && Date.now() - this.#loadedAt > 1000) {
      await this.reload();
      found = this.#byName.get(`${schema}.${name}`);
    }
    return found;
  }

  /** Roles a JWT may switch to: those granted to `authenticator`, as in Supabase. */
  async canSwitchTo(role: string): Promise<boolean> {
    if (!this.#loadedAt) await this.reload();
    return this.#roles.has(role);
  }

  reload(): Promise<void> {
    this.#loading ??= this.#load().finally(() => (this.#loading = undefined));
    return this.#loading;
  }

  async #load(): Promise<void> {
    const { rows } = await this.db.query<Row>(
      `select n.nspname as schema, p.proname as name, p.proargnames as argnames, p.proargmodes::text[] as argmodes,
              array(select format_type(t, null) from unnest(p.proargtypes) as t) as argtypes,
              p.pronargs as nargs, p.pronargdefaults as ndefaults, p.proretset as retset,
              format_type(p.prorettype, null) as rettype,
              (rt.typrelid <> 0 or (p.prorettype = 'record'::regtype and p.proargmodes is not null)) as ret_composite,
              p.provolatile::text as volatility
         from pg_catalog.pg_proc p
         join pg_catalog.pg_namespace n on n.oid = p.pronamespace
         join pg_catalog.pg_type rt on rt.oid = p.prorettype
        where n.nspname = any($1) and p.prokind = 'f'`,
      [this.schemas],
    );
    const byName = new Map<string, RoutineInfo[]>();
    for (const r of rows) {
      const modes = r.argmodes ?? r.argtypes.map(() => 'i');
      const names = r.argnames ?? [];
      const inputNames = modes.map((m, i) => ({ m, n: names[i] ?? '' })).filter((x) => x.m === 'i' || x.m === 'b' || x.m === 'v');
      const firstDefault = r.nargs - r.ndefaults;
      const info: RoutineInfo = {
        schema: r.schema,
        name: r.name,
        args: r.argtypes.map((type, i) => ({ name: inputNames[i]?.n ?? '', type, hasDefault: i >= firstDefault })),
        returnsSet: r.retset,
        returnKind: r.rettype === 'void' ? 'void' : r.ret_composite ? 'composite' : 'scalar',
        volatile: r.volatility === 'v',
      };
      const key = `${r.schema}.${r.name}`;
      byName.set(key, [...(byName.get(key) ?? []), info]);
    }
    const roles = await this.db.query<{ rolname: string }>(
      `select rolname from pg_catalog.pg_roles where pg_has_role('authenticator', oid, 'member') and rolname <> 'authenticator'`,
    );
    this.#byName = byName;
    this.#roles = new Set(roles.rows.map((r) => r.rolname));
    this.#loadedAt = Date.now();
  }
}
