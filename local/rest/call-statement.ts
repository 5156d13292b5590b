import { ident, literal } from '../db/database.ts';
import type { RoutineInfo, RoutineParam } from './function-catalog.ts';
import type { ResponseFormat } from './media-types.ts';
import type { ReadPlan } from './read-plan.ts';

/** The arguments of a call: query-string or form values, a JSON body, or a raw body for one unnamed parameter. */
export type CallArgs =
  | { kind: 'direct'; values: Array<[string, string]> }
  | { kind: 'json'; raw: string }
  | { kind: 'raw'; raw: Buffer };

/**
 * The statement of one call, shaped as PostgREST's (Statements.prepareCall): the call is the CTE
 * `pgrst_source`, the read plan selects from it as `_postgrest_t`, and one row comes back with
 * `total_result_set` (when counting), `page_total` and `body` rendered in Postgres.
 */
export function callStatement(opts: {
  routine: RoutineInfo;
  keys: string[];
  args: CallArgs;
  plan: ReadPlan;
  count: boolean;
  format: ResponseFormat | 'none';
}): string {
  const { routine, plan } = opts;
  const count = opts.count ? `, pgrst_source_count as (${plan.countQuery})` : '';
  const total = opts.count ? '(select pg_catalog.count(*) from pgrst_source_count)' : 'null::bigint';
  const pageTotal = routine.returnsSet ? 'pg_catalog.count(_postgrest_t)' : '1';
  return (
    `with pgrst_source as (${callQuery(routine, opts.keys, opts.args, plan)})${count} ` +
    `select ${total} as total_result_set, ${pageTotal} as page_total, ${bodySql(routine, opts.format)} as body ` +
    `from (${plan.query}) _postgrest_t`
  );
}

/** `select … from api.fn(a := …) pgrst_call` (QueryBuilder.callPlanToQuery). */
function callQuery(routine: RoutineInfo, keys: string[], args: CallArgs, plan: ReadPlan): string {
  const fn = `${ident(routine.schema)}.${ident(routine.name)}`;
  const scalar = !routine.returnsComposite;
  const callIt = (argument: string) =>
    scalar ? `(select ${fn}(${argument}) pgrst_scalar) pgrst_call` : `${fn}(${argument}) pgrst_call`;
  const columns = scalar
    ? 'pgrst_call.pgrst_scalar'
    : plan.returnedColumns === '*'
      ? 'pgrst_call.*'
      : plan.returnedColumns.map((c) => `pgrst_call.${ident(c)}`).join(', ');

  const only = routine.params.length === 1 && routine.params[0]!.name === '' ? routine.params[0]! : undefined;
  if (only) return `select ${columns} from ${callIt(singleArgument(only, args))}`;
  const given = new Set(keys);
  const params = routine.params.filter((p) => given.has(p.name));
  if (!params.length) return `select ${columns} from ${callIt('')}`;
  if (args.kind === 'json') {
    return `select ${columns} from ${jsonBody(args.raw, params)}, lateral ${callIt(
      params.map((p) => `${p.variadic ? 'variadic ' : ''}${ident(p.name)} := pgrst_body.${ident(p.name)}`).join(', '),
    )}`;
  }
  const values = args.kind === 'direct' ? args.values : [];
  return `select ${columns} from ${callIt(params.map((p) => `${p.variadic ? 'variadic ' : ''}${ident(p.name)} := ${directValue(p, values)}`).join(', '))}`;
}

/**
 * A query-string or form value, as text cast to the parameter's type; repeated values of a VARIADIC
 * parameter make its array, otherwise the last one counts.
 */
function directValue(param: RoutineParam, values: Array<[string, string]>): string {
  const mine = values.filter(([k]) => k === param.name).map(([, v]) => v);
  if (!mine.length) return 'null';
  const text = param.variadic ? `{${mine.map((v) => `"${v.split('\0')[0]!.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}` : mine[mine.length - 1]!;
  return `${literal(text)}::${param.argType}`;
}

/** The JSON body turned into one typed row of arguments (SqlFragment.fromJsonBodyF, first row only). */
function jsonBody(raw: string, params: RoutineParam[]): string {
  const isObject = raw.trimStart().startsWith('{');
  const columns = params.map((p) => ident(p.name)).join(', ');
  const typed = params.map((p) => `${ident(p.name)} ${p.argType}`).join(', ');
  return (
    `(select ${literal(raw)}::json as json_data) pgrst_payload, ` +
    `lateral (select ${columns} from ${isObject ? 'json_to_record' : 'json_to_recordset'}(pgrst_payload.json_data) as _(${typed})${isObject ? '' : ' limit 1'}) pgrst_body`
  );
}

/** The body itself as the argument of a function with one unnamed json/jsonb/text/xml/bytea parameter. */
function singleArgument(param: RoutineParam, args: CallArgs): string {
  if (args.kind === 'raw') {
    return param.type === 'bytea' ? `decode(${literal(args.raw.toString('hex'))}, 'hex')` : `${literal(args.raw.toString('utf8'))}::${param.type}`;
  }
  const text = args.kind === 'json' ? args.raw : JSON.stringify(Object.fromEntries(args.values));
  return `${literal(text)}::${param.type}`;
}

/** The response body in Postgres, per media handler (SqlFragment.asJsonF, asJsonSingleF, asCsvF). */
function bodySql(routine: RoutineInfo, format: ResponseFormat | 'none'): string {
  if (format === 'none') return "''::text";
  const single = !routine.returnsSet;
  const singleScalar = single && !routine.returnsComposite;
  const setOfScalar = routine.returnsSet && !routine.returnsComposite;
  const strip = (snippet: string, on: boolean) => (on ? `json_strip_nulls(${snippet})` : snippet);
  switch (format.kind) {
    case 'single':
      return `coalesce(${strip(singleScalar ? 'json_agg(_postgrest_t.pgrst_scalar)->0' : 'json_agg(_postgrest_t)->0', format.strip)}, 'null')::text`;
    case 'json':
      if (single && routine.returnsComposite) return `coalesce(${strip('json_agg(_postgrest_t)->0', format.strip)}, 'null')::text`;
      if (singleScalar) return `coalesce(${strip('json_agg(_postgrest_t.pgrst_scalar)->0', format.strip)}, 'null')::text`;
      if (setOfScalar) return `coalesce(${strip('json_agg(_postgrest_t.pgrst_scalar)', format.strip)}, '[]')::text`;
      return `coalesce(${strip('json_agg(_postgrest_t)', format.strip)}, '[]')::text`;
    case 'csv':
      return (
        "(select coalesce(string_agg(a.k, ','), '') from (select json_object_keys(r)::text as k from " +
        '(select row_to_json(hh) as r from pgrst_source as hh limit 1) s) a)' +
        " || '\n' || coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), '\n'), '')"
      );
  }
}
