import { mkdirSync } from 'node:fs';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { text } from '../testkit/e2e/catalog-text.ts';
import { callPayments, accept, fundByApi, pendingHire } from '../testkit/e2e/escrow.ts';
import { demo } from '../testkit/e2e/accounts.ts';
import { accessToken, anonKey, type Credentials, rpc, signedInClient, stackUrl } from '../testkit/e2e/clients.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { CLOSE_MENU, openNavigation } from '../testkit/e2e/navigation.ts';
import { bbvaSummary, creatorWithEarnings, payoutsOverview, shortPlatformBalanceFor, TEST_CLABE } from '../testkit/e2e/payouts.ts';
import { signInThroughUi } from '../testkit/e2e/sign-in.ts';

// Issue 30: one truth about money (docs/decisions/0031-one-glossary-of-money-terms.md). What Chromium
// shows on the brand's dashboard, analytics and payment history, and on a creator's content page after a
// split dispute, is compared with the api functions, which supabase/tests/money-glossary.test.ts compares
// with the ledger. Money figures covered: the dashboard's "Released to creators" and its money table (paid,
// in escrow, released, refunded per campaign and in total), analytics' "Released to creators", payment
// history's amounts and campaigns, the content page's paid (gross), fee, net received and refund, the
// content's review state, and the creator's available balance. A refund: the brand's payment history
// (refunded) and money table, and the creator's balance (nothing held). A failed payout: the creator's
// balance cards, the failed payout's line with its reason, the release's net and fee, the bell, and the admin's failed payouts.

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
  await page.screenshot({ path: `/tmp/money-shots/${testInfo.project.name}-${name}.png`, fullPage: true, animations: 'disabled' });
}

/** The reader's language, switched from the navigation (the menu is a modal on a phone: closed after). */
async function switchLanguage(page: Page, to: 'en' | 'es') {
  const from = to === 'en' ? 'es' : 'en';
  await openNavigation(page);
  await page.getByRole('group', { name: text(from, 'common.language') }).getByRole('button', { name: text(from, `common.language.${to}`) }).click();
  const closeMenu = page.getByRole('dialog').getByRole('button', { name: CLOSE_MENU });
  if (await closeMenu.isVisible()) await closeMenu.click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', to === 'en' ? /^en/ : /^es/);
}

