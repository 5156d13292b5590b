import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackContext } from '../context.ts';
import { ident, isPgError, literal } from '../db/database.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { readBody, sendRaw } from '../http/io.ts';
import { type CallArgs, callStatement } from './call-statement.ts';
import type { FunctionCatalog } from './function-catalog.ts';
import { bodyKind, negotiateFormat, preferences } from './media-types.ts';
import { fromPgError, postgrestError } from './postgrest-error.ts';
import { parseQueryParams } from './query-params.ts';
import { buildReadPlan } from './read-plan.ts';
import { requestClaims } from './request-auth.ts';
import { findRoutine } from './routine-lookup.ts';
import { contentRange, topLevelRange } from './row-range.ts';


/** The PostgREST settings the RPC endpoint follows (from supabase/config.toml `[api]`). */
export interface RestSettings {
  schemas: string[];
  maxRows: number | undefined;
}

interface Payload {
  keys: string[];
  args: CallArgs;
}

/**
 * GET/HEAD/POST /rest/v1/rpc/{fn} as PostgREST 13 answers it: the same checks in the same order
 * (token, schema, method, query string, range, body, function choice, read plan, media type), one
 * transaction per call, the function's rows read through `select`, filters, `order`, `limit`/`offset`.
 */
export async function handleRpc(
  ctx: StackContext,
  catalog: FunctionCatalog,
  settings: RestSettings,
  req: IncomingMessage,
  res: ServerResponse,
  fnName: string,
  url: URL,
): Promise<void> {
  const method = req.method ?? 'GET';
  const { role, claims } = requestClaims(req, ctx.config.jwtSecret);
  const { schema, negotiated } = requestedSchema(req, method, settings.schemas);
  if (!['GET', 'HEAD', 'POST', 'OPTIONS'].includes(method)) {
    throw postgrestError(405, { code: 'PGRST101', message: `Cannot use the ${method} method on RPC` });
  }
  const isPost = method === 'POST';
  const params = parseQueryParams(url.search, !isPost);
  const rootLimit = params.limits.get('');
  const range = topLevelRange({
    limit: rootLimit?.limit,
    offset: rootLimit?.offset,
    rangeHeader: header(req, 'range'),
    method,
    maxRows: settings.maxRows,
  });
  const body = isPost ? await readPayload(ctx, req, params.columns) : undefined;
  const payload: Payload = body ?? { keys: params.rpcArgs.map(([k]) => k), args: { kind: 'direct', values: params.rpcArgs } };
  const kind = bodyKind(req).kind;

  const routine = findRoutine(
    { schema, name: fnName, keys: payload.keys, bodyKind: kind, isPost },
    await catalog.find(schema, fnName),
    () => catalog.namesIn(schema),
  );
  if (method === 'OPTIONS') {
    sendRaw(res, 200, '', {
      'Access-Control-Allow-Origin': '*',
      Allow: routine.volatility === 'volatile' ? 'OPTIONS,POST' : 'OPTIONS,GET,HEAD,POST',
    });
    return;
  }
  const plan = buildReadPlan({
    params,
    schema,
    rootName: routine.returnsComposite ? routine.returnTypeName : routine.name,
    range,
  });
  const format = negotiateFormat(req);
  const prefs = preferences(req);
  if (prefs.handling === 'strict' && prefs.invalid.length) {
    throw postgrestError(400, {
      code: 'PGRST122',
      message: 'Invalid preferences given with handling=strict',
      details: `Invalid preferences: ${prefs.invalid.join(', ')}`,
    });
  }
  if (!(await catalog.canSwitchTo(role))) {
    throw postgrestError(401, { code: '22023', message: `role "${role}" does not exist` });
  }

  const counted = prefs.count === 'exact' || prefs.count === 'estimated';
  const statement = callStatement({
    routine,
    keys: payload.keys,
    args: payload.args,
    plan,
    count: counted,
    format: method === 'HEAD' ? 'none' : format,
  });
  const single = format.kind === 'single';
  const script = rpcScript({
    roleSettings: await catalog.settingsOf(role),
    role,
    claims,
    method,
    path: url.pathname,
    headers: req.headers,
    schema,
    readOnly: !isPost || routine.volatility !== 'volatile',
    call: statement,
    // A singular response that is not one row rolls back (PostgREST condemns the transaction).
    commit: !single,
  });

  let row: Record<string, unknown> | undefined;
  try {
    row = await ctx.db.withConnection(async (conn) => {
      try {
        const results = await conn.exec(script);
        const result = results[2]?.rows[0];
        if (single) await conn.exec(Number(result?.page_total) === 1 ? 'commit' : 'rollback');
        return result;
      } catch (e) {
        await conn.exec('rollback').catch(() => undefined);
        throw e;
      }
    });
  } catch (e) {
    // An outage goes up as it is: the service answers it (and logs its cause) for every step alike.
    if (isPgError(e) && !isDatabaseUnavailable(e)) throw fromPgError(e, role);
    throw e;
  }

  const pageTotal = Number(row?.page_total ?? 0);
  if (single && pageTotal !== 1) {
    throw postgrestError(406, {
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: `The result contains ${pageTotal} rows`,
    });
  }
  const total = row?.total_result_set === null || row?.total_result_set === undefined ? undefined : Number(row.total_result_set);
  const { status, header: rangeHeader } = contentRange(range, pageTotal, total);
  const headers: Record<string, string> = { 'Content-Range': rangeHeader };
  const applied = [prefs.count && `count=${prefs.count}`, prefs.handling && `handling=${prefs.handling}`].filter(Boolean);
  if (applied.length) headers['Preference-Applied'] = applied.join(', ');
  if (routine.returnsVoid && !routine.returnsSet) {
    sendRaw(res, 204, undefined, headers);
    return;
  }
  headers['Content-Type'] = format.contentType;
  if (negotiated) headers['Content-Profile'] = schema;
  if (status === 416) {
    // PostgREST answers this one with the error in place of the rows, not through its error path.
    const details = `An offset of ${range.offset} was requested, but there are only ${total} rows.`;
    const error = { code: 'PGRST103', message: 'Requested range not satisfiable', details, hint: null };
    sendRaw(res, 416, method === 'HEAD' ? '' : JSON.stringify(error), headers);
    return;
  }
  sendRaw(res, status, method === 'HEAD' ? '' : String(row?.body ?? ''), headers);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The arguments a POST carries, by Content-Type: JSON (an object, or the first object of an array of
 * objects with the same keys; `?columns=` names the keys to use), a form, or a raw text/xml/bytea body
 * for a function with a single unnamed parameter of that type.
 */
async function readPayload(ctx: StackContext, req: IncomingMessage, columns: string[] | undefined): Promise<Payload> {
  const raw = await readBody(req, ctx.config.maxBodyBytes);
  const { kind, mime } = bodyKind(req);
  switch (kind) {
    case 'json': {
      const text = raw.toString('utf8');
      if (columns) return { keys: columns, args: { kind: 'json', raw: text } };
      if (text === '') return { keys: [], args: { kind: 'json', raw: text } };
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw postgrestError(400, { code: 'PGRST102', message: 'Empty or invalid json' });
      }
      if (Array.isArray(parsed)) {
        if (!parsed.length) return { keys: [], args: { kind: 'json', raw: '[]' } };
        const keysOf = (v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v).sort().join('\0') : undefined);
        const first = keysOf(parsed[0]);
        if (first === undefined || !parsed.every((v) => keysOf(v) === first)) {
          throw postgrestError(400, { code: 'PGRST102', message: 'All object keys must match' });
        }
        return { keys: Object.keys(parsed[0] as object), args: { kind: 'json', raw: text } };
      }
      if (parsed !== null && typeof parsed === 'object') return { keys: Object.keys(parsed), args: { kind: 'json', raw: text } };
      // Any other JSON value stands for an empty array of arguments in PostgREST.
      return { keys: [], args: { kind: 'json', raw: '[]' } };
    }
    case 'urlencoded': {
      const values = [...new URLSearchParams(raw.toString('utf8'))];
      return { keys: values.map(([k]) => k), args: { kind: 'direct', values } };
    }
    case 'text':
    case 'xml':
    case 'bytea':
      return { keys: [], args: { kind: 'raw', raw } };
    default:
      throw postgrestError(400, { code: 'PGRST102', message: `Content-Type not acceptable: ${mime}` });
  }
}

