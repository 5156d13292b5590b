import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../runtime.ts';

export type Lang = 'es' | 'en';

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
