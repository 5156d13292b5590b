import { ident, literal } from '../db/database.ts';
import { postgrestError } from './postgrest-error.ts';
import type { Field, Filter, LogicTree, OrderTerm, QueryParams, SelectItem } from './query-params.ts';
import type { RowRange } from './row-range.ts';

/** How PostgREST reads the rows of a call: the SELECT over `pgrst_source` and the columns it needs from the call. */
export interface ReadPlan {
  /** `select … from pgrst_source as "<root>" where … order by … limit … offset …` */
  query: string;
  /** The same rows without paging, for `Prefer: count=exact`. */
  countQuery: string;
  /** Columns the call must return: `*`, or those selected and filtered on. */
  returnedColumns: '*' | string[];
}

interface Node {
  name: string;
  alias: string | undefined;
  hint: string | undefined;
  children: Node[];
}

/**
 * Builds the read over a function's result as PostgREST's readPlan does, in its order of checks:
 * parameters naming an embedded resource that is not selected (PGRST108), embeddings (PGRST200: the
 * exposed schema holds only functions, so no relationship can exist), related orders (PGRST108),
 * aggregates (PGRST123, disabled on Supabase).
 */
export function buildReadPlan(opts: {
  params: QueryParams;
  schema: string;
  /** The alias of the call's rows: the returned table/type name, or the function's name for scalars. */
  rootName: string;
  range: RowRange;
}): ReadPlan {
  const { params, schema, rootName } = opts;
  const root: Node = { name: rootName, alias: undefined, hint: undefined, children: toNodes(params.select) };

  // Later parameters are checked first: PostgREST folds them from the right.
  const requireEmbedded = (items: Array<{ path: string[] }>) => {
    for (const { path } of [...items].reverse()) findNode(root, path);
  };
  requireEmbedded(params.filters);
  requireEmbedded(params.order);
  requireEmbedded([...params.limits.values()]);
  requireEmbedded(params.logic);

  const embed = root.children[0];
  if (embed) {
    const using = embed.hint === undefined ? '' : `' using the hint '${embed.hint}`;
    throw postgrestError(400, {
      code: 'PGRST200',
      message: `Could not find a relationship between '${rootName}' and '${embed.name}' in the schema cache`,
      details: `Searched for a foreign key relationship between '${rootName}' and '${embed.name}${using}' in the schema '${schema}', but no matches were found.`,
    });
  }
  const rootOrder = params.order.filter((o) => !o.path.length).flatMap((o) => o.value);
  const related = rootOrder.find((t) => t.relation !== undefined);
  if (related) throw notEmbedded(related.relation!);
  const fields = params.select.filter((s): s is Extract<SelectItem, { kind: 'field' }> => s.kind === 'field');
  if (fields.some((f) => f.aggregate !== undefined)) {
    throw postgrestError(400, { code: 'PGRST123', message: 'Use of aggregate functions is not allowed' });
  }

  const table = ident(rootName);
  const filters = params.filters.filter((f) => !f.path.length).map((f) => f.value);
  const logic = params.logic.filter((l) => !l.path.length).map((l) => l.value);
  const conditions = [...filters.map((f) => filterSql(table, f)), ...logic.map((l) => logicSql(table, l))];
  const where = conditions.length ? ` where ${conditions.join(' and ')}` : '';
  const selects = fields.length ? fields.map((f) => selectSql(table, f)) : [`${table}.*`];
  const order = rootOrder.length ? ` order by ${rootOrder.map((t) => orderSql(table, t)).join(', ')}` : '';
  const from = ` from pgrst_source as ${table}`;

  const selectedNames = new Set(fields.map((f) => f.field.name));
  let returnedColumns: '*' | string[];
  if (selectedNames.has('*') || !selectedNames.size) returnedColumns = '*';
  else {
    const filterNames = [...filters.map((f) => f.field.name), ...logic.flatMap(logicFieldNames)];
    returnedColumns = [...new Set([...selectedNames, ...filterNames])].sort();
  }
  return {
    query: `select ${selects.join(', ')}${from}${where}${order}${limitSql(opts.range)}`,
    countQuery: `select 1${from}${where}`,
    returnedColumns,
  };
}

function toNodes(items: SelectItem[]): Node[] {
  return items.flatMap((i) => (i.kind === 'relation' ? [{ name: i.name, alias: i.alias, hint: i.hint, children: toNodes(i.children) }] : []));
}

function findNode(root: Node, path: string[]): Node {
  let node = root;
  for (const target of path) {
    const next = node.children.find((c) => c.name === target || c.alias === target);
    if (!next) throw notEmbedded(target);
    node = next;
  }
  return node;
}