/**
 * The schema a request addresses: Accept-Profile (GET/HEAD) or Content-Profile (others), else the first
 * exposed one. `negotiated` says whether the response names it in Content-Profile, as PostgREST does
 * when a profile was asked for or several schemas are exposed.
 */
function requestedSchema(req: IncomingMessage, method: string, exposed: string[]): { schema: string; negotiated: boolean } {
  const asked = method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? header(req, 'accept-profile') : header(req, 'content-profile');
  if (asked === undefined) return { schema: exposed[0]!, negotiated: exposed.length !== 1 };
  if (!exposed.includes(asked)) {
    throw postgrestError(406, {
      code: 'PGRST106',
      message: `Invalid schema: ${asked}`,
      hint: `Only the following schemas are exposed: ${exposed.join(', ')}`,
    });
  }
  return { schema: asked, negotiated: true };
}

/**
 * The whole transaction of one call as a single simple-protocol script (one round trip): begin, the
 * settings PostgREST makes (the role's own settings such as its statement_timeout, role, claims, request
 * info, search_path), the
 * call and, unless the caller decides after reading the result, commit. Its third statement yields the
 * result.
 */
export function rpcScript(opts: {
  roleSettings: Array<[string, string]>;
  role: string;
  claims: object;
  method: string;
  path: string;
  headers: object;
  schema: string;
  readOnly: boolean;
  call: string;
  commit?: boolean;
}): string {
  const settings: Array<[string, string]> = [
    ...opts.roleSettings,
    ['role', opts.role],
    ['request.jwt.claims', JSON.stringify(opts.claims)],
    ['request.method', opts.method],
    ['request.path', opts.path],
    ['request.headers', JSON.stringify(opts.headers)],
    ['search_path', [opts.schema, 'extensions'].map(ident).join(', ')],
  ];
  return [
    `begin isolation level read committed${opts.readOnly ? ' read only' : ''}`,
    `select ${settings.map(([k, v]) => `set_config(${literal(k)}, ${literal(v)}, true)`).join(', ')}`,
    opts.call,
    ...(opts.commit === false ? [] : ['commit']),
  ].join(';\n');
}

