import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { LOCALES, type Locale, preferredLocale } from '../src/i18n/locales.ts';
import { apiUrlExpr, localeStorageKeyLiteral, sessionStorageKeyExpr } from './storage-keys.ts';

/**
 * Puts the auth screen's HTML into index.html, so a signed-out visitor to /auth sees the screen (its
 * heading, tabs and sign-in form) as soon as the HTML and the CSS are in, instead of after every script
 * of the route has downloaded and run (issue 19: LCP <= 1.5 s on Lighthouse's mobile profile; the
 * scripts alone take longer than that over its slow 4G).
 *
 * The HTML is what the real component renders (src/app/prerender.tsx, rendered here with react-dom/server
 * through Vite's SSR loader), not a copy. It sits in a <template> that an inline script moves into #root
 * only when it is the page the app will render: on /auth, with no stored session (a session redirects
 * to a dashboard); the screen is rendered in both languages and the guest's is shown (guestLocaleExpr). It
 * is `inert` until the app takes over: visible, but nothing in it can be typed into or clicked, so
 * nothing typed can be lost when React replaces it. main.tsx renders only once the router has the route's
 * code, so the replacement is the same screen, never a spinner in between.
 * The inline script is hashed into the Content-Security-Policy with the others (security-headers-plugin).
 */
export function prerenderAuth(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-auth',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const server = await createServer({
          configFile: path.join(config.root, 'vite.config.ts'),
          root: config.root,
          mode: config.mode,
          logLevel: 'error',
          server: { middlewareMode: true, hmr: false, ws: false },
          appType: 'custom',
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        const rendered: Array<{ html: string; locale: string }> = [];
        // config/env.ts reads window.location (for a same-origin API): a page address, nothing else.
        const g = globalThis as { window?: unknown };
        const hadWindow = 'window' in g;
        if (!hadWindow) g.window = { location: new URL('http://localhost/auth') };
        try {
          const mod = (await server.ssrLoadModule('/src/app/prerender.tsx')) as {
            renderAuthScreen: (locale: Locale) => Promise<{ html: string; locale: string }>;
          };
          // One screen per language: the inline script shows the guest's (decision 0036).
          for (const locale of LOCALES) rendered.push(await mod.renderAuthScreen(locale));
        } finally {
          if (!hadWindow) delete g.window;
          await server.close();
        }
        for (const r of rendered) {
          if (!r.html.includes('<h1')) throw new Error(`prerender-auth: the ${r.locale} auth screen rendered without its heading`);
        }
        if (rendered.map((r) => r.locale).join() !== LOCALES.join()) throw new Error(`prerender-auth: expected the screen in ${LOCALES.join(', ')}`);
        const apiUrl = (config.env.VITE_SUPABASE_URL as string | undefined) || '';
        const script = `(function(){try{if(!(${authPrerenderShown(apiUrl)}))return;var l=${guestLocaleExpr()},r=document.getElementById('root');r.appendChild(document.getElementById('prerendered-auth-'+l).content.cloneNode(true));r.setAttribute('data-prerendered','auth');r.setAttribute('data-prerendered-lang',l);document.documentElement.lang=l}catch(e){}})();`;
        const templates = rendered.map((r) => `<template id="prerendered-auth-${r.locale}"><div inert>${r.html}</div></template>`).join('\n    ');
        return html.replace('<div id="root"></div>', `<div id="root"></div>\n    ${templates}\n    <script>${script}</script>`);
      },
    },
  };
}

/**
 * The inline scripts' test (a JS expression) for "index.html shows the prerendered auth screen": /auth and
 * no stored session (a session redirects to a dashboard). Storage keys as in src/lib/auth-storage-key.ts.
 * route-preload.ts uses it too: on that page the app's chunks are asked for after the first paint.
 */
export function authPrerenderShown(apiUrl: string): string {
  return [`/^\\/auth\\/?$/.test(location.pathname)`, `localStorage.getItem(${sessionStorageKeyExpr(apiUrlExpr(apiUrl))})===null`].join('&&');
}

/**
 * The guest's language as a JS expression, as src/i18n/user-language.ts guestLanguage() finds it: the
 * switch's choice (LOCALE_STORAGE_KEY), else the browser's first language of ours (the same function,
 * its source embedded), else Spanish. Which of the two prerendered screens index.html shows.
 */
export function guestLocaleExpr(): string {
  return `(function(c){if(${JSON.stringify(LOCALES)}.indexOf(c)>=0)return c;return (${preferredLocale.toString()})(navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language||''])||'es'})(localStorage.getItem(${localeStorageKeyLiteral}))`;
}