/** The creator's payout account, set up through the Stripe double's hosted onboarding page (Mexico). */
async function onboardInMexico(page: Page) {
  await page.goto('/settings?tab=payouts');
  const panel = page.getByRole('tabpanel', { name: es('settings.tabs.payouts') });
  await panel.getByLabel(es('settings.payouts.country')).selectOption('MX');
  await panel.getByRole('button', { name: es('settings.payouts.action.setUp') }).click();
  await expect(page).toHaveURL(/\/stripe\/onboarding\?link=/);
  // The double's hosted form follows the creator's language (Spanish), as Stripe's does.
  await page.getByLabel('Nombre del titular de la cuenta').fill('Ana Lopez');
  await page.getByLabel('CLABE').fill(TEST_CLABE.paid);
  await page.getByRole('button', { name: 'Guardar cuenta bancaria' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=payouts$/);
  await expect(page.getByText(es('settings.payouts.state.active.bank', { bank: bbvaSummary(TEST_CLABE.paid) }))).toBeVisible();
}

/** The value of a balance card of the creator's earnings (its first dd). */
const balance = (page: Page, label: string) => page.locator('dl').filter({ has: page.locator('dt', { hasText: exactly(label) }) }).locator('dd').first();

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
    await expect(page.getByText(es('common.deliverable.status.closed'), { exact: true })).toBeVisible();
    await expect(page.getByText(es('common.deliverable.status.pending'), { exact: true })).toHaveCount(0);
    await expect(page.getByText(es('deliverables.creator.waitingBrand'), { exact: true })).toHaveCount(0);
    await expect(page.getByText(es('deliverables.hireClosed'), { exact: true })).toBeVisible();
    await expect(page.getByText(es('deliverables.round.closed'), { exact: true })).toBeVisible();
    await expect(page.getByText(es('deliverables.round.awaiting'), { exact: true })).toHaveCount(0);
    await shoot(page, testInfo, 'creator-split-content-es');

    await page.goto('/payments/history');
    await expect(field(page, es('earnings.balance.available'))).toHaveText(await usd(page, n(overview!.available_cents), 'es'));
    await shoot(page, testInfo, 'creator-earnings-es');

    // The same content page in English.
    await page.goto(`/deliverables/${deliverableId}`);
    await switchLanguage(page, 'en');
    await expect(field(page, en('payments.escrow.youReceived'))).toHaveText(await usd(page, n(hire.creator_cents), 'en'));
    await expect(field(page, en('payments.escrow.refundedToBrand'))).toHaveText(await usd(page, 12_500, 'en'));
    await expect(field(page, en('payments.escrow.paid'))).toHaveText(await usd(page, 25_000, 'en'));
    await expect(page.getByText(en('common.deliverable.status.closed'), { exact: true })).toBeVisible();
    await shoot(page, testInfo, 'creator-split-content-en');
  });

  test('a refund: a funded hire canceled before content reads refunded for the brand and nothing held for the creator', async ({ page, openPersonPage, accounts }, testInfo) => {
    const h = await pendingHire(accounts, 25_000);
    await accept(h);
    await fundByApi(h);
    const brandApi = await signedInClient(h.brand);
    const canceled = await callPayments(brandApi, 'POST', 'cancel-hire', { applicationId: h.applicationId, reason: 'Our launch moved to next year.' });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);

    // The api: the brand's payment is refunded, its campaign's money refunded in full, nothing held.
    const history = await rpc<Array<Record<string, unknown>>>(brandApi, 'payment_history');
    const payment = history.find((p) => p.campaign_id === h.campaignId);
    expect(payment).toMatchObject({ status: 'refunded', amount_cents: 25_000 });
    const row = (await rpc<Array<Record<string, unknown>>>(brandApi, 'brand_money_by_campaign')).find((r) => r.campaign_id === h.campaignId);
    expect({ funded: n(row?.funded_cents), held: n(row?.in_escrow_cents), released: n(row?.released_cents), refunded: n(row?.refunded_cents) })
      .toEqual({ funded: 25_000, held: 0, released: 0, refunded: 25_000 });
    const creatorApi = await signedInClient(h.creator);
    expect(await payoutsOverview(creatorApi)).toMatchObject({ in_escrow_cents: 0, available_cents: 0, in_transit_cents: 0 });

    // The brand's payment history: the payment, refunded, under its campaign.
    await signInThroughUi(page, h.brand);
    await expect(page).toHaveURL(/\/dashboard\/brand$/);
    const money = page.getByRole('table', { name: en('dashboard-brand.money.caption') });
    const cells = money.getByRole('row').filter({ has: page.getByRole('rowheader', { name: h.campaignTitle }) }).getByRole('cell');
    await expect(cells.nth(0)).toHaveText(await usd(page, 25_000, 'en'));
    await expect(cells.nth(1)).toHaveText(await usd(page, 0, 'en'));
    await expect(cells.nth(2)).toHaveText(await usd(page, 0, 'en'));
    await expect(cells.nth(3)).toHaveText(await usd(page, 25_000, 'en'));
    await page.goto('/payments/history');
    const line = page.getByRole('table').getByRole('row').filter({ hasText: h.campaignTitle });
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(await usd(page, 25_000, 'en'));
    await expect(line).toContainText(en('payments.status.refunded'));
    await shoot(page, testInfo, 'brand-refund-history-en');

    // The creator's earnings: nothing in escrow, nothing available, nothing on its way.
    const creator = await openPersonPage();
    await signInThroughUi(creator, h.creator);
    await expect(creator).toHaveURL(/\/dashboard\/creator$/);
    await creator.goto('/payments/history');
    for (const label of ['earnings.balance.inEscrow', 'earnings.balance.available', 'earnings.balance.inTransit', 'earnings.balance.paidOut']) {
      await expect(balance(creator, es(label)), label).toHaveText(await usd(creator, 0, 'es'));
    }
    await shoot(creator, testInfo, 'creator-refund-earnings-es');
  });

  test('a failed payout: the money is back in available, the failed payout says why, the bell agrees, the admin counts it', async ({ page, openPersonPage, accounts }, testInfo) => {
    const s = await creatorWithEarnings(accounts, 'moneyshort', 11_000);
    await signInThroughUi(page, s.creator);
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    await onboardInMexico(page);
    // The platform's balance is short for this creator's payouts (testkit/e2e/payouts.ts).
    await shortPlatformBalanceFor(s.creator.id);
    const res = await fetch(`${stackUrl()}/functions/v1/payouts/request`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await accessToken(s.creatorApi)}`, apikey: anonKey(), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: 'platform_balance_insufficient' });

    // The api: the money is back in available, nothing on its way, the payout failed with the platform's code.
    const overview = await payoutsOverview(s.creatorApi);
    expect(overview).toMatchObject({ available_cents: s.availableCents, in_transit_cents: 0, account_status: 'active' });
    const lines = await rpc<Array<Record<string, unknown>>>(s.creatorApi, 'creator_money_history');
    const failed = lines.filter((l) => l.kind === 'payout');
    expect(failed).toEqual([expect.objectContaining({ status: 'failed', failure_code: 'platform_balance_insufficient' })]);
    expect(Math.abs(n(failed[0]!.amount_cents))).toBe(s.availableCents);

    await page.goto('/payments/history');
    const payoutLine = page.getByRole('row').filter({ hasText: es('earnings.kind.payout') }).first();
    await expect(payoutLine).toContainText(es('earnings.state.failed'));
    await expect(payoutLine).toContainText(await usd(page, s.availableCents, 'es'));
    await expect(payoutLine).toContainText(es('earnings.history.failure', { message: es('earnings.error.platform_balance_insufficient') }));
    // The release that earned it: the creator's net and the platform fee, as the api (the ledger) has them.
    const released = lines.find((l) => l.kind === 'released' || l.kind === 'payment')!;
    expect(n(released.amount_cents) + n(released.fee_cents)).toBe(s.paidCents);
    const releasedLine = page.getByRole('row').filter({ hasText: s.campaignTitle });
    await expect(releasedLine).toContainText(await usd(page, n(released.amount_cents), 'es'));
    await expect(releasedLine).toContainText(es('earnings.history.fee', { fee: await usd(page, n(released.fee_cents), 'es') }));
    await expect(balance(page, es('earnings.balance.available'))).toHaveText(await usd(page, n(overview.available_cents), 'es'));
    await expect(balance(page, es('earnings.balance.inTransit'))).toHaveText(await usd(page, 0, 'es'));
    await expect(balance(page, es('earnings.balance.paidOut'))).toHaveText(await usd(page, 0, 'es'));
    await expect(balance(page, es('earnings.balance.inEscrow'))).toHaveText(await usd(page, n(overview.in_escrow_cents), 'es'));
    // A sentence ending in a date that ends in "p.m." takes no second full stop.
    expect(await page.locator('main').innerText()).not.toMatch(/\.\.(\s|$)/);
    await shoot(page, testInfo, 'creator-failed-payout-es');

    // The bell says whose side it was: nothing sends the creator to their payout details (finding 2).
    const [note] = (await rpc<Array<Record<string, unknown>>>(s.creatorApi, 'my_notifications')).filter((x) => x.kind === 'payout_failed');
    expect(note?.data).toMatchObject({ amount_cents: s.availableCents, failure_code: 'platform_balance_insufficient' });
    const bellText = es('notifications.kind.payout_failed_platform', { amount: await usd(page, s.availableCents, 'es') });
    await page.goto('/notifications');
    await expect(page.getByText(bellText)).toBeVisible();
    await expect(page.getByText(es('notifications.kind.payout_failed', { amount: await usd(page, s.availableCents, 'es') }))).toHaveCount(0);
    await page.goto('/payments/history');

    // The same screen in English.
    await switchLanguage(page, 'en');
    const enLine = page.getByRole('row').filter({ hasText: en('earnings.kind.payout') }).first();
    await expect(enLine).toContainText(en('earnings.history.failure', { message: en('earnings.error.platform_balance_insufficient') }));
    await expect(balance(page, en('earnings.balance.available'))).toHaveText(await usd(page, n(overview.available_cents), 'en'));
    await shoot(page, testInfo, 'creator-failed-payout-en');

    // The admin's failed payouts count it: the card says what api.admin_money_summary says (other journeys
    // move money at the same time, so the page and the figures are read again until one reading agrees).
    const adminApi = await signedInClient(demo.admin);
    const admin = await openPersonPage();
    await signInThroughUi(admin, demo.admin);
    await expect(admin).toHaveURL(/\/dashboard\/admin$/);
    const failedCard = admin.locator('dl').filter({ has: admin.locator('dt', { hasText: exactly(en('admin.money.failedPayouts')) }) });
    await expect(async () => {
      await admin.reload();
      const summary = (await rpc<Array<{ failed_payouts: number; failed_payouts_cents: number }>>(adminApi, 'admin_money_summary'))[0]!;
      expect(summary.failed_payouts).toBeGreaterThanOrEqual(1);
      expect(n(summary.failed_payouts_cents)).toBeGreaterThanOrEqual(s.availableCents);
      await expect(failedCard.locator('dd').first()).toHaveText(String(summary.failed_payouts), { timeout: 2_000 });
      await expect(failedCard).toContainText(await usd(admin, n(summary.failed_payouts_cents), 'en'), { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await adminApi.auth.signOut();
  });
});
