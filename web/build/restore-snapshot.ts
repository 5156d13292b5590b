import type { Plugin, ResolvedConfig } from 'vite';
import { SNAPSHOT_MAX_AGE_MS, SNAPSHOT_STORAGE_KEY, SNAPSHOT_VERSION } from '../src/lib/screen-snapshot.ts';
import { apiUrlExpr, localeStorageKeyLiteral, sessionStorageKeyExpr } from './storage-keys.ts';

/**
 * Shows a returning signed-in user the screen they last saw, from this browser's storage, before any
 * script has loaded (issue 19: LCP <= 1.5 s on /campaigns; decision 0027). The snapshot is #root's HTML as
 * React drew it (src/lib/screen-snapshot.ts, saved by the screen once its data is in). A small inline script
 * puts it into #root, `inert` (seen, not usable: nothing typed or clicked can be lost), only when:
 * - the address (path and query) is the one it was drawn for,
 * - the stored supabase-js session is the same user's (another user, or no session: never shown),
 * - the language chosen with the switch has not changed since, and it is under SNAPSHOT_MAX_AGE_MS old,
 * - nothing else is in #root already (the prerendered auth screen).
 * It marks #root `data-prerendered="snapshot"`: boot.ts then starts the app after the first paint, and
 * main.tsx renders once the screen's data is in, so React replaces the snapshot with the live screen in one
 * step. The session is still checked by supabase-js as before: an ended one still goes to /auth.
 * The inline script is hashed into the Content-Security-Policy with the others (security-headers-plugin).
 */
export function restoreSnapshot(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'restore-snapshot',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const script = restoreSnapshotScript((config.env.VITE_SUPABASE_URL as string | undefined) || '');
        if (!html.includes('<div id="root"></div>')) throw new Error('restore-snapshot: index.html has no empty #root');
        return html.replace('<div id="root"></div>', `<div id="root"></div>\n    <script>${script}</script>`);
      },
    },
  };
}

/**
 * A JS expression (given the build's API URL; empty: the page's origin): the stored snapshot when index.html
 * will show it (the conditions above but #root's), else null. route-preload.ts uses it too: where it is
 * shown, the app's chunks are asked for after the first paint, so compiling them does not hold that paint.
 */
export function snapshotShown(apiUrl: string): string {
  return [
    `(function(l){try{`,
    `var s=JSON.parse(l.getItem(${JSON.stringify(SNAPSHOT_STORAGE_KEY)})||'null');`,
    `if(!s||s.v!==${SNAPSHOT_VERSION}||typeof s.html!=='string'||s.path!==location.pathname+location.search)return null;`,
    `if(!(Date.now()-s.at<${SNAPSHOT_MAX_AGE_MS})||s.choice!==l.getItem(${localeStorageKeyLiteral}))return null;`,
    // The stored session (supabase-js's default key, as src/lib/auth-storage-key.ts) must be this user's.
    `var a=JSON.parse(l.getItem(${sessionStorageKeyExpr(apiUrlExpr(apiUrl))})||'null');`,
    `return a&&a.user&&a.user.id===s.user?s:null`,
    `}catch(e){return null}})(localStorage)`,
  ].join('');
}

/** The inline script that shows the snapshot (given the build's API URL). Exported for its test. */
export function restoreSnapshotScript(apiUrl: string): string {
  return [
    `(function(){try{var r=document.getElementById('root'),s;if(!r||r.firstChild)return;`,
    `s=${snapshotShown(apiUrl)};if(!s)return;`,
    `var d=document.createElement('div');d.inert=true;d.innerHTML=s.html;r.appendChild(d);`,
    `r.setAttribute('data-prerendered','snapshot');if(s.lang)document.documentElement.lang=s.lang`,
    `}catch(e){}})();`,
  ].join('');
}
