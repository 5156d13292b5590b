import { defineConfig } from 'vitest/config';

// Three suites, each runnable alone: `vitest run --project <name>`.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'local', include: ['local/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 } },
      { test: { name: 'db', include: ['supabase/tests/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 } },
      {
        test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 30_000 },
      },
    ],
  },
});
