import type { Page } from '@playwright/test';
import { demo } from '../testkit/e2e/accounts.ts';
import { englishShown, text } from '../testkit/e2e/catalog-text.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { openNavigation } from '../testkit/e2e/navigation.ts';
import { rpc, signedInClient } from '../testkit/e2e/clients.ts';
import { signInThroughUi } from '../testkit/e2e/sign-in.ts';
import { seriousViolations } from '../testkit/e2e/axe.ts';

/**
 * /analytics: the brand's figures from api.brand_analytics, reached from the sidebar (the demo brand's seed
 * data, read only); the empty state for a brand without campaigns (a fresh account); creators and guests
 * refused.
 */
const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(cents / 100);


test('a brand opens Analytics from the sidebar and sees the database figures', async ({ page, api }) => {
  expect((await api.auth.signInWithPassword(demo.brand)).error).toBeNull();
  const [{ data: rows, error }, { data: totalsRows, error: totalsError }] = await Promise.all([
    api.rpc('brand_analytics'),
    api.rpc('brand_analytics_totals'),
  ]);
  expect(error).toBeNull();
  expect(totalsError).toBeNull();
  const totals = totalsRows[0];

  await signInThroughUi(page, demo.brand);
  await expect(page).toHaveURL(/\/dashboard\/brand$/);
  await openNavigation(page);
  await page.getByRole('link', { name: 'Analytics' }).first().click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();

  // Within the totals: the per-campaign cards (phones) have term/value lists with the same words.
  const stat = (label: string) => page.getByRole('region', { name: 'Totals' }).locator('dl', { has: page.getByText(label, { exact: true }) }).locator('dd').first();
  await expect(stat('Campaigns')).toHaveText(String(totals.campaigns));
  await expect(stat('Applications')).toHaveText(String(totals.applications_total));
  await expect(stat('Acceptance Rate')).toHaveText(totals.acceptance_rate == null ? '–' : `${Number(totals.acceptance_rate)}%`);
  await expect(stat('Released to creators')).toHaveText(usd(totals.amount_paid_cents));

  if ((page.viewportSize()?.width ?? 0) < 768) {
    // Phones: one card per campaign with the same figures (the table is for md and up).
    const cards = page.getByRole('list', { name: 'Figures per campaign' }).getByRole('listitem');
    await expect(cards).toHaveCount(rows.length);
    for (const r of rows) {
      const card = cards.filter({ has: page.getByRole('link', { name: r.title }) });
      await expect(card).toContainText(`Applications${r.applications_total}`);
      await expect(card).toContainText(`Released to creators${usd(r.amount_paid_cents)}`);
    }
    return;
  }
  const table = page.getByRole('table', { name: 'Figures per campaign' });
  await expect(table.getByRole('row')).toHaveCount(rows.length + 1);
  for (const r of rows) {
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: r.title }) });
    const cells = row.getByRole('cell');
    await expect(cells.nth(1)).toHaveText(String(r.applications_total));
    await expect(cells.nth(2)).toHaveText(String(r.applications_pending));
    await expect(cells.nth(3)).toHaveText(String(r.applications_accepted));
    await expect(cells.nth(4)).toHaveText(String(r.applications_rejected));
    await expect(cells.nth(6)).toHaveText(String(r.deliverables_submitted));
    await expect(cells.nth(7)).toHaveText(String(r.deliverables_approved));
    await expect(cells.nth(8)).toHaveText(usd(r.amount_paid_cents));
  }
  // The campaign names link to their detail screens.
  const first = rows[0];
  await expect(table.getByRole('link', { name: first.title })).toHaveAttribute('href', `/campaigns/${first.campaign_id}`);
});

test('the per-campaign figures never widen the page: a table from md up, cards on phones', async ({ page }) => {
  await signInThroughUi(page, demo.brand);
  await expect(page).toHaveURL(/\/dashboard\/brand$/);
  await page.goto('/analytics');
  const wide = (page.viewportSize()?.width ?? 0) >= 768;
  await expect(wide ? page.getByRole('table', { name: 'Figures per campaign' }) : page.getByRole('list', { name: 'Figures per campaign' })).toBeVisible();
  const pageScrolls = await page.evaluate<boolean>('document.documentElement.scrollWidth > document.documentElement.clientWidth');
  expect(pageScrolls).toBe(false);
});

test('a brand without campaigns gets an honest empty state that leads to creating one', async ({ page, accounts }) => {
  const brand = await accounts.create('brand', { fullName: 'Empty Analytics Brand' });
  await signInThroughUi(page, brand);
  await expect(page).toHaveURL(/\/dashboard\/brand$/);
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'No campaigns yet' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByText('$', { exact: false })).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Create Campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/create$/);
});

test('a brand who chose Spanish reads Analytics in Spanish', async ({ page, accounts }) => {
  const brand = await accounts.create('brand', { fullName: 'Marca Analítica' });
  const brandApi = await signedInClient(brand);
  await rpc(brandApi, 'set_my_language', { language: 'es' });
  const title = `Analíticas en español ${brand.username}`;
  await rpc<string>(brandApi, 'create_campaign', {
    title,
    description: 'Una campaña del recorrido de analíticas en español.',
    content_type: 'video',
    platforms: ['tiktok'],
    compensation_type: 'flat_fee',
    compensation_cents: 10000,
    deadline: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    status: 'active',
  });

  await signInThroughUi(page, brand);
  await expect(page).toHaveURL(/\/dashboard\/brand$/);
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: text('es', 'app.analytics.title'), level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const stat = (label: string) => page.getByRole('region', { name: text('es', 'analytics.totals') }).locator('dl', { has: page.getByText(label, { exact: true }) });
  await expect(stat(text('es', 'analytics.totals.campaigns')).locator('dd').first()).toHaveText('1');
  await expect(stat(text('es', 'analytics.totals.campaigns'))).toContainText('1 activa');
  await expect(stat(text('es', 'analytics.totals.applications'))).toContainText('0 pendientes · 0 aceptadas · 0 rechazadas');
  await expect(stat(text('es', 'analytics.totals.acceptanceRate'))).toContainText(text('es', 'analytics.totals.noneDecided'));
  if ((page.viewportSize()?.width ?? 0) >= 768) {
    const table = page.getByRole('table', { name: text('es', 'analytics.table.caption') });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title }) });
    await expect(row.getByRole('cell').first()).toHaveText(text('es', 'analytics.campaignStatus.active'));
  } else {
    const card = page.getByRole('list', { name: text('es', 'analytics.table.caption') }).getByRole('listitem').filter({ hasText: title });
    await expect(card).toContainText(text('es', 'analytics.campaignStatus.active'));
  }
  expect(await englishShown(page, ['analytics'])).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
});

test('creators are sent to their dashboard and the database refuses them', async ({ page, api }) => {
  expect((await api.auth.signInWithPassword(demo.creator)).error).toBeNull();
  const { error } = await api.rpc('brand_analytics');
  expect(error?.code).toBe('42501');

  await signInThroughUi(page, demo.creator);
  await expect(page).toHaveURL(/\/dashboard\/creator$/);
  await page.goto('/analytics');
  await expect(page).toHaveURL(/\/dashboard\/creator$/);
  await openNavigation(page);
  // The creator's menu is in Spanish, and neither name of the screen shows in it.
  await expect(page.getByRole('link', { name: text('es', 'common.nav.paymentHistory') }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: text('es', 'common.nav.analytics') })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Analytics' })).toHaveCount(0);
});

test('guests are sent to sign in', async ({ page }) => {
  await page.goto('/analytics');
  await expect(page).toHaveURL(/\/auth/);
});
