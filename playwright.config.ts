import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in a real Chromium against the whole local stack. Run them with `npm run test:e2e`
 * (scripts/e2e.ts builds the SPA, starts the stack over a fresh seeded database, and sets
 * E2E_BASE_URL and CHROMIUM_PATH). Each journey runs at a desktop and a phone width.
 */
const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) throw new Error('E2E_BASE_URL is not set: run the suite with `npm run test:e2e`.');

export default defineConfig({
  testDir: 'e2e',
  // scripts/e2e.ts gives each run its own folder so parallel runs do not clear each other's results.
  outputDir: process.env.PLAYWRIGHT_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // The list as it runs; the JSON report lets scripts/e2e.ts print a short digest of failures at the end.
  reporter: process.env.PLAYWRIGHT_JSON_REPORT ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_REPORT }]] : 'list',
  // Budgets are per step, not per walk (decision 0047): each expectation waits up to 10 s, each click or fill
  // 15 s, each page load 30 s. The test's own limit only stops a hang; a walk of many screens on a busy
  // machine adds up its steps' time and must not fail for the sum.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'off',
    screenshot: 'off',
    video: 'off',
    // The visitor the product expects first: a Latin American creator's browser (the sign-in screen follows the
    // browser's language, issue 32). Specs about English browsers set `test.use({ locale: 'en-US' })`.
    locale: 'es-419',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      // A container without a user namespace and without a GPU; no background traffic to Google.
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
    { name: 'mobile', use: { browserName: 'chromium', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  ],
});
