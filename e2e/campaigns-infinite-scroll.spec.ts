import type { Page, Route } from '@playwright/test';
import { rpc, signedInClient } from '../testkit/e2e/clients.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { signInThroughUi } from '../testkit/e2e/sign-in.ts';

/**
 * The browse grid streams pages as the creator scrolls (issue 19): keyset pages of 20 arrive without
 * duplicates or gaps, "Loading more campaigns..." shows while one is on its way, the end of the list says
 * so, a failed page keeps the cards already shown and offers a Retry (it is not asked again by itself),
 * the count stays the total, and nothing on the page shifts while the list grows (CLS from the browser's
 * own layout-shift entries). A brand of this test's own publishes 45 campaigns carrying a unique word.
 */

const inDays = (days: number) => new Date(Date.now() + days * 86400e3);

/** Sums the page's layout shifts not caused by input, from now on (window.__shift). */
async function watchLayoutShifts(page: Page): Promise<() => Promise<number>> {
  // A string: this project's TypeScript has no DOM types.
  await page.evaluate(`
    window.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
    }).observe({ type: 'layout-shift' });
  `);
  return async () => Number(await page.evaluate('window.__shift'));
}

/** True for a request of a page after the first (the keyset cursor is set). */
const isNextPage = (route: Route) => !!(route.request().postDataJSON() as { after_id?: string | null } | null)?.after_id;

async function scrollToEnd(page: Page) {
  await page.getByRole('list', { name: 'Campañas' }).getByRole('listitem').last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 3000);
}

test('the campaign grid loads more pages on scroll, without duplicates or layout shift, to its end', async ({ page, accounts }) => {
  const brand = await accounts.create('brand');
  const creator = await accounts.create('creator');
  const brandApi = await signedInClient(brand);
  const token = `zs${Math.random().toString(36).slice(2, 8)}`;
  for (let i = 1; i <= 45; i++) {
    await rpc<string>(brandApi, 'create_campaign', {
      title: `Scroll ${token} #${String(i).padStart(2, '0')}`,
      description: `Campaign ${i} of the scroll test ${token}.`,
      content_type: 'video',
      platforms: ['tiktok'],
      compensation_type: 'flat_fee',
      compensation_cents: 5000 + i,
      deadline: inDays(9).toISOString(),
    });
  }

  await signInThroughUi(page, creator);
  await expect(page).toHaveURL(/\/dashboard\/creator$/);
  // Each next page takes a moment, so its loading state can be seen.
  const nextPageRequests: string[] = [];
  await page.route('**/rest/v1/rpc/browse_campaigns', async (route) => {
    if (isNextPage(route)) {
      nextPageRequests.push(route.request().postData() ?? '');
      await new Promise((r) => setTimeout(r, 1200));
    }
    await route.continue();
  });
  await page.goto(`/campaigns?q=${token}`);
  const list = page.getByRole('list', { name: 'Campañas' });
  const cards = list.getByRole('listitem');
  await expect(page.getByText('Mostrando 45 campañas')).toBeVisible();
  await expect(cards).toHaveCount(20);
  const shifts = await watchLayoutShifts(page);

  // Page 2: the loading state (seen in the list, and said to screen readers), then 20 more cards.
  await scrollToEnd(page);
  await expect(list.getByText('Cargando más campañas...')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Cargando más campañas...' })).toHaveCount(1);
  await expect(cards).toHaveCount(40);
  await expect(page.getByText('Llegaste al final de la lista.')).toHaveCount(0);

  // Page 3, the last (5 cards): then the end of the list, and no placeholder or loading text left.
  await scrollToEnd(page);
  await expect(cards).toHaveCount(45);
  await expect(page.getByText('Llegaste al final de la lista.')).toBeVisible();
  await expect(list.getByText('Cargando más campañas...')).toHaveCount(0);
  await expect(page.getByText('Mostrando 45 campañas')).toBeVisible();

  // Newest first, each campaign once: #45 down to #01.
  const titles = await list.getByRole('heading', { level: 2 }).allTextContents();
  expect(titles).toEqual(Array.from({ length: 45 }, (_, i) => `Scroll ${token} #${String(45 - i).padStart(2, '0')}`));
  // Two next pages asked for, each once.
  expect(nextPageRequests).toHaveLength(2);
  expect(new Set(nextPageRequests).size).toBe(2);
  // Nothing already on the page moved while it grew ('good' CLS is <= 0.1; placeholders make it 0).
  expect(await shifts()).toBeLessThanOrEqual(0.1);
});

test('a page that fails keeps the cards shown and loads on Retry, not by itself', async ({ page, accounts }) => {
  const brand = await accounts.create('brand');
  const creator = await accounts.create('creator');
  const brandApi = await signedInClient(brand);
  const token = `zf${Math.random().toString(36).slice(2, 8)}`;
  for (let i = 1; i <= 25; i++) {
    await rpc<string>(brandApi, 'create_campaign', {
      title: `Retry ${token} #${String(i).padStart(2, '0')}`,
      description: `Campaign ${i} of the retry test ${token}.`,
      content_type: 'video',
      platforms: ['instagram'],
      compensation_type: 'flat_fee',
      compensation_cents: 7000 + i,
      deadline: inDays(9).toISOString(),
    });
  }

  await signInThroughUi(page, creator);
  await expect(page).toHaveURL(/\/dashboard\/creator$/);
  let failures = 0;
  await page.route('**/rest/v1/rpc/browse_campaigns', async (route) => {
    if (!isNextPage(route)) return route.continue();
    failures++;
    return route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ code: '22023', message: 'Broken on purpose', details: null, hint: null }) });
  });
  await page.goto(`/campaigns?q=${token}`);
  const list = page.getByRole('list', { name: 'Campañas' });
  const cards = list.getByRole('listitem');
  await expect(cards).toHaveCount(20);
  await scrollToEnd(page);
  const alert = page.getByRole('alert').filter({ hasText: 'No se pudieron cargar más campañas.' });
  await expect(alert).toBeVisible();
  await expect(cards).toHaveCount(20);
  await expect(page.getByText('Mostrando 25 campañas')).toBeVisible();
  await expect(page.getByText('Broken on purpose')).toHaveCount(0);
  // It does not ask again by itself, however long the end stays in view.
  await page.mouse.wheel(0, 2000);
  await page.waitForTimeout(1500);
  expect(failures).toBe(1);

  await page.unroute('**/rest/v1/rpc/browse_campaigns');
  await alert.getByRole('button', { name: 'Reintentar' }).click();
  await expect(cards).toHaveCount(25);
  await expect(alert).toHaveCount(0);
  await expect(cards.last()).toContainText(`Retry ${token} #01`);
  await expect(page.getByText('Llegaste al final de la lista.')).toBeVisible();
});
