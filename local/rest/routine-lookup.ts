import type { RoutineInfo } from './function-catalog.ts';
import { closestMatch } from './fuzzy-set.ts';
import { postgrestError } from './postgrest-error.ts';

/** The request body's media type as far as choosing a function goes. */
export type BodyKind = 'json' | 'text' | 'xml' | 'bytea' | 'urlencoded' | 'csv' | 'other';

const SINGLE_PARAM_TYPE: Partial<Record<BodyKind, string[]>> = {
  json: ['json', 'jsonb'],
  text: ['text'],
  xml: ['xml'],
  bytea: ['bytea'],
};
const RAW_BODY_KINDS: BodyKind[] = ['text', 'xml', 'bytea'];

export interface LookupRequest {
  schema: string;
  name: string;
  /** JSON keys, form fields or query parameters given as arguments. */
  keys: string[];
  bodyKind: BodyKind;
  isPost: boolean;
}

/**
 * PostgREST's choice among a function's overloads: the one whose parameters the argument names fit
 * exactly (every required one given, the rest optional ones), else on POST a function with a single
 * unnamed parameter of the body's type. No match is 404 PGRST202; several are 300 PGRST203.
 */
/** namesInSchema is asked for only when no function matches (the "Perhaps you meant" hint), never on a call that succeeds. */
export function findRoutine(req: LookupRequest, overloads: RoutineInfo[], namesInSchema: () => string[]): RoutineInfo {
  const keys = new Set(req.keys);
  const named: RoutineInfo[] = [];
  const fallback: RoutineInfo[] = [];
  for (const routine of overloads) {
    if (matchesParams(routine, keys, req)) named.push(routine);
    else if (hasSingleUnnamedParam(routine, req)) fallback.push(routine);
  }
  if (named.length === 1) return named[0]!;
  if (named.length > 1) throw ambiguous(named);
  if (fallback.length === 1) return fallback[0]!;
  if (fallback.length > 1) throw ambiguous(fallback);
  throw notFound(req, overloads, namesInSchema);
}

function matchesParams(routine: RoutineInfo, keys: Set<string>, req: LookupRequest): boolean {
  if (!routine.params.length) return keys.size === 0 && !(req.isPost && RAW_BODY_KINDS.includes(req.bodyKind));
  const required = new Set(routine.params.filter((p) => p.required).map((p) => p.name));
  const optional = new Set(routine.params.filter((p) => !p.required).map((p) => p.name));
  const rest = [...keys].filter((k) => !optional.has(k));
  return rest.length === required.size && rest.every((k) => required.has(k));
}

function hasSingleUnnamedParam(routine: RoutineInfo, req: LookupRequest): boolean {
  if (!req.isPost || routine.params.length !== 1) return false;
  return (SINGLE_PARAM_TYPE[req.bodyKind] ?? []).includes(routine.params[0]!.type);
}

function ambiguous(routines: RoutineInfo[]) {
  const list = routines.map((r) => `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`);
  return postgrestError(300, {
    code: 'PGRST203',
    message: `Could not choose the best candidate function between: ${list.join(', ')}`,
    hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  });
}

function notFound(req: LookupRequest, overloads: RoutineInfo[], namesInSchema: () => string[]) {
  const fn = `${req.schema}.${req.name}`;
  const keys = [...new Set(req.keys)].sort(codePointOrder);
  const rawBody = req.isPost && RAW_BODY_KINDS.includes(req.bodyKind);
  const withParams = keys.length ? ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}` : ' without parameters';
  let searched = withParams;
  if (req.isPost && req.bodyKind === 'text') searched = ' with a single unnamed text parameter';
  else if (req.isPost && req.bodyKind === 'xml') searched = ' with a single unnamed xml parameter';
  else if (req.isPost && req.bodyKind === 'bytea') searched = ' with a single unnamed bytea parameter';
  else if (req.isPost && req.bodyKind === 'json') searched = `${withParams} or with a single unnamed json/jsonb parameter`;
  return postgrestError(404, {
    code: 'PGRST202',
    message: `Could not find the function ${fn}${rawBody ? '' : keys.length ? `(${keys.join(', ')})` : ' without parameters'} in the schema cache`,
    details: `Searched for the function ${fn}${searched}, but no matches were found in the schema cache.`,
    hint: rawBody ? null : perhapsHint(req, keys, overloads, namesInSchema),
  });
}

/** The closest function name, or for an existing name the closest parameter list (PostgREST's noRpcHint). */
function perhapsHint(req: LookupRequest, keys: string[], overloads: RoutineInfo[], namesInSchema: () => string[]): string | null {
  const asList = (names: string[]) => `(${[...names].sort(codePointOrder).join(', ')})`;
  const suggestion = overloads.length
    ? closestMatch(
        overloads.map((o) => asList(o.params.map((p) => p.name))),
        asList(keys),
      )
    : closestMatch(namesInSchema(), req.name);
  if (suggestion === undefined) return null;
  return `Perhaps you meant to call the function ${req.schema}.${overloads.length ? req.name : ''}${suggestion}`;
}

function codePointOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
