import { ident, literal } from '../db/database.ts';

/**
 * postgres_changes filters as Supabase Realtime parses them: `col=op.value`, optionally `col=not.op.value`,
 * several joined by top-level commas (AND). Values may be double-quoted (realtime-js quotes values holding
 * `,()"\` or edge spaces); `in` takes a parenthesised list.
 */

export const FILTER_OPS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'like', 'ilike', 'is', 'match', 'imatch', 'isdistinct'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export interface Filter {
  column: string;
  op: FilterOp;
  /** Scalar value, or the list items for `in`. */
  value: string | string[];
  negate: boolean;
}

export type ParseResult = { ok: true; filters: Filter[] } | { ok: false; error: string };

/** Splits on commas outside parentheses and double quotes. */
function splitTopLevel(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      cur += ch;
      if (ch === '\\' && i + 1 < s.length) cur += s[++i];
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === ',' && depth === 0) {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  out.push(cur);
  return out;
}

function unquote(v: string): string {
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) {
    return v.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return v;
}

function parseList(v: string): string[] | undefined {
  if (!v.startsWith('(') || !v.endsWith(')')) return undefined;
  const inner = v.slice(1, -1);
  if (inner.trim() === '') return undefined;
  return splitTopLevel(inner).map((x) => unquote(x.trim()));
}

const IS_VALUES = new Set(['null', 'true', 'false', 'unknown']);

export function parseFilters(filter: string): ParseResult {
  const trimmed = filter.trim();
  if (trimmed === '') return { ok: true, filters: [] };
  const filters: Filter[] = [];
  for (const segment of splitTopLevel(trimmed)) {
    const fail = (): ParseResult => ({ ok: false, error: `Error parsing \`filter\` params: ${JSON.stringify(segment.split(/[=.]/))}` });
    const eq = segment.indexOf('=');
    if (eq <= 0) return fail();
    const column = segment.slice(0, eq).trim();
    let rest = segment.slice(eq + 1);
    let negate = false;
    if (rest.startsWith('not.')) {
      negate = true;
      rest = rest.slice(4);
    }
    const dot = rest.indexOf('.');
    if (dot <= 0) return fail();
    const op = rest.slice(0, dot) as FilterOp;
    const raw = rest.slice(dot + 1);
    if (!FILTER_OPS.includes(op)) return fail();
    if (op === 'in') {
      const list = parseList(raw);
      if (!list) return fail();
      filters.push({ column, op, value: list, negate });
    } else if (op === 'is') {
      if (!IS_VALUES.has(raw.toLowerCase())) return fail();
      filters.push({ column, op, value: raw.toLowerCase(), negate });
    } else {
      filters.push({ column, op, value: unquote(raw), negate });
    }
  }
  return { ok: true, filters };
}

const COMPARE: Partial<Record<FilterOp, string>> = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' };

function arrayLiteral(items: string[]): string {
  return literal(`{${items.map((x) => `"${x.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`);
}

/**
 * SQL for one filter over `r` (a row of the table) whose source JSON is `j`. A filter on a column missing
 * from the change's record passes (Supabase joins filters to the record's columns), a NULL comparison fails.
 */
export function filterSql(f: Filter, row = 'r', json = 'j'): string {
  const col = `${row}.${ident(f.column)}`;
  let cond: string;
  const v = f.value;
  const cmp = COMPARE[f.op];
  if (cmp) cond = `${col} ${cmp} ${literal(v as string)}`;
  else if (f.op === 'in') cond = `${col} = any(${arrayLiteral(v as string[])})`;
  else if (f.op === 'like') cond = `${col}::text like ${literal(v as string)}`;
  else if (f.op === 'ilike') cond = `${col}::text ilike ${literal(v as string)}`;
  else if (f.op === 'match') cond = `${col}::text ~ ${literal(v as string)}`;
  else if (f.op === 'imatch') cond = `${col}::text ~* ${literal(v as string)}`;
  else if (f.op === 'isdistinct') cond = `${col} is distinct from ${literal(v as string)}`;
  else cond = `${col} is ${v as string}`;
  const test = f.negate ? `coalesce(not (${cond}), false)` : `coalesce(${cond}, false)`;
  return `(not (${json} ? ${literal(f.column)}) or ${test})`;
}

/** A boolean SQL expression: every filter holds for the JSON record `jsonLiteral` read as a row of `table`. */
export function filtersOnRecordSql(schema: string, table: string, filters: Filter[], jsonLiteral: string): string {
  const rel = `${ident(schema)}.${ident(table)}`;
  const conds = filters.map((f) => filterSql(f)).join(' and ');
  return `coalesce((select ${conds} from (select ${jsonLiteral}::jsonb as j) s, jsonb_populate_record(null::${rel}, s.j) r), false)`;
}
