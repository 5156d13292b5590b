import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackContext } from '../context.ts';
import { ident, isPgError, literal } from '../db/database.ts';
import { readBody, sendRaw } from '../http/io.ts';
import type { FunctionCatalog, RoutineInfo } from './function-catalog.ts';
import { fromPgError, postgrestError } from './postgrest-error.ts';
import { requestClaims } from './request-auth.ts';
import { isPlain, parseShaping, type ResultShaping } from './result-filters.ts';

/** Per-role statement timeouts Supabase sets on its API roles. */
const STATEMENT_TIMEOUT: Record<string, string> = { anon: '3s', authenticated: '8s' };
const SINGLE_OBJECT = 'application/vnd.pgrst.object+json';

/** POST/GET/HEAD /rest/v1/rpc/{fn}: one transaction per call, PostgREST's shapes and errors. */
export async function handleRpc(
  ctx: StackContext,
  catalog: FunctionCatalog,
  req: IncomingMessage,
  res: ServerResponse,
  fnName: string,
  url: URL,
): Promise<void> {
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'POST' && method !== 'HEAD') {
    throw postgrestError(405, { code: 'PGRST101', message: 'Only GET, HEAD and POST requests are allowed for RPC' });
  }
  const schema = requestedSchema(req, method, catalog.schemas);
  const { role, claims } = requestClaims(req, ctx.config.jwtSecret);

  // Arguments: the JSON body on POST, the query string on GET/HEAD.
  let args: Record<string, unknown> = {};
  let rawBody: string | undefined;
  if (method === 'POST') {
    rawBody = (await readBody(req, ctx.config.maxBodyBytes)).toString('utf8');
    if (rawBody.trim() !== '') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        throw postgrestError(400, { code: 'PGRST102', message: 'Empty or invalid json' });
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw postgrestError(400, { code: 'PGRST102', message: 'Empty or invalid json' });
      }
      args = parsed as Record<string, unknown>;
    }
  }

  const overloads = await catalog.find(schema, fnName);
  if (method !== 'POST' && overloads) {
    const names = new Set(overloads.flatMap((o) => o.args.map((a) => a.name)));
    for (const [k, v] of url.searchParams) if (names.has(k)) args[k] = v;
  }
  const routine = pickOverload(schema, fnName, overloads, args, rawBody);
  if (!(await catalog.canSwitchTo(role))) {
    throw postgrestError(401, { code: '22023', message: `role "${role}" does not exist` });
  }
  const shaping = parseShaping(method === 'POST' ? url.searchParams : withoutArgs(url.searchParams, routine), new Set());
  if (!routine.returnsSet && !isPlain(shaping) && routine.returnKind !== 'composite') {
    throw postgrestError(400, { code: 'PGRST100', message: 'filters apply only to functions returning rows' });
  }
  const wantCount = /count=(exact|planned|estimated)/.test(String(req.headers.prefer ?? ''));
  const single = String(req.headers.accept ?? '').includes(SINGLE_OBJECT);

  const script = rpcScript({
    role,
    claims,
    method,
    path: url.pathname,
    headers: req.headers,
    schema,
    readOnly: method !== 'POST' || !routine.volatile,
    call: callSql(routine, args, rawBody, shaping, wantCount),
  });

  let row: Record<string, unknown> | undefined;
  try {
    row = await ctx.db.withConnection(async (conn) => {
      try {
        const results = await conn.exec(script);
        return results[2]?.rows[0];
      } catch (e) {
        await conn.exec('rollback').catch(() => undefined);
        throw e;
      }
    });
  } catch (e) {
    if (isPgError(e)) throw fromPgError(e, role);
    throw e;
  }

  const headers: Record<string, string> = { 'Content-Profile': schema };
  if (routine.returnKind === 'void' && !routine.returnsSet) {
    sendRaw(res, 204, undefined, headers);
    return;
  }
  let body = String(row?.body ?? 'null');
  if (routine.returnsSet) {
    const count = Number(row?.n ?? 0);
    const total = wantCount ? String(row?.total ?? count) : '*';
    const from = shaping.offset ?? 0;
    headers['Content-Range'] = count > 0 ? `${from}-${from + count - 1}/${total}` : `*/${total}`;
    if (single) {
      if (count !== 1) {
        throw postgrestError(406, {
          code: 'PGRST116',
          message: 'Cannot coerce the result to a single JSON object',
          details: `The result contains ${count} rows`,
        });
      }
      body = JSON.stringify((JSON.parse(body) as unknown[])[0]);
    }
  }
  headers['Content-Type'] = single ? `${SINGLE_OBJECT}; charset=utf-8` : 'application/json; charset=utf-8';
  sendRaw(res, 200, method === 'HEAD' ? '' : body, headers);
}

/**
 * The whole transaction of one call as a single simple-protocol script (one round trip): begin, the
 * settings PostgREST makes (role, claims, request info, search_path, the role's statement timeout), the
 * call, commit. Its third statement yields the body.
 */
export function rpcScript(opts: {
  role: string;
  claims: object;
  method: string;
  path: string;
  headers: object;
  schema: string;
  readOnly: boolean;
  call: string;
}): string {
  const settings: Array<[string, string]> = [
    ['role', opts.role],
    ['request.jwt.claims', JSON.stringify(opts.claims)],
    ['request.method', opts.method],
    ['request.path', opts.path],
    ['request.headers', JSON.stringify(opts.headers)],
    ['search_path', [opts.schema, 'extensions'].map(ident).join(', ')],
  ];
  const timeout = STATEMENT_TIMEOUT[opts.role];
  if (timeout) settings.push(['statement_timeout', timeout]);
  return [
    `begin isolation level read committed${opts.readOnly ? ' read only' : ''}`,
    `select ${settings.map(([k, v]) => `set_config(${literal(k)}, ${literal(v)}, true)`).join(', ')}`,
    opts.call,
    'commit',
  ].join(';\n');
}

