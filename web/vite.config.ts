import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routePreload } from './build/route-preload.ts';

const webRoot = path.dirname(fileURLToPath(import.meta.url));

/**
 * The SPA builds from web/ into web/dist, which the local stack serves on the same origin as the API.
 * Routes are code-split by the router (each route module is its own chunk); the vendor code every
 * screen needs (React, the router, react-query) stays in the entry chunk so navigation never waits on it.
 * supabase-js is not in the entry: signed-out visitors load it on demand (src/lib/supabase-loader.ts).
 * Budget and measurements: docs/decisions/0006-web-bundle-budget.md, `npm run bench:web`.
 */
export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    tailwindcss(),
    // Route chunks (and supabase-js for a stored session) start downloading with the entry.
    routePreload({
      routerFile: path.join(webRoot, 'src/app/router.tsx'),
      shellModule: '/src/app/routes/app/root.tsx',
      supabaseModule: '/src/lib/supabase.ts',
    }),
  ],
  resolve: {
    alias: {
      '@': path.join(webRoot, 'src'),
      // Generated database types (written by `npm run gen:types`), shared with the edge functions.
      '@db': path.resolve(webRoot, '../supabase/functions/_shared'),
    },
  },
  build: {
    outDir: path.join(webRoot, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Lets tools (the web benchmark, the e2e report) tell which chunks a route loads.
    manifest: true,
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
