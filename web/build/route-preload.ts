import type { Plugin, ResolvedConfig, Rollup } from 'vite';
import { routeManifest, type RouteEntry } from '../src/app/route-manifest.ts';
import { DEFAULT_LOCALE } from '../src/i18n/locales.ts';
import { CATALOG_FILE } from './message-catalogs.ts';
import { localeStorageKeyLiteral, sessionStorageKeyExpr } from './storage-keys.ts';

/**
 * Preloads the code of the route being opened, in parallel with the entry chunk.
 *
 * Routes are lazy chunks: without this, the browser learns about a route's chunk only once the entry has
 * downloaded and run, and a signed-in visit learns about supabase-js (loaded on demand, see
 * src/lib/supabase-loader.ts) only then too. This plugin writes a small inline script into index.html
 * with each route's URL pattern and chunk files: the routes come from src/app/route-manifest.ts (the
 * table the router itself is built from), their chunks from the build's chunk graph. The script adds
 * `<link rel="modulepreload">` for the current URL, and for the supabase chunk when a session is stored. A wrong guess costs a download, never a wrong screen: the
 * router still decides what renders.
 */
export function routePreload(options: {
  supabaseModule: string;
  /**
   * A JS expression (given the API URL) true when index.html shows a prerendered screen: the preloads then
   * start once the browser has painted it (its first contentful paint), so fetching and compiling the app's code does not hold that
   * first paint back (at most 1 s later without paint timing: a busy CPU can draw the first frame 0.5-0.7 s in). See build/prerender-auth.ts.
   */
  afterPaintWhen?: (apiUrl: string) => string;
}): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'route-preload',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const bundle = ctx.bundle;
        const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return html;
        const loadedByEntry = new Set([entry.fileName, ...staticImports(bundle, entry.fileName)]);
        // The entry (src/boot.ts) only imports the app (src/main.tsx) dynamically: the app's chunks are
        // preloaded on every route, before the route's own.
        const app = [...new Set(entry.dynamicImports.flatMap((f) => [f, ...staticImports(bundle, f)]))].filter((f) => !loadedByEntry.has(f));
        const filesOf = (moduleSuffix: string): string[] => {
          const has = (id: string | null) => !!id && id.replaceAll('\\', '/').endsWith(moduleSuffix);
          // A route module is its chunk's facade; a module reached both statically and by import() is
          // merged into a shared chunk, found by its contents.
          const chunk = chunks.find((c) => has(c.facadeModuleId)) ?? chunks.find((c) => c.moduleIds.some(has));
          if (!chunk) throw new Error(`route-preload: no chunk for ${moduleSuffix}`);
          return [chunk.fileName, ...staticImports(bundle, chunk.fileName)].filter((f) => !loadedByEntry.has(f));
        };

        // One list of files, routes refer to them by index: the signed-in shell is shared by most routes.
        const files: string[] = [];
        const indexOf = (file: string) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1);
        const moduleFiles = (module: string) => filesOf(`/src/app/routes/${module}.tsx`);
        const shell = moduleFiles(routeManifest.shell.module);
        const route = ({ path, module }: RouteEntry, parent: string[]) =>
          [patternToRegExp(path), [...new Set([...parent, ...moduleFiles(module)])].map(indexOf)] as const;
        const routes = [...routeManifest.public.map((r) => route(r, app)), ...routeManifest.shell.routes.map((r) => route(r, [...app, ...shell]))];
        // Static paths before parameterised ones, as the router ranks them ("/campaigns/create" vs ":id").
        routes.sort((a, b) => Number(a[0].includes('[^/]+')) - Number(b[0].includes('[^/]+')));
        const supabase = filesOf(options.supabaseModule).map(indexOf);
        // Each listed chunk's message catalogs, by language (chunks of their own, imported on demand: decision
        // 0040): the script adds the page's language's, so a screen's texts download with its code, not after.
        const catalogs: Record<number, Record<string, number[]>> = {};
        for (const file of [...files]) {
          const byLocale: Record<string, number[]> = {};
          for (const imported of (bundle[file] as Rollup.OutputChunk).dynamicImports) {
            const chunk = bundle[imported];
            const locale = chunk?.type === 'chunk' ? catalogLocale(chunk) : undefined;
            if (locale) (byLocale[locale] ??= []).push(indexOf(imported));
          }
          if (Object.keys(byLocale).length) catalogs[indexOf(file)] = byLocale;
        }
        const apiUrl = (config.env.VITE_SUPABASE_URL as string | undefined) || '';
        // The storage key mirrors src/lib/auth-storage-key.ts (supabase-js's default).
        const script = [
          `(function(){try{var b=${JSON.stringify(config.base)},f=${JSON.stringify(files)},r=${JSON.stringify(routes)},s=${JSON.stringify(supabase)},`,
          `u=${JSON.stringify(apiUrl)}||location.origin,p=location.pathname,w=[],i,h=document.head;`,
          `for(i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p)){w=r[i][1];break}`,
          `if(!w.length)w=${JSON.stringify(app.map(indexOf))};`,
          // supabase-js's chunks, less those the route already lists (the runtime, the shared chunk): one link each.
          `if(localStorage.getItem(${sessionStorageKeyExpr('u')})!==null)for(i=0;i<s.length;i++)if(w.indexOf(s[i])<0)w=w.concat(s[i]);`,
          `var c=${JSON.stringify(catalogs)},d=0,L=function(f){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=b+f;h.appendChild(l)},`,
          // The route's catalogs in the page's language: the one a drawn screen set on <html lang> (the auth
          // screen, a shell, a snapshot, a public page), else the switch's choice, else the default
          // (src/i18n/locale-store.ts starts there). Read once the document is parsed: the screens are drawn by
          // scripts in <body>, and on a busy CPU the one-second cap below can come before them.
          `k=function(){var o=document.getElementById('root'),g=o&&o.hasAttribute('data-prerendered')?document.documentElement.lang:localStorage.getItem(${localeStorageKeyLiteral})||${JSON.stringify(DEFAULT_LOCALE)},j,e,x=[];`,
          `for(i=0;i<w.length;i++){e=c[w[i]]&&c[w[i]][g];if(e)for(j=0;j<e.length;j++)if(x.indexOf(e[j])<0)x.push(e[j])}for(j=0;j<x.length;j++)L(f[x[j]])},`,
          `a=function(){if(d)return;d=1;for(i=0;i<w.length;i++)L(f[w[i]]);if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',k);else k()};`,
          options.afterPaintWhen
            ? // Not on 'first-paint', which can be a frame of the background alone, before the screen is drawn.
              `if(${options.afterPaintWhen(apiUrl)}){try{new PerformanceObserver(function(x){if(x.getEntriesByName('first-contentful-paint').length)a()}).observe({type:'paint',buffered:true})}catch(e){}setTimeout(a,1000)}else a();`
            : 'a();',
          `}catch(e){}})();`,
        ].join('');
        return {
          html,
          tags: [{ tag: 'script', children: script, injectTo: 'head' }],
        };
      },
    },
  };
}

/** The language of a message catalog's own chunk (`import('./messages/en.json')`), else undefined. */
function catalogLocale(chunk: Rollup.OutputChunk): string | undefined {
  const id = chunk.facadeModuleId?.split('?')[0];
  return id ? CATALOG_FILE.exec(id)?.[1] : undefined;
}

/** Every chunk `fileName` imports statically, transitively. */
function staticImports(bundle: Rollup.OutputBundle, fileName: string, seen = new Set<string>()): string[] {
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk') return [...seen];
  for (const imported of chunk.imports) {
    if (seen.has(imported)) continue;
    seen.add(imported);
    staticImports(bundle, imported, seen);
  }
  return [...seen];
}

/** "/campaigns/:id" -> "^/campaigns/[^/]+/?$" (as a string for the inline script). */
function patternToRegExp(pattern: string): string {
  const body = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return `^${body === '/' ? '' : body}/?$`;
}
