import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** Catalog files: `messages/es.json`, `messages/en.json` under web/src (a feature's or the app's). */
export const CATALOG_FILE = /[\\/]messages[\\/](en|es|pt)\.json$/;

/**
 * Compiles the message catalogs at build time: each catalog is JSON translators edit (key → ICU message),
 * and the app receives Lingui's compiled form, so no ICU parser ships to the browser (docs/decisions/0016).
 * The result is still JSON, which Vite's own JSON plugin then turns into a module.
 */
export function messageCatalogs(): Plugin {
  return {
    name: 'message-catalogs',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOG_FILE.test(id.split('?')[0]!)) return null;
      return { code: JSON.stringify(compileCatalog(JSON.parse(code) as Record<string, unknown>, id)), map: null };
    },
  };
}

/** Every message compiled; a value that is not a string, or not valid ICU, fails the build naming its key. */
export function compileCatalog(catalog: Record<string, unknown>, file: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(catalog)) {
    if (typeof message !== 'string') throw new Error(`${file}: "${key}" is not a string`);
    try {
      out[key] = compileMessage(message);
    } catch (e) {
      throw new Error(`${file}: "${key}" is not a valid ICU message: ${(e as Error).message}`);
    }
  }
  return out;
}
