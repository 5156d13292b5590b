import { LOCALE_STORAGE_KEY } from '../src/i18n/locales.ts';

/**
 * JS expressions for index.html's inline scripts, which must read the same localStorage keys as the app
 * before any of its code has loaded.
 */

/** The key supabase-js keeps the session under (as src/lib/auth-storage-key.ts), given a JS expression of the API URL. */
export function sessionStorageKeyExpr(apiUrlExpr: string): string {
  return `'sb-'+new URL(${apiUrlExpr}).hostname.split('.')[0]+'-auth-token'`;
}

/** The build's API URL as a JS expression; empty: the page's own origin (the local stack serves both). */
export function apiUrlExpr(apiUrl: string): string {
  return `${JSON.stringify(apiUrl)}||location.origin`;
}

/** The localStorage key of the language chosen with the switch (src/i18n/locales.ts), as a JS string literal. */
export const localeStorageKeyLiteral = `'${LOCALE_STORAGE_KEY}'`;