function requestedSchema(req: IncomingMessage, method: string, exposed: string[]): string {
  const header = method === 'GET' || method === 'HEAD' ? req.headers['accept-profile'] : req.headers['content-profile'];
  const schema = (Array.isArray(header) ? header[0] : header) ?? exposed[0]!;
  if (!exposed.includes(schema)) {
    throw postgrestError(406, {
      code: 'PGRST106',
      message: `Invalid schema: ${schema}`,
      hint: `Only the following schemas are exposed: ${exposed.join(', ')}`,
    });
  }
  return schema;
}

function withoutArgs(params: URLSearchParams, routine: RoutineInfo): URLSearchParams {
  const names = new Set(routine.args.map((a) => a.name));
  return new URLSearchParams([...params].filter(([k]) => !names.has(k)));
}

/** Matches arguments to one overload by name, as PostgREST does (defaults may be omitted). */
function pickOverload(
  schema: string,
  name: string,
  overloads: RoutineInfo[] | undefined,
  args: Record<string, unknown>,
  rawBody: string | undefined,
): RoutineInfo {
  const given = Object.keys(args);
  const matches = (overloads ?? []).filter((o) => {
    if (o.args.length === 1 && o.args[0]!.name === '' && /^jsonb?$/.test(o.args[0]!.type)) return rawBody !== undefined;
    const names = new Set(o.args.map((a) => a.name));
    return given.every((g) => names.has(g)) && o.args.every((a) => a.hasDefault || given.includes(a.name));
  });
  if (matches.length === 1) return matches[0]!;
  const sorted = [...given].sort();
  if (matches.length > 1) {
    // Prefer the overload naming exactly the given arguments; otherwise PostgREST cannot choose.
    const exact = matches.filter((o) => o.args.length === given.length);
    if (exact.length === 1) return exact[0]!;
    throw postgrestError(300, {
      code: 'PGRST203',
      message: `Could not choose the best candidate function between: ${matches
        .map((o) => `${schema}.${name}(${o.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`)
        .join(', ')}`,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
  }
  throw postgrestError(404, {
    code: 'PGRST202',
    message: `Could not find the function ${schema}.${name}${given.length ? `(${sorted.join(', ')})` : ' without parameters'} in the schema cache`,
    details: `Searched for the function ${schema}.${name}${given.length ? ` with parameters ${sorted.join(', ')}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    hint: overloads?.length
      ? `Perhaps you meant to call the function ${schema}.${name}(${overloads[0]!.args.map((a) => a.name).join(', ')})`
      : null,
  });
}

/** The SELECT that calls the function and renders the JSON body in Postgres (one round trip). */
export function callSql(
  routine: RoutineInfo,
  args: Record<string, unknown>,
  rawBody: string | undefined,
  shaping: ResultShaping,
  wantCount: boolean,
): string {
  const fn = `${ident(routine.schema)}.${ident(routine.name)}`;
  let from = '';
  let call: string;
  const unnamedJson = routine.args.length === 1 && routine.args[0]!.name === '';
  if (unnamedJson) {
    call = `${fn}(${literal(rawBody ?? '{}')}::${routine.args[0]!.type})`;
  } else {
    const used = routine.args.filter((a) => a.name in args);
    if (used.length) {
      const record: Record<string, unknown> = {};
      for (const a of used) record[a.name] = args[a.name];
      from = `json_to_record(${literal(JSON.stringify(record))}::json) as _args(${used
        .map((a) => `${ident(a.name)} ${a.type}`)
        .join(', ')})`;
    }
    call = `${fn}(${used.map((a) => `${ident(a.name)} := _args.${ident(a.name)}`).join(', ')})`;
  }
  const fromArgs = from ? ` from ${from}` : '';

  if (!routine.returnsSet) {
    if (routine.returnKind === 'void') return `select ${call}${fromArgs}`;
    if (routine.returnKind === 'composite') {
      const cols = shaping.columns === '*' ? '_r' : `(select _s from (select ${shaping.columns} from (select (_r).*) _x) _s)`;
      return `select to_json(${cols})::text as body from ${from ? `${from}, lateral ` : ''}${call} as _r`;
    }
    return `select to_json(${call})::text as body${fromArgs}`;
  }

  const source = `${from ? `${from}, lateral ` : ''}${call} as _r`;
  const where = shaping.where.length ? ` where ${shaping.where.join(' and ')}` : '';
  const page =
    (shaping.orderBy ? ` order by ${shaping.orderBy}` : '') +
    (shaping.limit !== undefined ? ` limit ${shaping.limit}` : '') +
    (shaping.offset !== undefined ? ` offset ${shaping.offset}` : '');
  // A set of scalars is selected whole; a set of rows column by column so filters can name columns.
  const rows =
    routine.returnKind === 'scalar'
      ? `select _r from ${source}${where}${page}`
      : `select ${shaping.columns} from (select (_r).* from ${source}) _t${where}${page}`;
  const total = wantCount
    ? `, (select count(*) from ${routine.returnKind === 'scalar' ? source : `(select (_r).* from ${source}) _t`}${where})::text as total`
    : '';
  const agg = routine.returnKind === 'scalar' ? 'json_agg(_p._r)' : 'json_agg(_p)';
  return `select coalesce(${agg}, '[]')::text as body, count(*)::int as n${total} from (${rows}) _p`;
}
