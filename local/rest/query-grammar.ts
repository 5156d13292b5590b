import type { Field, Filter, JsonStep, LogicTree, Operation, OrderTerm, SelectItem } from './query-types.ts';

// PostgREST's grammar of one query-string value (src/PostgREST/ApiRequest/QueryParams.hs); query-params.ts
// applies it to each parameter and assembles the request's QueryParams.

const SIMPLE_OPS: Array<[string, string]> = [
  ['neq', '<>'], ['cs', '@>'], ['cd', '<@'], ['ov', '&&'], ['sl', '<<'], ['sr', '>>'], ['nxr', '&<'], ['nxl', '&>'], ['adj', '-|-'],
];
const QUANT_OPS: Array<[string, string]> = [
  ['eq', '='], ['gte', '>='], ['gt', '>'], ['lte', '<='], ['lt', '<'], ['like', 'like'], ['ilike', 'ilike'], ['match', '~'], ['imatch', '~*'],
];
const FTS_OPS = ['fts', 'plfts', 'phfts', 'wfts'];
const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown'] as const;
const AGGREGATES = ['sum', 'avg', 'count', 'max', 'min'];

/**
 * Where a parse failed. Not an Error: the parser throws it to backtrack, often several times for one
 * well-formed value, and capturing a stack trace each time cost more than the rest of the request.
 * It never leaves the query-string reader (query-params.ts's qpError turns the one that matters into PGRST100).
 */
export class ParseFailure {
  constructor(
    readonly pos: number,
    readonly found: string | undefined,
    readonly expecting: string,
  ) {}
}

/**
 * A backtracking reader over one parameter value, following PostgREST's Parsec grammar. Like Parsec it
 * reports the failure that got furthest, even from an alternative it backtracked out of.
 */
export class Parser {
  pos = 0;
  furthest: ParseFailure | undefined;
  constructor(private readonly s: string) {}

  private fail(expecting: string, at = this.pos): never {
    throw new ParseFailure(at, this.s[at], expecting);
  }
  private peek(text: string): boolean {
    return this.s.startsWith(text, this.pos);
  }
  private eat(text: string): boolean {
    if (!this.peek(text)) return false;
    this.pos += text.length;
    return true;
  }
  private expect(text: string): void {
    if (!this.eat(text)) this.fail(JSON.stringify(text));
  }
  private attempt<T>(run: () => T): T | undefined {
    const start = this.pos;
    try {
      return run();
    } catch (e) {
      if (!(e instanceof ParseFailure)) throw e;
      if (!this.furthest || e.pos > this.furthest.pos) this.furthest = e;
      this.pos = start;
      return undefined;
    }
  }
  private atEnd(): boolean {
    return this.pos >= this.s.length;
  }
  private spaces(): void {
    while (this.s[this.pos] === ' ' || this.s[this.pos] === '\t') this.pos++;
  }
  private takeWhile(ok: (c: string) => boolean): string {
    const start = this.pos;
    while (!this.atEnd() && ok(this.s[this.pos]!)) this.pos++;
    return this.s.slice(start, this.pos);
  }

  rest(): string {
    const v = this.s.slice(this.pos);
    this.pos = this.s.length;
    return v;
  }

  private quoted(): string {
    this.expect('"');
    let out = '';
    for (;;) {
      const c = this.s[this.pos];
      if (c === undefined) this.fail('"\\"" or any character');
      this.pos++;
      if (c === '"') return out;
      if (c === '\\') {
        const next = this.s[this.pos];
        if (next === undefined) this.fail('any character');
        out += next;
        this.pos++;
      } else out += c;
    }
  }

  /** Letters, digits, `_`, space and `$`, trimmed (pIdentifier). */
  identifier(): string {
    const raw = this.takeWhile((c) => /[\p{L}0-9_ $]/u.test(c));
    if (!raw) this.fail('letter or digit');
    return raw.trim();
  }

  /** A cast's type: an identifier without `$` (see read-plan.ts, castType). */
  private castType(): string {
    const start = this.pos;
    const type = this.identifier();
    const dollar = this.s.slice(start, this.pos).indexOf('$');
    if (dollar >= 0) this.fail('letter or digit', start + dollar);
    return type;
  }

  private dashSeparated(part: () => string): string {
    const parts = [part()];
    while (this.peek('-') && !this.peek('->')) {
      this.pos++;
      parts.push(part());
    }
    return parts.join('-');
  }

  fieldName(): string {
    if (this.peek('"')) return this.quoted();
    return this.dashSeparated(() => this.identifier());
  }

