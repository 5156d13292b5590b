import { mkdirSync } from 'node:fs';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { text } from '../testkit/e2e/catalog-text.ts';
import { callPayments, accept, fundByApi, pendingHire } from '../testkit/e2e/escrow.ts';
import { demo } from '../testkit/e2e/accounts.ts';
import { type Credentials, rpc, signedInClient } from '../testkit/e2e/clients.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { signInThroughUi } from '../testkit/e2e/sign-in.ts';

// Issue 30: one truth about money (docs/decisions/0031-one-glossary-of-money-terms.md). What Chromium
// shows on the brand's dashboard, analytics and payment history, and on a creator's content page after a
// split dispute, is compared with the api functions, which supabase/tests/money-glossary.test.ts compares
// with the ledger. Money figures covered: the dashboard's "Released to creators" and its money table (paid,
// in escrow, released, refunded per campaign and in total), analytics' "Released to creators", payment
// history's amounts and campaigns, the content page's paid (gross), fee, net received and refund, the
// content's review state, and the creator's available balance.

const en = (key: string, values?: Record<string, string | number>) => text('en', key, values);
const es = (key: string, values?: Record<string, string | number>) => text('es', key, values);
/** Seeded TrailPeak (supabase/seed.sql): $200.00 released to Mateo, $800.00 held in escrow for Lucía's open dispute. */
const trailpeak: Credentials = { email: 'trailpeak@demo.test', password: 'password123' };

const usd = (page: Page, cents: number, lang: 'en' | 'es') =>
  page.evaluate(
    ([c, tag]) => new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(c / 100),
    [cents, lang === 'en' ? 'en-US' : 'es-419'] as const,
  );
const n = (v: unknown) => Number(v ?? 0);
/** The value of a term/value pair (stat cards, the hire card's fields). */
const exactly = (label: string) => new RegExp(`^${label.replace(/[()$.?*+[\]\\]/g, '\\$&')}$`);
const field = (scope: Page | Locator, label: string) =>
  scope.locator('dt').filter({ hasText: exactly(label) }).first().locator('xpath=following-sibling::dd[1]');

/** A screenshot under /tmp/money-shots, named after the project (desktop 1280 px, mobile 390 px). */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync('/tmp/money-shots', { recursive: true });
  await page.screenshot({ path: `/tmp/money-shots/${testInfo.project.name}-${name}.png`, fullPage: true });
}

