import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { messageCatalogs } from './build/message-catalogs.ts';
import { inlineCss } from './build/inline-css.ts';
import { authPrerenderShown, prerenderAuth } from './build/prerender-auth.ts';
import { prerenderShell, shellPlan } from './build/prerender-shell.ts';
import { publicCampaignRenderer } from './build/public-campaign-renderer.ts';
import { restoreSnapshot, snapshotShown } from './build/restore-snapshot.ts';
import { routePreload } from './build/route-preload.ts';
import { securityHeaders } from './build/security-headers-plugin.ts';

const webRoot = path.dirname(fileURLToPath(import.meta.url));

/** Libraries of the `shared` chunk (see build.rolldownOptions). */
const SHARED_VENDOR = /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/][^\\/]+|cookie|set-cookie-parser)[\\/]/;
/**
 * App modules of the `shared` chunk: UI components and small libraries without dependencies (the contract's
 * id check among them). Left out: the dialog, and the pieces only signed-in screens show (pictures, status
 * badges, stat cards, first steps), which /auth's 150 KB would otherwise carry (decision 0006).
 */
const SHARED_APP =
  /web[\\/]src[\\/](components[\\/]ui[\\/](?!confirm-dialog|avatar|first-steps|stat-card|status-badges|status-words)|lib[\\/](format|idle|authorization)\.)|_shared[\\/]contract[\\/]ids\./;

/**
 * The SPA builds from web/ into web/dist, which the local stack serves on the same origin as the API.
 * Routes are code-split by the router (each route module is its own chunk); the code every screen needs
 * (React, the router, react-query, the small UI components) is one `shared` chunk loaded with the entry,
 * so navigation never waits on it.
 * supabase-js is not in the entry: signed-out visitors load it on demand (src/lib/supabase-loader.ts).
 * Budget and measurements: docs/decisions/0006-web-bundle-budget.md, `npm run bench:web`.
 */
export default defineConfig({
  root: webRoot,
  plugins: [
    // messages/{es,en}.json compiled to Lingui's runtime form (no ICU parser in the browser).
    messageCatalogs(),
    react(),
    tailwindcss(),
    // Route chunks (and supabase-js for a stored session) start downloading with the entry.
    // Where index.html shows a screen (the auth screen, a returning user's snapshot, a shell), after its first paint.
    routePreload({
      supabaseModule: '/src/lib/supabase.ts',
      afterPaintWhen: (apiUrl) => `(${authPrerenderShown(apiUrl)})||!!${snapshotShown(apiUrl)}||!!${shellPlan(apiUrl)}`,
    }),
    // The signed-in shell (role, language, name from the kept hint) or the public list's frame, where neither
    // the auth screen nor a snapshot is shown (decision 0037). Listed first: its script runs after theirs.
    prerenderShell(),
    // A returning signed-in user's last screen, from this browser's storage, until React replaces it
    // (decision 0027). Before prerenderAuth, so the auth screen's script runs first.
    restoreSnapshot(),
    // The auth screen's own HTML in index.html, shown on /auth before the scripts have run (issue 19).
    prerenderAuth(),
    // The stylesheet inside index.html: the first paint waits on no second request (issue 19).
    inlineCss(),
    // dist/_headers: the Content-Security-Policy and other headers, for static hosts and the local stack.
    securityHeaders(),
    // dist/_server/public-campaign.mjs: /explore/:id's first screen, which the stack's server writes into the
    // page with the campaign (decision 0040).
    publicCampaignRenderer(),
  ],
  resolve: {
    alias: {
      '@': path.join(webRoot, 'src'),
      // The contract shared with the edge functions: input rules, messages, error and database types.
      '@contract': path.resolve(webRoot, '../supabase/functions/_shared/contract'),
    },
  },
  build: {
    outDir: path.join(webRoot, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Lets tools (the web benchmark, the e2e report) tell which chunks a route loads.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Left to itself the bundler gives every module two routes share a chunk of its own: /campaigns
          // loaded 20 files, many under 1 KB, and each costs a request. One `shared` chunk, loaded with the
          // entry, holds what nearly every screen needs: React, the router, all of react-query, and the
          // small UI components and formatters. Not Headless UI (confirm-dialog): only some screens use it.
          groups: [
            // Vite's preload helper stays out of `shared`: the entry (src/boot.ts) uses it, and must not
            // evaluate React and the rest before the browser has painted a prerendered screen.
            { name: 'preload-helper', test: (id) => id.includes('vite/preload-helper') || id.includes('modulepreload-polyfill'), priority: 2 },
            { name: 'shared', test: (id) => SHARED_VENDOR.test(id) || SHARED_APP.test(id) || id.includes('rolldown/runtime'), priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev` runs the stack on 54321; proxy its surface so the SPA keeps a single origin.
    proxy: {
      '/auth/v1': 'http://127.0.0.1:54321',
      '/rest/v1': 'http://127.0.0.1:54321',
      '/functions/v1': 'http://127.0.0.1:54321',
      '/api': 'http://127.0.0.1:54321',
      '/realtime/v1': { target: 'ws://127.0.0.1:54321', ws: true },
    },
  },
});
