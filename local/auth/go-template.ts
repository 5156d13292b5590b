/**
 * The part of Go's html/template that Supabase email templates use: `{{ .Field }}`, `{{ .Data.key }}`,
 * `{{ if … }}…{{ else if … }}…{{ else }}…{{ end }}` with `eq`, `ne`, `not`, `and`, `or` or a bare field, string
 * literals, comments and the `{{-`/`-}}` trim markers. Anything else is a parse error, as GoTrue refuses a
 * template Go cannot parse (it then falls back to its default, see email-templates.ts).
 */
export type TemplateData = Record<string, unknown>;

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'value'; expr: Expr }
  | { kind: 'if'; branches: Array<{ cond: Expr; body: Node[] }>; otherwise: Node[] };

type Expr = { kind: 'field'; path: string[] } | { kind: 'string'; value: string } | { kind: 'call'; fn: string; args: Expr[] };

export class TemplateError extends Error {}

/** Go's html/template escaping of text: the characters of its htmlReplacementTable. */
export function escapeHtml(s: string): string {
  return s.replace(/[\0"&'+<>]/g, (c) => ({ '\0': '\uFFFD', '"': '&#34;', '&': '&amp;', "'": '&#39;', '+': '&#43;', '<': '&lt;', '>': '&gt;' })[c]!);
}

interface Action {
  text: string;
}

function lex(src: string): Array<string | Action> {
  const out: Array<string | Action> = [];
  let i = 0;
  while (i < src.length) {
    const open = src.indexOf('{{', i);
    if (open < 0) {
      out.push(src.slice(i));
      break;
    }
    let text = src.slice(i, open);
    const close = src.indexOf('}}', open + 2);
    if (close < 0) throw new TemplateError('unclosed action');
    let inner = src.slice(open + 2, close);
    if (inner.startsWith('- ') || inner === '-') {
      text = text.replace(/\s+$/, '');
      inner = inner.slice(1);
    }
    let next = close + 2;
    if (inner.endsWith(' -')) {
      inner = inner.slice(0, -1);
      const rest = /^\s*/.exec(src.slice(next))![0];
      next += rest.length;
    }
    out.push(text, { text: inner.trim() });
    i = next;
  }
  return out.filter((p) => p !== '');
}

function tokenizeExpr(text: string): string[] {
  const tokens = text.match(/"(?:[^"\\]|\\.)*"|`[^`]*`|[()]|[^\s()]+/g) ?? [];
  return tokens;
}

function parseExpr(text: string): Expr {
  const tokens = tokenizeExpr(text);
  let pos = 0;
  const operand = (): Expr => {
    const t = tokens[pos++];
    if (t === undefined) throw new TemplateError(`missing operand in "${text}"`);
    if (t === '(') {
      const e = call();
      if (tokens[pos++] !== ')') throw new TemplateError(`unclosed ( in "${text}"`);
      return e;
    }
    if (t.startsWith('"')) return { kind: 'string', value: JSON.parse(t) as string };
    if (t.startsWith('`')) return { kind: 'string', value: t.slice(1, -1) };
    if (t === '.') return { kind: 'field', path: [] };
    if (/^(\.[A-Za-z_][A-Za-z0-9_]*)+$/.test(t)) return { kind: 'field', path: t.slice(1).split('.') };
    throw new TemplateError(`unsupported operand "${t}" in "${text}"`);
  };
  const call = (): Expr => {
    const t = tokens[pos];
    if (t && ['eq', 'ne', 'not', 'and', 'or'].includes(t)) {
      pos++;
      const args: Expr[] = [];
      while (pos < tokens.length && tokens[pos] !== ')') args.push(operand());
      if (args.length === 0 || (t !== 'not' && t !== 'and' && t !== 'or' && args.length < 2)) {
        throw new TemplateError(`wrong number of args for ${t} in "${text}"`);
      }
      return { kind: 'call', fn: t, args };
    }
    return operand();
  };
  const e = call();
  if (pos !== tokens.length) throw new TemplateError(`unexpected "${tokens[pos]}" in "${text}"`);
  return e;
}

export function parseTemplate(src: string): Node[] {
  const parts = lex(src);
  let i = 0;
  const block = (ends: string[]): { nodes: Node[]; end: string } => {
    const nodes: Node[] = [];
    while (i < parts.length) {
      const p = parts[i++]!;
      if (typeof p === 'string') {
        nodes.push({ kind: 'text', text: p });
        continue;
      }
      const a = p.text;
      if (/^\/\*[\s\S]*\*\/$/.test(a)) continue;
      const word = a.split(/\s+/)[0]!;
      if (word === 'end' || word === 'else') {
        if (!ends.includes(word)) throw new TemplateError(`unexpected {{${a}}}`);
        return { nodes, end: a };
      }
      if (word === 'if') nodes.push(ifNode(a.slice(2).trim()));
      else if (['range', 'with', 'define', 'template', 'block'].includes(word) || a.includes(':=')) {
        throw new TemplateError(`unsupported action {{${a}}}`);
      } else nodes.push({ kind: 'value', expr: parseExpr(a) });
    }
    if (ends.length > 0) throw new TemplateError('unexpected EOF: missing {{end}}');
    return { nodes, end: '' };
  };
  const ifNode = (condText: string): Node => {
    const branches: Array<{ cond: Expr; body: Node[] }> = [];
    let cond = parseExpr(condText);
    for (;;) {
      const { nodes, end } = block(['end', 'else']);
      branches.push({ cond, body: nodes });
      if (end === 'end') return { kind: 'if', branches, otherwise: [] };
      const elseIf = /^else\s+if\s+(.+)$/.exec(end);
      if (elseIf) {
        cond = parseExpr(elseIf[1]!);
        continue;
      }
      if (end !== 'else') throw new TemplateError(`unsupported {{${end}}}`);
      const rest = block(['end']);
      return { kind: 'if', branches, otherwise: rest.nodes };
    }
  };
  return block([]).nodes;
}

/** Go's truth: false, 0, nil and empty strings, slices and maps are false. */
function truthy(v: unknown): boolean {
  if (v === undefined || v === null || v === false || v === 0 || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v).length > 0;
  return true;
}

function evaluate(e: Expr, data: TemplateData): unknown {
  if (e.kind === 'string') return e.value;
  if (e.kind === 'field') {
    let v: unknown = data;
    for (const key of e.path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
    return v;
  }
  const args = e.args.map((a) => evaluate(a, data));
  switch (e.fn) {
    case 'not':
      return !truthy(args[0]);
    case 'and':
      return args.find((a) => !truthy(a)) ?? args[args.length - 1];
    case 'or':
      return args.find(truthy) ?? args[args.length - 1];
    // A missing key compares unequal to anything rather than failing (Go's eq on an invalid value).
    case 'eq':
      return args.slice(1).some((a) => a === args[0]);
    default:
      return args[0] !== args[1];
  }
}

function show(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export function executeTemplate(nodes: Node[], data: TemplateData, escape: (s: string) => string = escapeHtml): string {
  let out = '';
  for (const n of nodes) {
    if (n.kind === 'text') out += n.text;
    else if (n.kind === 'value') out += escape(show(evaluate(n.expr, data)));
    else {
      const taken = n.branches.find((b) => truthy(evaluate(b.cond, data)));
      out += executeTemplate(taken ? taken.body : n.otherwise, data, escape);
    }
  }
  return out;
}

export function renderGoTemplate(src: string, data: TemplateData, escape?: (s: string) => string): string {
  return executeTemplate(parseTemplate(src), data, escape);
}
