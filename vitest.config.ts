import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { messageCatalogs } from './web/build/message-catalogs.ts';

// Three suites, each runnable alone: `vitest run --project <name>`.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'local', include: ['local/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 } },
      {
        test: {
          name: 'db',
          include: ['supabase/tests/**/*.test.ts'],
          setupFiles: ['testkit/db/ledger-invariant.setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The app's own '@/' alias (web/tsconfig.json, web/vite.config.ts) and catalogs, so tests import as the app does.
        plugins: [messageCatalogs()],
        resolve: {
          alias: {
            '@contract': fileURLToPath(new URL('./supabase/functions/_shared/contract', import.meta.url)),
            '@': fileURLToPath(new URL('./web/src', import.meta.url)),
          },
        },
        test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 30_000 },
      },
    ],
  },
});