  private jsonPath(): JsonStep[] {
    const steps: JsonStep[] = [];
    for (;;) {
      const arrow = this.eat('->>') ? '->>' : this.eat('->') ? '->' : undefined;
      if (!arrow) return steps;
      const index = this.attempt(() => {
        const digits = `${this.eat('-') ? '-' : ''}${this.takeWhile((c) => /[0-9]/.test(c))}`;
        if (!/[0-9]/.test(digits)) this.fail('digit');
        if (!(this.atEnd() || this.peek('->') || this.peek('::') || this.peek('.') || this.peek(','))) this.fail('"->", "::", ".", "," or end of input');
        return digits;
      });
      if (index !== undefined) {
        steps.push({ arrow, operand: index, isIndex: true });
        continue;
      }
      const key = this.peek('"')
        ? this.quoted()
        : this.dashSeparated(() => {
            const raw = this.takeWhile((c) => !'(-:.,>)'.includes(c));
            if (!raw) this.fail('any non reserved character different from: .,>()');
            return raw.trim();
          });
      steps.push({ arrow, operand: key, isIndex: false });
    }
  }

  field(): Field {
    this.spaces();
    const name = this.fieldName();
    const jsonPath = this.jsonPath();
    this.spaces();
    return { name, jsonPath };
  }

  treePath(): { path: string[]; field: Field } {
    const names = [this.fieldName()];
    while (this.eat('.')) names.push(this.fieldName());
    const jsonPath = this.jsonPath();
    return { path: names.slice(0, -1), field: { name: names[names.length - 1]!, jsonPath } };
  }

  columns(): string[] {
    const cols = [this.fieldName()];
    for (;;) {
      const save = this.pos;
      this.spaces();
      if (!this.eat(',')) {
        this.pos = save;
        return cols;
      }
      this.spaces();
      cols.push(this.fieldName());
    }
  }

  selectForest(): SelectItem[] {
    const items: SelectItem[] = [];
    const first = this.attempt(() => this.selectTree());
    if (first === undefined) {
      // `sepBy` gives an empty list when the first item fails without consuming; an item that fails
      // after consuming input (anything but an empty forest) is an error.
      if (this.atEnd() || this.peek(')')) return items;
      this.selectTree();
    } else items.push(first);
    for (;;) {
      const save = this.pos;
      this.spaces();
      if (!this.eat(',')) {
        this.pos = save;
        return items;
      }
      this.spaces();
      items.push(this.selectTree());
    }
  }

  private selectTree(): SelectItem {
    const relation = this.attempt(() => this.relationHeader());
    if (relation) {
      this.expect('(');
      const children = this.selectForest();
      this.expect(')');
      this.spaces();
      return { ...relation, children };
    }
    return this.fieldSelect();
  }

  private relationHeader(): Omit<Extract<SelectItem, { kind: 'relation' }>, 'children'> {
    this.spaces();
    const spread = this.eat('...');
    const alias = spread ? undefined : this.attempt(() => this.aliasPrefix());
    const name = this.fieldName();
    if (!spread && name === 'count') this.fail('"("');
    let hint: string | undefined;
    for (let i = 0; i < 2 && this.eat('!'); i++) {
      if (this.eat('left') || this.eat('inner')) continue;
      hint = this.fieldName();
    }
    if (!this.peek('(')) this.fail('"("');
    return { kind: 'relation', name, alias, hint, spread };
  }

  private aliasPrefix(): string {
    const alias = this.fieldName();
    if (!this.peek(':') || this.peek('::')) this.fail('":"');
    this.pos++;
    return alias;
  }

  private selectEnd(): void {
    if (!(this.atEnd() || this.peek(')') || this.peek(','))) this.fail('")", "," or end of input');
  }

  private fieldSelect(): SelectItem {
    this.spaces();
    const star = this.attempt(() => {
      this.expect('*');
      this.selectEnd();
      return true;
    });
    if (star) {
      this.spaces();
      return { kind: 'field', field: { name: '*', jsonPath: [] } };
    }
    const count = this.attempt(() => {
      const alias = this.attempt(() => this.aliasPrefix());
      this.expect('count()');
      const aggregateCast = this.eat('::') ? this.castType() : undefined;
      this.selectEnd();
      return { alias, aggregateCast };
    });
    if (count) {
      this.spaces();
      return { kind: 'field', field: { name: '*', jsonPath: [] }, aggregate: 'count', ...definedOnly(count) };
    }
    const alias = this.attempt(() => this.aliasPrefix());
    const field = this.field();
    const cast = this.eat('::') ? this.castType() : undefined;
    const aggregate = this.attempt(() => {
      this.expect('.');
      const name = AGGREGATES.find((a) => this.peek(`${a}()`));
      if (!name) this.fail('aggregate function');
      this.pos += name.length + 2;
      return name;
    });
    const aggregateCast = this.eat('::') ? this.castType() : undefined;
    this.selectEnd();
    this.spaces();
    return { kind: 'field', field, ...definedOnly({ alias, cast, aggregate, aggregateCast }) };
  }

  opExpr(value: () => string): Omit<Filter, 'field'> {
    const negated = this.attempt(() => {
      this.expect('not');
      this.expect('.');
      return true;
    });
    return { negated: negated ?? false, operation: this.operation(value) };
  }