function notEmbedded(resource: string) {
  return postgrestError(400, {
    code: 'PGRST108',
    message: `'${resource}' is not an embedded resource in this request`,
    hint: `Verify that '${resource}' is included in the 'select' query parameter.`,
  });
}

/**
 * A column of the call's rows, with a JSON path read through `to_jsonb` (PostgREST knows no column types
 * of a function's result, so it converts every one before applying an arrow).
 */
function fieldSql(table: string, field: Field): string {
  const column = `${table}.${ident(field.name)}`;
  if (!field.jsonPath.length) return column;
  return `to_jsonb(${column})${field.jsonPath.map((s) => `${s.arrow}${literal(s.operand)}${s.isIndex ? '::int' : ''}`).join('')}`;
}

function selectSql(table: string, item: Extract<SelectItem, { kind: 'field' }>): string {
  if (item.field.name === '*' && !item.field.jsonPath.length) return `${table}.*`;
  const value = item.cast === undefined ? fieldSql(table, item.field) : `cast(${fieldSql(table, item.field)} as ${castType(item.cast)})`;
  const alias = item.alias ?? jsonPathAlias(item.field);
  return alias === undefined ? value : `${value} as ${ident(alias)}`;
}

/** `data->a->>b` is labelled `b`; a trailing index takes the last key, else the column's name. */
function jsonPathAlias(field: Field): string | undefined {
  const last = field.jsonPath[field.jsonPath.length - 1];
  if (!last) return undefined;
  if (!last.isIndex) return last.operand;
  return [...field.jsonPath].reverse().find((s) => !s.isIndex)?.operand ?? field.name;
}

/**
 * A cast's type goes into the SQL unquoted, as in PostgREST (`"int"` quoted would not name a type). The
 * select grammar admits only letters, digits, `_` and spaces there (no `$`, which could open a
 * dollar-quoted string), so it cannot leave the `cast(… as …)`; this re-checks it where it is used.
 */
function castType(type: string): string {
  if (!/^[\p{L}0-9_ ]+$/u.test(type)) throw new Error(`unsafe cast type ${JSON.stringify(type)}`);
  return type;
}

function filterSql(table: string, filter: Filter): string {
  const op = filter.operation;
  const column = op.kind === 'fts' ? `to_tsvector(${op.language === undefined ? '' : `${literal(op.language)}, `}${fieldSql(table, filter.field)})` : fieldSql(table, filter.field);
  let sql: string;
  switch (op.kind) {
    case 'simple':
      sql = `${column} ${op.op} ${literal(op.value)}`;
      break;
    case 'quant': {
      const value = literal(op.op === 'like' || op.op === 'ilike' ? op.value.replace(/\*/g, '%') : op.value);
      sql = `${column} ${op.op} ${op.quantifier === undefined ? value : `${op.quantifier}(${value})`}`;
      break;
    }
    case 'in':
      sql = op.values.length === 1 && op.values[0] === '' ? `${column} = any('{}')` : `${column} = any (${literal(arrayLiteral(op.values))})`;
      break;
    case 'is':
      sql = `${column} is ${op.value === 'not_null' ? 'not null' : op.value}`;
      break;
    case 'isdistinct':
      sql = `${column} is distinct from ${literal(op.value)}`;
      break;
    case 'fts': {
      const fn = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' }[op.op]!;
      sql = `${column} @@ ${fn}(${op.language === undefined ? '' : `${literal(op.language)}, `}${literal(op.value)})`;
      break;
    }
  }
  return filter.negated ? `not ${sql}` : sql;
}

function logicSql(table: string, tree: LogicTree): string {
  if (tree.kind === 'filter') return filterSql(table, tree.filter);
  const inner = `(${tree.children.map((c) => logicSql(table, c)).join(` ${tree.op} `)})`;
  return tree.negated ? `not ${inner}` : inner;
}

function logicFieldNames(tree: LogicTree): string[] {
  return tree.kind === 'filter' ? [tree.filter.field.name] : tree.children.flatMap(logicFieldNames);
}

function orderSql(table: string, term: OrderTerm): string {
  const direction = term.direction ? ` ${term.direction}` : '';
  const nulls = term.nulls ? ` nulls ${term.nulls}` : '';
  return `${fieldSql(table, term.field)}${direction}${nulls}`;
}

function limitSql(range: RowRange): string {
  if (range.offset === 0 && range.limit === undefined) return '';
  return ` limit ${range.limit === undefined ? 'all' : range.limit} offset ${range.offset}`;
}

/** A Postgres array literal of text elements (values are cut at a NUL, as PostgREST does). */
function arrayLiteral(values: string[]): string {
  const quote = (v: string) => `"${v.split('\0')[0]!.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  return `{${values.map(quote).join(',')}}`;
}
