import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CATALOG_FILE, compileCatalog } from '../../build/message-catalogs';
import { filesUnder, keyCandidates, literalTexts, parse } from './source-scan';

const src = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const rel = (f: string) => path.relative(src, f).replaceAll('\\', '/');
const read = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as Record<string, string>;

const englishFiles = filesUnder(src, (f) => CATALOG_FILE.test(f) && f.endsWith('en.json'));
const catalogs = englishFiles.map((en) => {
  const dir = path.dirname(en);
  const owner = path.basename(path.dirname(dir));
  // A feature's keys start with its folder name; the app's own (src/i18n/messages) with "common".
  const prefix = owner === 'i18n' ? 'common' : owner;
  return { dir: rel(dir), prefix, en: read(en), es: read(path.join(dir, 'es.json')), pt: read(path.join(dir, 'pt.json')) };
});

const sourceFiles = filesUnder(src, (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('source-scan.ts'));

/**
 * Argument names and tags of an ICU message, read from its compiled form (so the words of a plural's
 * branch, "=0 {nenhuma campanha}", are not taken for an argument): every language must use the same ones.
 */
function slots(message: string): string[] {
  const found = new Set<string>();
  // A compiled message is a list of parts; a part is text or an argument [name, type?, branches?], each
  // branch again a list of parts.
  const parts = (list: unknown): void => {
    // A plural's `offset` is an entry of its branches too (undefined or a number): no parts.
    if (!Array.isArray(list) && typeof list !== 'string') return;
    for (const part of typeof list === 'string' ? [list] : list) {
      if (typeof part === 'string') {
        for (const m of part.matchAll(/<\/?(\d+)>/g)) found.add(m[0]);
      } else {
        const [name, , branches] = part as [string, string?, Record<string, unknown>?];
        found.add(`{${name}}`);
        for (const branch of Object.values(branches ?? {})) parts(branch);
      }
    }
  };
  parts(compileCatalog({ m: message }, 'slots').m);
  return [...found].sort();
}

describe('message catalogs', () => {
  it('exist, one pair per folder', () => {
    expect(catalogs.map((c) => c.dir)).toContain('features/auth/messages');
    expect(catalogs.map((c) => c.dir)).toContain('i18n/messages');
  });

  it.each(catalogs)('$dir: the same keys in Spanish, English and Portuguese, named after their folder', ({ en, es, pt, prefix }) => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(pt).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(en).filter((k) => !k.startsWith(`${prefix}.`))).toEqual([]);
  });

  it.each(catalogs)('$dir: every message is valid ICU and uses the same arguments and tags in every language', ({ dir, en, es, pt }) => {
    compileCatalog(en, `${dir}/en.json`);
    compileCatalog(es, `${dir}/es.json`);
    compileCatalog(pt, `${dir}/pt.json`);
    const differing = Object.keys(en).filter((k) => slots(en[k]!).join() !== slots(es[k] ?? '').join() || slots(en[k]!).join() !== slots(pt[k] ?? '').join());
    expect(differing).toEqual([]);
  });

  it('has no key the source never uses', () => {
    const literals = new Set<string>();
    const patterns: RegExp[] = [];
    for (const file of sourceFiles) {
      const found = keyCandidates(parse(file));
      for (const l of found.literals) literals.add(l);
      patterns.push(...found.patterns);
    }
    const unused = catalogs.flatMap((c) => Object.keys(c.en)).filter((k) => !literals.has(k) && !patterns.some((p) => p.test(k)));
    expect(unused).toEqual([]);
  });
});

describe('rendered text', () => {
  const scanned = sourceFiles.filter((f) => f.endsWith('.tsx')).map((f) => ({ file: rel(f), texts: literalTexts(parse(f)) }));

  it('comes from the catalogs: no words written in JSX outside them', () => {
    const offenders = scanned.filter((s) => s.texts.length);
    expect(offenders).toEqual([]);
  });
});
