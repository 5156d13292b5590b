import type { Page } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../runtime.ts';

export type Lang = 'es' | 'en' | 'pt';

/** Every catalog of the web app merged, per language (the files the app's build compiles). */
function load(lang: Lang): Record<string, string> {
  const merged: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === `${lang}.json` && path.basename(dir) === 'messages') Object.assign(merged, JSON.parse(readFileSync(full, 'utf8')));
    }
  };
  walk(path.join(repoRoot, 'web', 'src'));
  return merged;
}

const cache = new Map<Lang, Record<string, string>>();

/**
 * A message as the app shows it in a language, for locating elements by their text in either one.
 * Arguments are filled in; ICU plurals are not rendered (use keys without them).
 */
export function text(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  const catalog = cache.get(lang) ?? load(lang);
  cache.set(lang, catalog);
  const message = catalog[key];
  if (message === undefined) throw new Error(`no message ${key} in ${lang}`);
  return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

/** The messages folder of a catalog: a feature's, the app's own ('app') or the shared one ('common'). */
function catalogDir(name: string): string {
  if (name === 'app') return path.join(repoRoot, 'web/src/app/messages');
  if (name === 'common') return path.join(repoRoot, 'web/src/i18n/messages');
  return path.join(repoRoot, 'web/src/features', name, 'messages');
}

/**
 * The texts of these catalogs in `lang` that read differently in the other language, as whole-text
 * patterns (an argument stands for any text; plurals and tagged messages are left out).
 */
function onlyIn(lang: Lang, catalogs: string[], other: Lang = lang === 'en' ? 'es' : 'en'): RegExp[] {
  const read = (name: string, l: Lang) => JSON.parse(readFileSync(path.join(catalogDir(name), `${l}.json`), 'utf8')) as Record<string, string>;
  const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
  return catalogs.flatMap((name) => {
    const [mine, theirs] = [read(name, lang), read(name, other)];
    return Object.keys(mine)
      .filter((k) => mine[k] !== theirs[k] && !/plural|</.test(mine[k]!))
      .map((k) => new RegExp(`^${mine[k]!.split(/\{\w+\}/).map(escape).join('.+')}$`, 's'));
  });
}

/**
 * Which texts of these catalogs in `lang` a page shows, compared with whole texts (of elements holding no
 * other element, and the names, placeholders and titles of controls), so a campaign called "Office
 * Energy Post" is not taken for the content type "Post". On a page read in the other language, none may.
 */
export async function shownIn(page: Page, lang: Lang, catalogs: string[], other?: Lang): Promise<string[]> {
  // What a reader sees: not the inline scripts (the language preload's source reads "for (const tag of …)",
  // which a pattern such as "{count} of {max}" would take for English).
  const shown = await page.locator('body *:not(script):not(style):not(template)').evaluateAll((elements) =>
    elements.flatMap((e) => [
      ...(e.children.length === 0 ? [(e.textContent ?? '').trim()] : []),
      ...['aria-label', 'placeholder', 'title'].map((a) => e.getAttribute(a) ?? ''),
    ]),
  );
  const texts = shown.filter(Boolean);
  return onlyIn(lang, catalogs, other)
    .filter((re) => texts.some((t) => re.test(t)))
    .map(String);
}

/** English-only texts of these catalogs on a page a reader reads in Spanish (there must be none). */
export function englishShown(page: Page, catalogs: string[]): Promise<string[]> {
  return shownIn(page, 'en', catalogs);
}

/** A message as an English page shows it (text('en', …)). */
export const en = (key: string, values?: Record<string, string | number>) => text('en', key, values);
/** A message as a Spanish page shows it (text('es', …)). */
export const es = (key: string, values?: Record<string, string | number>) => text('es', key, values);

/**
 * Spanish and English texts of these catalogs that read differently in Portuguese, shown on a page a reader
 * reads in Portuguese (there must be none: a text the Portuguese catalog forgot, or a screen that is not
 * following the reader's language).
 */
export async function notPortugueseShown(page: Page, catalogs: string[]): Promise<string[]> {
  return [...(await shownIn(page, 'es', catalogs, 'pt')), ...(await shownIn(page, 'en', catalogs, 'pt'))];
}