  private operation(value: () => string): Operation {
    const start = this.pos;
    if (this.eat('in.')) return { kind: 'in', values: this.listValue() };
    if (this.eat('is.')) {
      const word = IS_VALUES.find((w) => this.s.slice(this.pos, this.pos + w.length).toLowerCase() === w);
      if (!word) this.fail('isVal: (null, not_null, true, false, unknown)');
      this.pos += word.length;
      return { kind: 'is', value: word };
    }
    if (this.eat('isdistinct.')) return { kind: 'isdistinct', value: value() };
    const fts = this.attempt(() => {
      const op = FTS_OPS.find((o) => this.peek(o));
      if (!op) this.fail('operator');
      this.pos += op.length;
      const language = this.attempt(() => {
        this.expect('(');
        const lang = this.identifier();
        this.expect(')');
        return lang;
      });
      this.expect('.');
      return { kind: 'fts' as const, op, ...definedOnly({ language }), value: value() };
    });
    if (fts) return fts;
    for (const [name, sql] of SIMPLE_OPS) {
      if (this.peek(`${name}.`)) {
        this.pos += name.length + 1;
        return { kind: 'simple', op: sql, value: value() };
      }
    }
    for (const [name, sql] of QUANT_OPS) {
      if (!this.peek(name)) continue;
      const quant = this.attempt(() => {
        this.pos += name.length;
        const q = this.eat('(any)') ? ('any' as const) : this.eat('(all)') ? ('all' as const) : undefined;
        this.expect('.');
        return { q };
      });
      if (quant) return { kind: 'quant', op: sql, ...definedOnly({ quantifier: quant.q }), value: value() };
    }
    this.pos = start;
    return this.fail('operator (eq, gt, ...)');
  }

  private listValue(): string[] {
    this.spaces();
    this.expect('(');
    this.spaces();
    const items = [this.listElement()];
    while (this.eat(',')) items.push(this.listElement());
    this.spaces();
    this.expect(')');
    this.spaces();
    return items;
  }

  private listElement(): string {
    const quoted = this.attempt(() => {
      const v = this.quoted();
      if (!(this.atEnd() || this.peek(',') || this.peek(')'))) this.fail('"," or ")"');
      return v;
    });
    return quoted ?? this.takeWhile((c) => c !== ',' && c !== ')');
  }

  /** The value of a filter inside and/or: a quoted string, a `{…}` array literal, or text up to `,` or `)`. */
  private logicValue(): string {
    const quoted = this.attempt(() => {
      const v = this.quoted();
      if (!(this.atEnd() || this.peek(',') || this.peek(')'))) this.fail('"," or ")"');
      return v;
    });
    if (quoted !== undefined) return quoted;
    const array = this.attempt(() => {
      this.expect('{');
      const inner = this.takeWhile((c) => c !== '{' && c !== '}');
      this.expect('}');
      return `{${inner}}`;
    });
    return array ?? this.takeWhile((c) => c !== ',' && c !== ')');
  }

  logicTree(): LogicTree {
    const filter = this.attempt(() => {
      const field = this.field();
      this.expect('.');
      return { field, ...this.opExpr(() => this.logicValue()) };
    });
    if (filter) return { kind: 'filter', filter };
    const negated = this.attempt(() => {
      this.expect('not');
      this.expect('.');
      return true;
    });
    const op = this.eat('and') ? 'and' : this.eat('or') ? 'or' : this.fail('logic operator (and, or)');
    this.spaces();
    this.expect('(');
    this.spaces();
    const children = [this.logicTree()];
    for (;;) {
      this.spaces();
      if (!this.eat(',')) break;
      this.spaces();
      children.push(this.logicTree());
    }
    this.spaces();
    this.expect(')');
    this.spaces();
    return { kind: 'logic', negated: negated ?? false, op, children };
  }

  order(): OrderTerm[] {
    const terms = [this.orderTerm()];
    while (this.eat(',')) terms.push(this.orderTerm());
    return terms;
  }

  private orderTerm(): OrderTerm {
    this.spaces();
    const relation = this.attempt(() => {
      const name = this.fieldName();
      this.expect('(');
      const field = this.field();
      this.expect(')');
      return { relation: name, field };
    });
    const head = relation ?? { field: this.field() };
    const direction = this.eat('.asc') ? ('asc' as const) : this.eat('.desc') ? ('desc' as const) : undefined;
    const nulls = this.eat('.nullsfirst') ? ('first' as const) : this.eat('.nullslast') ? ('last' as const) : undefined;
    if (!(this.atEnd() || this.peek(','))) this.fail('"," or end of input');
    this.spaces();
    return { ...head, ...definedOnly({ direction, nulls }) };
  }
}

/** Drops undefined members so optional properties stay absent (exactOptionalPropertyTypes-friendly). */
function definedOnly<T extends Record<string, unknown>>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
