import { parseAst } from 'vite';

/**
 * Node-side check of the rule on useT's note (i18n/use-t.ts): in every component and hook, no hook is
 * called after `useT(`. Not shipped: use-t-order.test.ts runs it over web/src.
 */

type Node = { type: string; start: number; end: number; [key: string]: unknown };

export interface LateHook {
  line: number;
  hook: string;
  /** The line of the useT call it follows. */
  after: number;
}

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);
/** React's rule of hooks names them so: `use`, or `use` and a capital (`useState`, `React.useMemo`). */
const HOOK = /^use([A-Z]|$)/;

function hookName(call: Node): string | null {
  const callee = call.callee as Node;
  const name =
    callee.type === 'Identifier' ? (callee.name as string) : callee.type === 'MemberExpression' && !callee.computed ? ((callee.property as Node).name as string) : null;
  return name && HOOK.test(name) ? name : null;
}

/** Every hook call directly in each function (a call inside a nested function belongs to that one). */
function hookCallsByFunction(ast: Node): { name: string; start: number }[][] {
  const out: { name: string; start: number }[][] = [];
  const visit = (node: unknown, calls: { name: string; start: number }[] | null): void => {
    if (Array.isArray(node)) {
      for (const n of node) visit(n, calls);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const n = node as Node;
    let own = calls;
    if (FUNCTIONS.has(n.type)) {
      own = [];
      out.push(own);
    } else if (n.type === 'CallExpression' && calls) {
      const name = hookName(n);
      if (name) calls.push({ name, start: n.start });
    }
    for (const [key, value] of Object.entries(n)) if (key !== 'type' && value && typeof value === 'object') visit(value, own);
  };
  visit(ast, null);
  return out;
}

/** The hooks a module's functions call after their first `useT(` (other useT calls may follow it). */
export function hooksAfterUseT(code: string, file = 'module.tsx'): LateHook[] {
  const ast = parseAst(code, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' }, file) as unknown as Node;
  const lineOf = (offset: number) => code.slice(0, offset).split('\n').length;
  const late: LateHook[] = [];
  for (const calls of hookCallsByFunction(ast)) {
    calls.sort((a, b) => a.start - b.start);
    const first = calls.find((c) => c.name === 'useT');
    if (!first) continue;
    for (const c of calls) if (c.start > first.start && c.name !== 'useT') late.push({ line: lineOf(c.start), hook: c.name, after: lineOf(first.start) });
  }
  return late.sort((a, b) => a.line - b.line);
}
