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
  return { dir: rel(dir), prefix, en: read(en), es: read(path.join(dir, 'es.json')) };
});

const sourceFiles = filesUnder(src, (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('source-scan.ts'));

/** Argument names and tags of an ICU message: both languages must use the same ones. */
function slots(message: string): string[] {
  const args = [...message.matchAll(/\{\s*([A-Za-z_][\w]*)/g)].map((m) => `{${m[1]}}`);
  const tags = [...message.matchAll(/<\/?(\d+)>/g)].map((m) => m[0]);
  return [...new Set([...args, ...tags])].sort();
}

describe('message catalogs', () => {
  it('exist, one pair per folder', () => {
    expect(catalogs.map((c) => c.dir)).toContain('features/auth/messages');
    expect(catalogs.map((c) => c.dir)).toContain('i18n/messages');
  });

  it.each(catalogs)('$dir: the same keys in Spanish and English, named after their folder', ({ en, es, prefix }) => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(en).filter((k) => !k.startsWith(`${prefix}.`))).toEqual([]);
  });

  it.each(catalogs)('$dir: every message is valid ICU and uses the same arguments and tags in both languages', ({ dir, en, es }) => {
    compileCatalog(en, `${dir}/en.json`);
    compileCatalog(es, `${dir}/es.json`);
    const differing = Object.keys(en).filter((k) => slots(en[k]!).join() !== slots(es[k] ?? '').join());
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
