import { test as base, expect, type Page, type Response } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';

/** Demo accounts the seed creates (password for all: password123). */
export const demo = {
  creator: { email: 'creator@demo.test', password: 'password123' },
  brand: { email: 'brand@demo.test', password: 'password123' },
  admin: { email: 'admin@demo.test', password: 'password123' },
} as const;

interface Fixtures {
  /** Problems the page reported; the test fails on any of them at its end. */
  pageProblems: string[];
  /** A Node-side supabase-js client on the same stack, to read what the UI should show. */
  api: SupabaseClient<any, 'api', 'api'>;
}

/**
 * The test object of every journey. The page fixture fails the test on console.error, on uncaught page
 * errors, on any 5xx response, and on an rpc the app sent a malformed value to (a 400 with Postgres's
 * 22P02, such as a word from the URL where a uuid belongs). Other 4xx answers and the browser's own
 * "Failed to load resource" lines for them are not errors of the app (a wrong password is a 400 by
 * contract), so they are not counted.
 */
export const test = base.extend<Fixtures>({
  pageProblems: async ({}, use) => {
    await use([]);
  },
  page: async ({ page, pageProblems }, use) => {
    const bodiesRead: Promise<void>[] = [];
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text())) return;
      pageProblems.push(`console.error: ${msg.text()}`);
    });
    page.on('pageerror', (err) => pageProblems.push(`page error: ${err.message}`));
    page.on('response', (res) => {
      if (res.status() >= 500) pageProblems.push(`${res.status()} from ${res.request().method()} ${res.url()}`);
      else if (res.status() === 400 && res.url().includes('/rest/v1/rpc/')) bodiesRead.push(reportMalformedArgument(res, pageProblems));
    });
    await use(page);
    await Promise.all(bodiesRead);
    expect(pageProblems, 'the page reported errors').toEqual([]);
  },
  api: async ({}, use) => {
    const url = process.env.E2E_BASE_URL!;
    const key = process.env.E2E_ANON_KEY;
    if (!key) throw new Error('E2E_ANON_KEY is not set: run the suite with `npm run test:e2e`.');
    const client = createClient(url, key, {
      db: { schema: 'api' },
      auth: { persistSession: false, autoRefreshToken: false },
      // Node 20 has no global WebSocket; supabase-js builds its realtime client eagerly.
      realtime: { transport: ws as never },
    });
    await use(client as SupabaseClient<any, 'api', 'api'>);
    await client.auth.signOut().catch(() => undefined);
  },
});

export { expect };

/** Adds a problem when an rpc's 400 is Postgres refusing the value the app sent (22P02, invalid text representation). */
async function reportMalformedArgument(res: Response, pageProblems: string[]): Promise<void> {
  // A body the browser has already dropped (the page moved on) cannot be read; nothing to report then.
  const body = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
  if (body?.code === '22P02') pageProblems.push(`400 (22P02 ${body.message ?? ''}) from ${res.request().method()} ${res.url()} ${res.request().postData() ?? ''}`);
}

/** Signs in through the login form of /auth. */
export async function signInThroughUi(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/auth');
  const login = loginPanel(page);
  await login.getByLabel('Correo electrónico').fill(account.email);
  await login.getByLabel('Contraseña').fill(account.password);
  await login.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** The login tab's panel (the register panel stays mounted, hidden, so its typed values survive). */
export function loginPanel(page: Page) {
  return page.getByRole('tabpanel', { name: 'Iniciar sesión' });
}

/** Opens the slide-in menu on narrow screens, where the sidebar is hidden; no-op on desktop. */
export async function openNavigation(page: Page): Promise<void> {
  // Below Tailwind's lg breakpoint the sidebar is a slide-in menu. Decide by the viewport, not by whether
  // the button is visible yet: right after a redirect the shell may still be rendering.
  if ((page.viewportSize()?.width ?? 1280) < 1024) {
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.click();
    // The dialog element itself has no box (its panel is fixed-positioned): wait for the panel's content.
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Close menu' })).toBeVisible();
  }
}
