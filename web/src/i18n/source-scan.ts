import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAst } from 'vite';

/** Node-side helpers for the catalog tests: the app's source files and what they say. Not shipped. */

export function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full, keep));
    else if (keep(full)) out.push(full);
  }
  return out.sort();
}

type Node = { type: string; [key: string]: unknown };

function walk(node: unknown, visit: (n: Node) => void): void {
  if (Array.isArray(node)) {
    for (const n of node) walk(n, visit);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const n = node as Node;
  if (typeof n.type === 'string') visit(n);
  for (const [key, value] of Object.entries(n)) if (key !== 'type' && value && typeof value === 'object') walk(value, visit);
}

export function parse(file: string): Node {
  return parseAst(readFileSync(file, 'utf8'), { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' }, file) as unknown as Node;
}

/**
 * Every string a file could use as a message key: string literals, template literals as patterns
 * (`auth.pitch.${p}.title` matches auth.pitch.<anything>.title), and the rule keys of ruleMessages calls.
 */
export function keyCandidates(ast: Node): { literals: Set<string>; patterns: RegExp[] } {
  const literals = new Set<string>();
  const patterns: RegExp[] = [];
  walk(ast, (n) => {
    if (n.type === 'Literal' && typeof n.value === 'string') literals.add(n.value);
    // ruleMessages(rules, 'auth.validation') names a key per rule: auth.validation.<rule>.
    if (n.type === 'CallExpression' && (n.callee as { name?: unknown }).name === 'ruleMessages') {
      const prefix = (n.arguments as Array<{ type: string; value?: unknown }>)[1];
      if (prefix?.type === 'Literal' && typeof prefix.value === 'string') {
        patterns.push(new RegExp(`^${prefix.value.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')}\\.[\\w-]+$`));
      }
    }
    if (n.type === 'TemplateLiteral') {
      const quasis = (n.quasis as Array<{ value: { cooked: string | null } }>).map((q) => q.value.cooked ?? '');
      // Only a template that starts like a key (`auth.pitch.${p}.title`) can name one; `${a}${b}` names anything.
      if (quasis.length > 1 && /^[a-z][\w-]*\.[\w.-]*$/.test(quasis[0]!)) {
        const escaped = quasis.map((q) => q.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&'));
        patterns.push(new RegExp(`^${escaped.join('[\\w-]+')}$`));
      }
    }
  });
  return { literals, patterns };
}

/** Attributes whose text a person reads or hears. */
const READ_ATTRIBUTES = new Set(['label', 'placeholder', 'title', 'alt', 'aria-label', 'aria-description', 'description']);

/** Text a component renders as written in its source, not through a catalog: JSX text and read attributes. */
export function literalTexts(ast: Node): string[] {
  const found: string[] = [];
  const hasWords = (s: string) => /\p{L}/u.test(s);
  walk(ast, (n) => {
    if (n.type === 'JSXText' && hasWords(String(n.value))) found.push(String(n.value).trim());
    if (n.type === 'JSXAttribute') {
      const name = (n.name as { name?: unknown }).name;
      const value = n.value as { type?: string; value?: unknown } | null;
      if (typeof name === 'string' && READ_ATTRIBUTES.has(name) && value?.type === 'Literal' && hasWords(String(value.value))) {
        found.push(`${name}="${String(value.value)}"`);
      }
    }
  });
  return found;
}
