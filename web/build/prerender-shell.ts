import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { routeManifest } from '../src/app/route-manifest.ts';
import { PUBLIC_CAMPAIGN_DATA_ID, PUBLIC_CAMPAIGN_TEMPLATE_PREFIX } from '../src/config/public-campaign-page.ts';
import { SHELL_HINT_STORAGE_KEY, SHELL_HINT_VERSION } from '../src/lib/screen-snapshot.ts';
import { DEFAULT_LOCALE, LOCALES } from '../src/i18n/locales.ts';
import { apiUrlExpr, localeStorageKeyLiteral, sessionStorageKeyExpr } from './storage-keys.ts';

interface ShellParts {
  chrome: Record<string, string>;
  screens: Record<string, string>;
  navLink: { current: string; other: string };
}

/** As src/app/prerender-shell.tsx (which the build loads through Vite; these are needed to write the script). */
const NAME_MARKER = '\u2063NAME\u2063';
const SLOT = 'data-shell-slot';

/**
 * Draws the first screen of a visit that has neither the auth screen nor a snapshot to show (decision 0037):
 * - signed in (a stored session) on a signed-in route: the shell of the user's role in their language (the
 *   sidebar or top bar with the navigation, their name) around the screen as React first draws it
 *   (/campaigns before its data: heading, lead, filters, placeholder cards) or a skeleton;
 * - signed out on /explore: the public list's frame and heading before its data, in the visitor's language.
 * The role, language and name come from the shell hint the app keeps whenever it reads the profile
 * (src/lib/screen-snapshot.ts), else from the session's user_metadata; an unknown role draws nothing (the
 * spinner, as before). The HTML is the real components', rendered at build time (src/app/prerender-shell.tsx),
 * kept in <template>s; a small inline script (hashed into the CSP like the others) clones the right ones
 * into #root, `inert` (seen, not usable), and marks #root `data-prerendered`: boot.ts starts the app after
 * its first paint and main.tsx renders once the screen's data is in, replacing it in one step, as for a
 * snapshot. The session is still checked by supabase-js: an ended one goes to /auth.
 */
export function prerenderShell(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-shell',
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
        let parts: ShellParts;
        // config/env.ts reads window.location; supabase-js, which the screens' read hooks import, wants a
        // WebSocket constructor at creation (Node 20 has none). Nothing connects: the render reads nothing.
        const g = globalThis as { window?: unknown; WebSocket?: unknown };
        const hadWindow = 'window' in g;
        const hadWebSocket = g.WebSocket !== undefined;
        if (!hadWindow) g.window = { location: new URL('http://localhost/') };
        if (!hadWebSocket) g.WebSocket = class {};
        try {
          const mod = (await server.ssrLoadModule('/src/app/prerender-shell.tsx')) as { renderShellParts: () => Promise<ShellParts> };
          parts = await mod.renderShellParts();
        } finally {
          if (!hadWindow) delete g.window;
          if (!hadWebSocket) delete g.WebSocket;
          await server.close();
        }
        for (const [id, body] of Object.entries(parts.chrome)) {
          if (!body.includes(SLOT) || !body.includes(NAME_MARKER)) throw new Error(`prerender-shell: the shell ${id} has no screen slot or name`);
        }
        if (!parts.screens['campaigns-es']?.includes('<h1')) throw new Error('prerender-shell: /campaigns rendered without its heading');
        const apiUrl = (config.env.VITE_SUPABASE_URL as string | undefined) || '';
        const templates = [...Object.entries(parts.chrome).map(([id, body]) => [`shell-${id}`, body]), ...Object.entries(parts.screens).map(([id, body]) => [`screen-${id}`, body])]
          .map(([id, body]) => `<template id="${id}">${body}</template>`)
          .join('');
        if (!html.includes('<div id="root"></div>')) throw new Error('prerender-shell: index.html has no empty #root');
        return html.replace('<div id="root"></div>', `<div id="root"></div>\n    ${templates}\n    <script>${prerenderShellScript(apiUrl, parts.navLink.current)}</script>`);
      },
    },
  };
}

/** Signed-in routes, as a regular expression's source (the shell's routes of src/app/route-manifest.ts). */
function shellRoutesSource(): string {
  const one = (pattern: string) =>
    pattern
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
  return `^(${routeManifest.shell.routes.map((r) => one(r.path)).join('|')})/?$`;
}

