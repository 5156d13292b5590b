import { ident, literal } from '../db/database.ts';
import { postgrestError } from './postgrest-error.ts';

/** PostgREST's horizontal filtering, ordering and paging applied to a set-returning function's rows. */
export interface ResultShaping {
  columns: string;
  where: string[];
  orderBy: string | undefined;
  limit: number | undefined;
  offset: number | undefined;
}

const OPERATORS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike' };
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'apikey']);

function column(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    throw postgrestError(400, { code: 'PGRST100', message: `"failed to parse filter (${name})"` });
  }
  return ident(name);
}

function condition(col: string, expr: string): string {
  const negate = expr.startsWith('not.');
  const body = negate ? expr.slice(4) : expr;
  const dot = body.indexOf('.');
  const op = dot < 0 ? body : body.slice(0, dot);
  const value = dot < 0 ? '' : body.slice(dot + 1);
  let sql: string;
  if (op in OPERATORS) {
    const pattern = op === 'like' || op === 'ilike';
    sql = pattern
      ? `${column(col)}::text ${OPERATORS[op]} ${literal(value.replace(/\*/g, '%'))}`
      : `${column(col)} ${OPERATORS[op]} ${literal(value)}`;
  } else if (op === 'is') {
    const map: Record<string, string> = { null: 'null', true: 'true', false: 'false', unknown: 'unknown' };
    if (!(value in map)) throw postgrestError(400, { code: 'PGRST100', message: `"failed to parse filter (is.${value})"` });
    sql = `${column(col)} is ${map[value]}`;
  } else if (op === 'in') {
    const inner = /^\((.*)\)$/.exec(value)?.[1];
    if (inner === undefined) throw postgrestError(400, { code: 'PGRST100', message: `"failed to parse filter (in.${value})"` });
    const items = inner === '' ? [] : inner.split(',').map((s) => literal(s.trim().replace(/^"(.*)"$/, '$1')));
    sql = items.length ? `${column(col)} in (${items.join(', ')})` : 'false';
  } else {
    throw postgrestError(400, { code: 'PGRST100', message: `"failed to parse filter (${expr})"` });
  }
  return negate ? `not (${sql})` : sql;
}

/** Reads select/order/limit/offset and filters from the query string, skipping the function's own arguments. */
export function parseShaping(params: URLSearchParams, argNames: Set<string>): ResultShaping {
  const where: string[] = [];
  for (const [key, value] of params) {
    if (RESERVED.has(key) || argNames.has(key)) continue;
    where.push(condition(key, value));
  }
  const select = params.get('select');
  const columns =
    !select || select === '*'
      ? '*'
      : select
          .split(',')
          .map((c) => column(c.trim()))
          .join(', ');
  const order = params.get('order');
  const orderBy = order
    ? order
        .split(',')
        .map((part) => {
          const [col, ...mods] = part.split('.');
          const dir = mods.includes('desc') ? ' desc' : mods.includes('asc') ? ' asc' : '';
          const nulls = mods.includes('nullsfirst') ? ' nulls first' : mods.includes('nullslast') ? ' nulls last' : '';
          return `${column(col ?? '')}${dir}${nulls}`;
        })
        .join(', ')
    : undefined;
  const int = (name: string) => {
    const v = params.get(name);
    if (v === null) return undefined;
    if (!/^\d+$/.test(v)) throw postgrestError(400, { code: 'PGRST100', message: `"failed to parse ${name} parameter (${v})"` });
    return Number(v);
  };
  return { columns, where, orderBy, limit: int('limit'), offset: int('offset') };
}

export function isPlain(s: ResultShaping): boolean {
  return s.columns === '*' && !s.where.length && !s.orderBy && s.limit === undefined && s.offset === undefined;
}
