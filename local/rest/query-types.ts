/** What PostgREST's query string says, parsed (query-grammar.ts reads it, query-params.ts assembles it). */

/** `->` or `->>` followed by a key or an array index. */
export interface JsonStep {
  arrow: '->' | '->>';
  operand: string;
  isIndex: boolean;
}

export interface Field {
  name: string;
  jsonPath: JsonStep[];
}

export type SelectItem =
  | { kind: 'field'; field: Field; alias?: string; cast?: string; aggregate?: string; aggregateCast?: string }
  | { kind: 'relation'; name: string; alias?: string; hint?: string; spread: boolean; children: SelectItem[] };

export type Operation =
  | { kind: 'simple'; op: string; value: string }
  | { kind: 'quant'; op: string; quantifier?: 'any' | 'all'; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: 'null' | 'not_null' | 'true' | 'false' | 'unknown' }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'fts'; op: string; language?: string; value: string };

export interface Filter {
  field: Field;
  negated: boolean;
  operation: Operation;
}

export type LogicTree = { kind: 'filter'; filter: Filter } | { kind: 'logic'; negated: boolean; op: 'and' | 'or'; children: LogicTree[] };

export interface OrderTerm {
  /** Set for `order=relation(column)`. */
  relation?: string;
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** A value of the query string attached to a resource: [] for the root, ['clients'] for `clients.x=…`. */
export interface AtPath<T> {
  path: string[];
  value: T;
}

export interface QueryParams {
  select: SelectItem[];
  filters: Array<AtPath<Filter>>;
  logic: Array<AtPath<LogicTree>>;
  order: Array<AtPath<OrderTerm[]>>;
  /** `limit`/`offset` per path (joined with '.'); values are PostgREST's lenient integer reads. */
  limits: Map<string, { path: string[]; limit?: number; offset?: number }>;
  /** GET/HEAD only: parameters whose value is not an operator expression are the function's arguments. */
  rpcArgs: Array<[string, string]>;
  columns: string[] | undefined;
}
