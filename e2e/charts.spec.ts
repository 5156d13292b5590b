import type { Locator, Page } from '@playwright/test';
import { demo } from '../testkit/e2e/accounts.ts';
import { seriousViolations } from '../testkit/e2e/axe.ts';
import { text } from '../testkit/e2e/catalog-text.ts';
import { type Credentials, rpc, signedInClient } from '../testkit/e2e/clients.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { signInThroughUi } from '../testkit/e2e/sign-in.ts';

/**
 * The charts of issue 20 with the seed's history (read only): each draws its bars, says what it shows in a
 * sentence, and its table alternative holds exactly the figures of the api function behind it; a bucket's
 * tooltip appears on hover or tap; axe finds nothing serious. Run at 1280 and 390 px (the two projects).
 * Brands and admins read English, creators Spanish (each account's default).
 */
type Row = Record<string, number | string>;
const money = (tag: string) => {
  const f = new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (cents: number | string) => f.format(Number(cents) / 100);
};
const count = (tag: string) => {
  const f = new Intl.NumberFormat(tag);
  return (n: number | string) => f.format(Number(n));
};
const usd = money('en-US');
const n = count('en-US');

async function openAs(page: Page, account: Credentials, path: string) {
  await signInThroughUi(page, account);
  await expect(page).toHaveURL(/\/dashboard\//);
  await page.goto(path);
}

/** The chart card by its title; checks the drawing, the sentence, the tooltip and the table against `expected`. */
async function checkChart(page: Page, title: string, expected: string[][], showTable: string) {
  const figure = page.getByRole('figure', { name: title });
  await expect(figure).toBeVisible();
  await expect(figure.locator('svg rect[fill^="#"]').first()).toBeVisible();
  await expect(figure.locator('p').first()).not.toBeEmpty();
  // A tooltip for the last bucket (the current period), by mouse or finger.
  await figure.locator('svg [data-bucket]').last().click({ force: true });
  await expect(figure.getByTestId('chart-tooltip')).toBeVisible();
  await figure.getByRole('button', { name: showTable }).click();
  const table = figure.getByRole('table', { name: title });
  await expect(table).toBeVisible();
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(expected.length);
  for (const [i, cells] of expected.entries()) await expect(rows.nth(i).locator('td')).toHaveText(cells);
  return figure;
}

async function expectNoSeriousViolations(page: Page, within: Locator) {
  await expect(within).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
}

test('brand /analytics: activity, spend and funnel match the api, also filtered by campaign and range', async ({ page }) => {
  const api = await signedInClient(demo.brand);
  await openAs(page, demo.brand, '/analytics');
  const show = text('en', 'analytics.charts.showTable');

  const activity = await rpc<Row[]>(api, 'brand_activity_series', { days: 90 });
  await checkChart(page, text('en', 'analytics.charts.activity.title'), activity.map((r) => [n(r.applications!), n(r.approved_content!)]), show);
  const spend = await rpc<Row[]>(api, 'brand_spend_series', { days: 90 });
  await checkChart(page, text('en', 'analytics.charts.spend.title'), spend.map((r) => [usd(r.released_cents!), usd(r.in_escrow_cents!), usd(r.refunded_cents!)]), show);
  const funnel = await rpc<Row[]>(api, 'brand_funnel', { days: 90 });
  const step = (k: string) => funnel.reduce((s, r) => s + Number(r[k]), 0);
  await checkChart(page, text('en', 'analytics.charts.funnel.title'), ['applied', 'accepted', 'submitted', 'approved', 'paid'].map((k) => [n(step(k))]), show);
  await expectNoSeriousViolations(page, page.getByRole('heading', { name: 'Analytics', level: 1 }));

  // One campaign over a year: the tables follow the filters (they stay open).
  const campaigns = await rpc<Array<{ campaign_id: string; title: string }>>(api, 'brand_analytics');
  const target = campaigns.find((c) => c.title === 'Morning Glow Serum Launch')!;
  await page.getByRole('combobox', { name: text('en', 'analytics.filters.campaign'), exact: true }).selectOption(target.campaign_id);
  await page.getByRole('combobox', { name: text('en', 'analytics.filters.range') }).selectOption('365');
  const filtered = await rpc<Row[]>(api, 'brand_activity_series', { days: 365, campaign_id: target.campaign_id });
  const table = page.getByRole('table', { name: text('en', 'analytics.charts.activity.title') });
  await expect(table.locator('tbody tr')).toHaveCount(filtered.length);
  for (const [i, r] of filtered.entries()) await expect(table.locator('tbody tr').nth(i).locator('td')).toHaveText([n(r.applications!), n(r.approved_content!)]);
  const oneFunnel = await rpc<Row[]>(api, 'brand_funnel', { days: 365, campaign_id: target.campaign_id });
  const funnelTable = page.getByRole('table', { name: text('en', 'analytics.charts.funnel.title') });
  await expect(funnelTable.locator('tbody td')).toHaveText(['applied', 'accepted', 'submitted', 'approved', 'paid'].map((k) => n(oneFunnel[0]![k]!)));
});

test('brand /analytics: the per-campaign figures fit the page (a table from md up, cards below)', async ({ page }) => {
  await openAs(page, demo.brand, '/analytics');
  const caption = page.getByRole('heading', { name: 'Figures per campaign' });
  await expect(caption).toBeVisible();
  const wide = (page.viewportSize()?.width ?? 0) >= 768;
  if (wide) {
    const region = page.getByRole('region', { name: 'Figures per campaign' });
    await expect(region.getByRole('table')).toBeVisible();
    // Nothing to scroll sideways at 1280 px: every column is in view.
    expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  } else {
    await expect(page.getByRole('list', { name: 'Figures per campaign' }).getByRole('listitem').first()).toBeVisible();
  }
  expect(await page.evaluate<boolean>('document.documentElement.scrollWidth > document.documentElement.clientWidth')).toBe(false);
  await expectNoSeriousViolations(page, caption);
});

test('creator dashboard: earnings and applications per month match the api, in Spanish', async ({ page }) => {
  const api = await signedInClient(demo.creator);
  await openAs(page, demo.creator, '/dashboard/creator');
  const show = text('es', 'dashboard-creator.charts.showTable');
  const usdEs = money('es-419');
  const nEs = count('es-419');
  const earnings = await rpc<Row[]>(api, 'creator_earnings_series', { days: 365 });
  await checkChart(page, text('es', 'dashboard-creator.charts.earnings.title'), earnings.map((r) => [usdEs(r.earned_cents!), usdEs(r.paid_out_cents!)]), show);
  const apps = await rpc<Row[]>(api, 'creator_application_series', { days: 365 });
  await checkChart(page, text('es', 'dashboard-creator.charts.applications.title'), apps.map((r) => ['accepted', 'pending', 'rejected', 'canceled'].map((k) => nEs(r[k]!))), show);
  await expectNoSeriousViolations(page, page.getByRole('heading', { name: text('es', 'dashboard-creator.charts.title') }));
});

test('admin dashboard: sign-ups, campaigns and money per period match the api', async ({ page }) => {
  const api = await signedInClient(demo.admin);
  await openAs(page, demo.admin, '/dashboard/admin');
  const show = text('en', 'admin.charts.showTable');
  // The whole platform's sign-ups, campaigns and money: tests running alongside add accounts and campaigns
  // and move money (payouts.spec, escrow.spec), so the page (read at load) and the api (read just after) can
  // be a sign-up or a payment apart. All are read again, the page reloaded, until one reading of each
  // agrees; a figure that never matches still fails.
  await expect(async () => {
    await page.reload();
    const growth = await rpc<Row[]>(api, 'admin_growth_series', { days: 365 });
    await checkChart(page, text('en', 'admin.charts.signups.title'), growth.map((r) => [n(r.creator_signups!), n(r.brand_signups!), n(r.admin_signups!)]), show);
    await checkChart(page, text('en', 'admin.charts.campaigns.title'), growth.map((r) => [n(r.campaigns_created!)]), show);
    const moneyRows = await rpc<Row[]>(api, 'admin_money_series', { days: 365 });
    await checkChart(
      page,
      text('en', 'admin.charts.money.title'),
      moneyRows.map((r) => [usd(r.charged_cents!), usd(r.released_cents!), usd(r.fees_cents!), usd(r.refunded_cents!), usd(r.paid_out_cents!)]),
      show,
    );
  }).toPass({ timeout: 60_000 });
  await expectNoSeriousViolations(page, page.getByRole('heading', { name: text('en', 'admin.charts.title') }));
});

test('a creator with no history is led to first steps, with no charts; once applied, the earnings chart is honestly empty', async ({ page, accounts }) => {
  const [creator, brand] = await Promise.all([accounts.create('creator', { fullName: 'Empty Charts Creator' }), accounts.create('brand')]);
  await openAs(page, creator, '/dashboard/creator');
  // Nothing to chart yet: the dashboard leads to the first steps instead of empty figures (issue 32, item 3).
  await expect(page.getByText(text('es', 'dashboard-creator.firstSteps.title'))).toBeVisible();
  await expect(page.getByRole('figure').locator('svg')).toHaveCount(0);
  const campaignId = await rpc<string>(await signedInClient(brand), 'create_campaign', {
    title: 'Charts empty state', description: 'D', content_type: 'video', platforms: ['tiktok'], compensation_type: 'flat_fee',
    compensation_cents: 10_000, deadline: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  await rpc(await signedInClient(creator), 'apply_to_campaign', { campaign_id: campaignId, pitch: 'I would love this one.' });
  await page.reload();
  await expect(page.getByText(text('es', 'dashboard-creator.charts.earnings.empty'))).toBeVisible();
});