/**
 * A JS expression: what index.html's shell script would draw here, or null: {c: the chrome's template id
 * (or '' for a public page), s: the screen's, l: the language, n: the user's name}. Does not look at #root
 * (route-preload.ts uses it in <head>, to ask for the app's chunks after the first paint where it draws).
 */
export function shellPlan(apiUrl: string): string {
  return [
    `(function(l){try{var p=location.pathname,c=l.getItem(${localeStorageKeyLiteral}),`,
    `a=JSON.parse(l.getItem(${sessionStorageKeyExpr(apiUrlExpr(apiUrl))})||'null'),u=a&&a.user,h,m,r,g;`,
    `if(!u||typeof u.id!=='string'){g=${JSON.stringify(LOCALES)}.indexOf(c)>=0?c:${JSON.stringify(DEFAULT_LOCALE)};`,
    // Signed out: the public list of campaigns, in the visitor's language (as the app starts: the switch's
    // choice, else Spanish); a campaign's page when the server wrote its screen in (decision 0040).
    `return /^\\/explore\\/?$/.test(p)?{c:'',s:'explore-'+g,l:g,n:''}:`,
    `/^\\/explore\\/[^/]+\\/?$/.test(p)&&document.getElementById(${JSON.stringify(PUBLIC_CAMPAIGN_DATA_ID)})?{c:'',s:${JSON.stringify(PUBLIC_CAMPAIGN_TEMPLATE_PREFIX.replace(/^screen-/, ''))}+g,l:g,n:''}:null}`,
    `if(!new RegExp(${JSON.stringify(shellRoutesSource())}).test(p))return null;`,
    `h=JSON.parse(l.getItem(${JSON.stringify(SHELL_HINT_STORAGE_KEY)})||'null');m=u.user_metadata||{};`,
    `if(!(h&&h.v===${SHELL_HINT_VERSION}&&h.user===u.id))h={role:m.role,lang:m.language||c,name:m.full_name};`,
    `r=h.role;if(r!=='creator'&&r!=='brand'&&r!=='admin')return null;`,
    `g=${JSON.stringify(LOCALES)}.indexOf(h.lang)>=0?h.lang:r==='creator'?'es':'en';`,
    `return{c:'shell-'+r+'-'+g,s:(p==='/campaigns'&&!location.search?'campaigns-':'skeleton-')+g,l:g,n:typeof h.name==='string'?h.name:''}`,
    `}catch(e){return null}})(localStorage)`,
  ].join('');
}

/** The inline script that draws it (given the build's API URL and a current sidebar link's classes). */
export function prerenderShellScript(apiUrl: string, currentLinkClass: string): string {
  return [
    `(function(){try{var r=document.getElementById('root'),x,d,f,t,s,w,n,k=[],i,q;if(!r||r.firstChild)return;`,
    `x=${shellPlan(apiUrl)};if(!x)return;`,
    `t=function(id){var e=document.getElementById(id);return e?e.content.cloneNode(true):null};`,
    `s=t('screen-'+x.s);if(!s)return;d=document.createElement('div');d.inert=true;`,
    `if(x.c){f=t(x.c);if(!f)return;d.appendChild(f);q=d.querySelector('[${SLOT}]');if(!q)return;q.replaceWith(s);`,
    // The name is written as text (never parsed as HTML); without one, its line goes.
    `w=document.createTreeWalker(d,4);while(n=w.nextNode())if(n.data.indexOf(${JSON.stringify(NAME_MARKER)})>=0)k.push(n);`,
    `for(i=0;i<k.length;i++){if(x.n)k[i].data=k[i].data.split(${JSON.stringify(NAME_MARKER)}).join(x.n);else k[i].parentNode.remove()}`,
    `k=d.querySelectorAll('nav a');for(i=0;i<k.length;i++)if(k[i].getAttribute('href')===location.pathname){k[i].className=${JSON.stringify(currentLinkClass)};k[i].setAttribute('aria-current','page')}`,
    `}else d.appendChild(s);`,
    `r.appendChild(d);r.setAttribute('data-prerendered',x.c?'shell':'public');document.documentElement.lang=x.l`,
    `}catch(e){}})();`,
  ].join('');
}