test.describe('money consistency', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a seeded brand: dashboard, money table, analytics and payment history show the api\'s released, held and paid', async ({ page }, testInfo) => {
    const api = await signedInClient(trailpeak);
    const [dash] = await rpc<Array<{ total_spent_cents: number }>>(api, 'brand_dashboard').then((r) => (Array.isArray(r) ? r : [r]));
    const table = await rpc<Array<Record<string, unknown>>>(api, 'brand_money_by_campaign');
    const [totals] = await rpc<Array<{ amount_paid_cents: number }>>(api, 'brand_analytics_totals');
    const history = await rpc<Array<Record<string, unknown>>>(api, 'payment_history');
    const released = table.reduce((s, r) => s + n(r.released_cents), 0);
    // One term, one figure: the dashboard card, the table's released column and analytics agree.
    expect(n(dash!.total_spent_cents)).toBe(released);
    expect(n(totals!.amount_paid_cents)).toBe(released);
    expect(table.reduce((s, r) => s + n(r.in_escrow_cents), 0)).toBeGreaterThan(0);

    await signInThroughUi(page, trailpeak);
    await expect(page).toHaveURL(/\/dashboard\/brand$/);
    await expect(field(page, en('dashboard-brand.releasedToCreators'))).toHaveText(await usd(page, released, 'en'));
    const money = page.getByRole('table', { name: en('dashboard-brand.money.caption') });
    for (const r of table) {
      const row = money.getByRole('row').filter({ has: page.getByRole('rowheader', { name: String(r.campaign_title) }) });
      const cells = row.getByRole('cell');
      await expect(cells.nth(0)).toHaveText(await usd(page, n(r.funded_cents), 'en'));
      await expect(cells.nth(1)).toHaveText(await usd(page, n(r.in_escrow_cents), 'en'));
      await expect(cells.nth(2)).toHaveText(await usd(page, n(r.released_cents), 'en'));
      await expect(cells.nth(3)).toHaveText(await usd(page, n(r.refunded_cents), 'en'));
    }
    const totalRow = money.locator('tfoot tr');
    await expect(totalRow.getByRole('cell').nth(2)).toHaveText(await usd(page, released, 'en'));
    await shoot(page, testInfo, 'brand-dashboard-en');

    await page.goto('/analytics');
    const stats = page.getByRole('region', { name: 'Totals' });
    await expect(field(stats, en('analytics.totals.released'))).toHaveText(await usd(page, released, 'en'));
    await shoot(page, testInfo, 'brand-analytics-en');

    await page.goto('/payments/history');
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(history.length + 1);
    for (const p of history) {
      expect(p.campaign_title, `payment ${String(p.id)}`).toBeTruthy();
      const row = rows.filter({ hasText: String(p.campaign_title) });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(await usd(page, n(p.amount_cents), 'en'));
    }
    await expect(page.getByText(en('payments.history.deleted'), { exact: true })).toHaveCount(0);
    await shoot(page, testInfo, 'brand-payment-history-en');
  });

  test('a split dispute: the creator\'s content page shows the net of their share, the refund and a closed review', async ({ page, accounts }, testInfo) => {
    // A $250.00 hire, funded, content submitted; the creator disputes; an admin splits $125.00 / $125.00.
    const h = await pendingHire(accounts, 25_000);
    await accept(h);
    await fundByApi(h);
    const creatorApi = await signedInClient(h.creator);
    const deliverableId = await rpc<string>(creatorApi, 'submit_deliverable', { campaign_id: h.campaignId, content_url: `https://www.instagram.com/reel/${h.creator.username}/` });
    const disputeId = await rpc<string>(creatorApi, 'open_dispute', { application_id: h.applicationId, reason: 'unresponsive', details: 'No answer for two weeks.' });
    const adminApi = await signedInClient(demo.admin);
    const resolved = await callPayments(adminApi, 'POST', 'resolve-dispute', { disputeId, outcome: 'split', creatorCents: 12_500, note: 'Half the work was done.' });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);

    const [detail] = await rpc<Array<{ hire: Record<string, unknown> }>>(creatorApi, 'deliverable_detail', { deliverable_id: deliverableId });
    const hire = detail!.hire;
    // The api says what the ledger paid: the net of the creator's $125.00 share, the brand's $125.00 back.
    expect({ net: n(hire.creator_cents), refunded: n(hire.refunded_cents), released: n(hire.released_cents), held: n(hire.held_cents) })
      .toEqual({ net: 12_500 - Math.floor((12_500 * n(hire.fee_bps)) / 10_000), refunded: 12_500, released: 12_500, held: 0 });
    const [overview] = await rpc<Array<{ available_cents: number }>>(creatorApi, 'my_payouts_overview');
    expect(n(overview!.available_cents)).toBe(n(hire.creator_cents));

    await signInThroughUi(page, h.creator);
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    await page.goto(`/deliverables/${deliverableId}`);
    await expect(field(page, es('payments.escrow.youReceived'))).toHaveText(await usd(page, n(hire.creator_cents), 'es'));
    await expect(field(page, es('payments.escrow.refundedToBrand'))).toHaveText(await usd(page, 12_500, 'es'));
    await expect(field(page, es('payments.escrow.paid'))).toHaveText(await usd(page, 25_000, 'es'));
    await expect(page.getByText(es('payments.deliverableStatus.closed'), { exact: true })).toBeVisible();
    await expect(page.getByText(es('payments.deliverableStatus.pending'), { exact: true })).toHaveCount(0);
    await expect(page.getByText(es('deliverables.creator.waitingBrand'), { exact: true })).toHaveCount(0);
    await expect(page.getByText(es('deliverables.hireClosed'), { exact: true })).toBeVisible();
    await expect(page.getByText(es('deliverables.round.closed'), { exact: true })).toBeVisible();
    await expect(page.getByText(es('deliverables.round.awaiting'), { exact: true })).toHaveCount(0);
    await shoot(page, testInfo, 'creator-split-content-es');

    await page.goto('/payments/history');
    await expect(field(page, es('earnings.balance.available'))).toHaveText(await usd(page, n(overview!.available_cents), 'es'));
    await shoot(page, testInfo, 'creator-earnings-es');
  });
});
