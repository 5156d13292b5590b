import { postgrestError } from './postgrest-error.ts';
import { ParseFailure, Parser } from './query-grammar.ts';
import type { AtPath, Field, Filter, QueryParams } from './query-types.ts';

export type { AtPath, Field, Filter, JsonStep, LogicTree, OrderTerm, QueryParams, SelectItem } from './query-types.ts';

/**
 * Reads PostgREST's query string: `select`, filters, `and`/`or`, `order`, `limit`/`offset`, `columns`
 * (src/PostgREST/ApiRequest/QueryParams.hs). On GET/HEAD RPC a parameter whose value is no operator
 * expression is an argument of the function. Syntax errors are 400 PGRST100 with Parsec's message form.
 */
export function parseQueryParams(rawQuery: string, isRpcRead: boolean): QueryParams {
  const pairs = splitQuery(rawQuery);
  const lookup = (name: string) => pairs.find(([k]) => k === name)?.[1];
  const lastWord = (k: string) => k.slice(k.lastIndexOf('.') + 1);
  const nonEmpty = pairs.filter((p): p is [string, string] => p[1] !== undefined);

  const order = nonEmpty
    .filter(([k]) => lastWord(k) === 'order')
    .map(([k, v]) => ({ path: treePath(k).path, value: parseWith(`failed to parse order (${v})`, v, (p) => p.order()) }));
  const logic = nonEmpty
    .filter(([k]) => lastWord(k) === 'and' || lastWord(k) === 'or')
    .map(([k, v]) => {
      const segments = k.split('.');
      const op = segments[segments.length - 1]!;
      const negated = segments.includes('not');
      const path = segments.slice(0, -1).filter((s) => s !== 'not');
      const text = `${negated ? 'not.' : ''}${op}${v}`;
      return { path, value: parseWith(`failed to parse logic tree (${v})`, text, (p) => p.logicTree()) };
    });
  const columnsText = lookup('columns');
  const columns = columnsText === undefined ? undefined : parseWith(`failed to parse columns parameter (${columnsText})`, columnsText, (p) => p.columns());
  const selectText = lookup('select') ?? '*';
  const select = parseWith(`failed to parse select parameter (${selectText})`, selectText, (p) => p.selectForest());

  const filters: Array<AtPath<Filter>> = [];
  const rpcArgs: Array<[string, string]> = [];
  for (const [k, v] of nonEmpty) {
    if (['select', 'columns', 'on_conflict', 'apikey'].includes(k) || ['order', 'limit', 'offset', 'and', 'or'].includes(lastWord(k))) continue;
    const { path, field } = treePath(k);
    const parsed = parseOperation(v, isRpcRead);
    if (parsed === undefined) rpcArgs.push([field.name, v]);
    else filters.push({ path, value: { field, ...parsed } });
  }

  const limits = new Map<string, { path: string[]; limit?: number; offset?: number }>();
  for (const [k, v] of nonEmpty) {
    const word = lastWord(k);
    if (word !== 'limit' && word !== 'offset') continue;
    const path = k.split('.').slice(0, -1);
    const entry = limits.get(path.join('.')) ?? { path };
    const n = readInteger(v);
    if (word === 'limit') entry.limit = n;
    else entry.offset = n;
    limits.set(path.join('.'), entry);
  }
  return { select, filters, logic, order, limits, rpcArgs, columns };
}

/** Haskell's `readMaybe` for an Integer: an unreadable limit or offset is ignored, as PostgREST does. */
function readInteger(v: string): number | undefined {
  return /^\s*-?\d+\s*$/.test(v) ? Number(v) : undefined;
}

/** Splits a raw query string keeping `?a` (no value, ignored by PostgREST) apart from `?a=`. */
function splitQuery(raw: string): Array<[string, string | undefined]> {
  const decode = (s: string) => {
    const spaced = s.replace(/\+/g, ' ');
    try {
      return decodeURIComponent(spaced);
    } catch {
      return spaced;
    }
  };
  return raw
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      return eq < 0 ? [decode(part), undefined] : [decode(part.slice(0, eq)), decode(part.slice(eq + 1))];
    });
}

function treePath(key: string): { path: string[]; field: Field } {
  return parseWith(`failed to parse tree path (${key})`, key, (p) => p.treePath());
}

/** An operator expression, or undefined when on RPC GET the value is a plain argument. */
function parseOperation(value: string, isRpcRead: boolean): Omit<Filter, 'field'> | undefined {
  const p = new Parser(value);
  try {
    return p.opExpr(() => p.rest());
  } catch (e) {
    if (!(e instanceof ParseFailure)) throw e;
    if (isRpcRead) return undefined;
    throw qpError(`failed to parse filter (${value})`, p.furthest && p.furthest.pos > e.pos ? p.furthest : e);
  }
}

function parseWith<T>(source: string, text: string, run: (p: Parser) => T): T {
  const p = new Parser(text);
  try {
    return run(p);
  } catch (e) {
    if (e instanceof ParseFailure) throw qpError(source, p.furthest && p.furthest.pos > e.pos ? p.furthest : e);
    throw e;
  }
}

function qpError(source: string, e: ParseFailure) {
  const found = e.found === undefined ? 'end of input' : JSON.stringify(e.found);
  return postgrestError(400, {
    code: 'PGRST100',
    message: `"${source}" (line 1, column ${e.pos + 1})`,
    details: `unexpected ${found}${e.expecting ? ` expecting ${e.expecting}` : ''}`,
  });
}
