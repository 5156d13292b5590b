import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { preferredLocale } from '../src/i18n/locales.ts';
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
 * to a dashboard) and the guest reading Spanish, the HTML's language (see authPrerenderShown). It
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
        let rendered: { html: string; locale: string };
        // config/env.ts reads window.location (for a same-origin API): a page address, nothing else.
        const g = globalThis as { window?: unknown };
        const hadWindow = 'window' in g;
        if (!hadWindow) g.window = { location: new URL('http://localhost/auth') };
        try {
          const mod = (await server.ssrLoadModule('/src/app/prerender.tsx')) as { renderAuthScreen: () => { html: string; locale: string } };
          rendered = mod.renderAuthScreen();
        } finally {
          if (!hadWindow) delete g.window;
          await server.close();
        }
        if (!rendered.html.includes('<h1')) throw new Error('prerender-auth: the auth screen rendered without its heading');
        if (rendered.locale !== 'es') throw new Error('prerender-auth: authPrerenderShown() assumes Spanish, the default');
        const apiUrl = (config.env.VITE_SUPABASE_URL as string | undefined) || '';
        const script = `(function(){try{if(!(${authPrerenderShown(apiUrl)}))return;var r=document.getElementById('root');r.appendChild(document.getElementById('prerendered-auth').content.cloneNode(true));r.setAttribute('data-prerendered','auth')}catch(e){}})();`;
        return html.replace(
          '<div id="root"></div>',
          `<div id="root"></div>\n    <template id="prerendered-auth"><div inert>${rendered.html}</div></template>\n    <script>${script}</script>`,
        );
      },
    },
  };
}

/**
 * The inline scripts' test (a JS expression) for "index.html shows the prerendered auth screen": /auth,
 * the guest's language is the HTML's (Spanish: chosen with the switch, or the browser's first language of
 * ours, or none of ours) and no stored session (a
 * session redirects to a dashboard). Storage keys as in src/i18n/locales.ts (LOCALE_STORAGE_KEY) and
 * src/lib/auth-storage-key.ts. route-preload.ts uses it too: on that page the app's chunks are asked for
 * after the first paint.
 */
export function authPrerenderShown(apiUrl: string, locale = 'es'): string {
  return [
    `/^\\/auth\\/?$/.test(location.pathname)`,
    // The guest's language as src/i18n/user-language.ts guestLanguage() finds it: the switch's choice, else
    // the browser's first language of ours (the same function, its source embedded), else Spanish.
    `(function(c){var b=(${preferredLocale.toString()})(navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language||'']);return (c||b||'es')===${JSON.stringify(locale)}})(localStorage.getItem(${localeStorageKeyLiteral}))`,
    `localStorage.getItem(${sessionStorageKeyExpr(apiUrlExpr(apiUrl))})===null`,
  ].join('&&');
}
