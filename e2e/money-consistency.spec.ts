import { mkdirSync } from 'node:fs';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { en, es, text } from '../testkit/e2e/catalog-text.ts';
import { callPayments, accept, fundByApi, type Hire, pendingHire } from '../testkit/e2e/escrow.ts';
import { type Account, demo } from '../testkit/e2e/accounts.ts';
import { accessToken, anonKey, type ApiClient, type Credentials, rpc, signedInClient, stackUrl } from '../testkit/e2e/clients.ts';
import { type AccountFactory, expect, test } from '../testkit/e2e/fixtures.ts';
import { sendQueuedEmails, waitForEmail } from '../testkit/e2e/mail.ts';
import { CLOSE_MENU, openNavigation } from '../testkit/e2e/navigation.ts';
import { bbvaSummary, creatorWithEarnings, legalNameOf, payoutsOverview, shortPlatformBalanceFor, stripeDouble, TEST_CLABE } from '../testkit/e2e/payouts.ts';
import { signInThroughUi } from '../testkit/e2e/sign-in.ts';
import { usd } from '../testkit/e2e/money.ts';
import { fillCard } from '../testkit/e2e/checkout.ts';
import { paymentEntries } from '../testkit/e2e/payment-history.ts';

// Issue 30: one truth about money (docs/decisions/0031-one-glossary-of-money-terms.md). Every money figure
// the app shows, read in Chromium, is compared with the api function that is its one source (which
// supabase/tests/money-glossary.test.ts compares with the ledger), formatted as the app formats money; the
// decision's closing table names, for each figure, the test here (or elsewhere) that does it. Journeys make
// their own accounts; what is global (the admin's totals and recent activity) is read again until one reading
// of page and api agrees. Screenshots of every screen read go to /tmp/money-shots (desktop 1280 px, mobile
// 390 px; en and es): the brand, creator and admin dashboards, analytics, earnings, a split dispute, a failed payout.

/** Seeded TrailPeak (supabase/seed.sql): $200.00 released to Mateo, $800.00 held in escrow for Lucía's open dispute. */
const trailpeak: Credentials = { email: 'trailpeak@demo.test', password: 'password123' };

const n = (v: unknown) => Number(v ?? 0);
const escapeRe = (s: string) => s.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
/** A text as the start of an accessible name, which Playwright compares with its spaces (an amount's no-break one too) normalised. */
const startsName = (s: string) => new RegExp(`^${escapeRe(s).replace(/\s+/g, '\\s+')}`);
/** The value of a term/value pair (stat cards, the hire card's fields). */
const exactly = (label: string) => new RegExp(`^${label.replace(/[()$.?*+[\]\\]/g, '\\$&')}$`);
/** A catalog message with tags (`<0>…</0>`) as its text reads on screen. */
const untagged = (message: string) => message.replace(/<\/?\d+>/g, '');
/**
 * Money as an email writes it: the emails function formats on the server (Node's Intl, as this process),
 * en-US or es-419 (supabase/functions/emails/render/render-email.ts).
 */
const mailUsd = (cents: number, lang: 'en' | 'es') =>
  new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'es-419', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(cents / 100);
/** Email text wraps and may put a no-break space in an amount: compare with single ordinary spaces. */
const flat = (s: string) => s.replace(/\s+/g, ' ');
const field = (scope: Page | Locator, label: string) =>
  scope.locator('dt').filter({ hasText: exactly(label) }).first().locator('xpath=following-sibling::dd[1]');

/** A screenshot under /tmp/money-shots, named after the project (desktop 1280 px, mobile 390 px). */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync('/tmp/money-shots', { recursive: true });
  // A toast ("Login Successful") would cover figures in the picture: closed first, as a reader would.
  const close = page.getByRole('button', { name: new RegExp(`^(${en('common.toast.close')}|${es('common.toast.close')})$`) });
  for (const button of await close.all()) await button.click().catch(() => undefined);
  await expect(close).toHaveCount(0);
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
async function onboardInMexico(page: Page, holder: string) {
  await page.goto('/settings?tab=payouts');
  const panel = page.getByRole('tabpanel', { name: es('settings.tabs.payouts') });
  await panel.getByLabel(es('settings.payouts.country')).selectOption('MX');
  await panel.getByRole('button', { name: es('settings.payouts.action.setUp') }).click();
  await expect(page).toHaveURL(/\/stripe\/onboarding\?link=/);
  // The double's hosted form follows the creator's language (Spanish), as Stripe's does.
  await page.getByLabel('Nombre del titular de la cuenta').fill(holder);
  await page.getByLabel('CLABE').fill(TEST_CLABE.paid);
  await page.getByRole('button', { name: 'Guardar cuenta bancaria' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=payouts$/);
  // In the account's region: the return message that greets the creator back from the hosted form
  // (settings.payouts.return.active.bank, a status in the same panel) says the same sentence while it
  // shows, and a page-wide getByText then found two elements (the strict-mode failure CI saw now and then).
  const account = panel.getByRole('region', { name: es('settings.payouts.account.title') });
  await expect(account.getByText(es('settings.payouts.state.active.bank', { bank: bbvaSummary(TEST_CLABE.paid) }))).toBeVisible();
}

/** The value of a balance card of the creator's earnings (its first dd). */
const balance = (page: Page, label: string) => page.locator('dl').filter({ has: page.locator('dt', { hasText: exactly(label) }) }).locator('dd').first();

/**
 * The brand dashboard's money for one campaign (or the total when `title` is null): paid, in escrow,
 * released, refunded. A table from sm up, one card per campaign on a phone.
 */
function moneyOf(page: Page, testInfo: TestInfo, title: string | null): Locator[] {
  const labels = ['dashboard-brand.money.funded', 'dashboard-brand.money.inEscrow', 'dashboard-brand.money.released', 'dashboard-brand.money.refunded'];
  if (testInfo.project.name === 'mobile') {
    const cards = page.getByRole('list', { name: en('dashboard-brand.money.caption') }).getByRole('listitem');
    const card = title === null
      ? cards.filter({ has: page.getByRole('heading', { name: en('dashboard-brand.money.total'), exact: true }) })
      : cards.filter({ has: page.getByRole('link', { name: title, exact: true }) });
    return labels.map((l) => field(card, en(l)));
  }
  const table = page.getByRole('table', { name: en('dashboard-brand.money.caption') });
  const row = title === null ? table.locator('tfoot tr') : table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title }) });
  return labels.map((_, i) => row.getByRole('cell').nth(i));
}

/** Another funded hire of the same brand: a campaign of theirs, a fresh creator accepted, funded by card. */
async function anotherFundedHire(accounts: AccountFactory, brand: Account, amountCents: number): Promise<Hire> {
  const creator = await accounts.create('creator', { label: 'held' });
  const [brandApi, creatorApi] = await Promise.all([signedInClient(brand), signedInClient(creator)]);
  const campaignTitle = `Held journey ${creator.username}`;
  const campaignId = await rpc<string>(brandApi, 'create_campaign', {
    title: campaignTitle,
    description: 'A campaign made by the money consistency test.',
    content_type: 'video',
    platforms: ['instagram'],
    compensation_type: 'flat_fee',
    compensation_cents: amountCents,
    deadline: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    status: 'active',
  });
  const applicationId = await rpc<string>(creatorApi, 'apply_to_campaign', { campaign_id: campaignId, pitch: 'I film honest reviews every week.' });
  const hire = { brand, creator, campaignId, campaignTitle, applicationId, amountCents };
  await accept(hire);
  await fundByApi(hire);
  return hire;
}

/** A funded hire with its content submitted and a dispute the creator opened: the ids the journeys need. */
async function disputedHire(accounts: AccountFactory, amountCents: number) {
  const h = await pendingHire(accounts, amountCents);
  await accept(h);
  await fundByApi(h);
  const creatorApi = await signedInClient(h.creator);
  const deliverableId = await rpc<string>(creatorApi, 'submit_deliverable', { campaign_id: h.campaignId, content_url: `https://www.instagram.com/reel/${h.creator.username}/` });
  const disputeId = await rpc<string>(creatorApi, 'open_dispute', { application_id: h.applicationId, reason: 'unresponsive', details: 'No answer for two weeks.' });
  return { ...h, creatorApi, deliverableId, disputeId };
}

/** An admin decides a dispute through the payments function (as the resolve form does). */
async function resolve(adminApi: ApiClient, disputeId: string, outcome: 'split' | 'refund', creatorCents?: number) {
  const resolved = await callPayments(adminApi, 'POST', 'resolve-dispute', { disputeId, outcome, ...(creatorCents === undefined ? {} : { creatorCents }), note: 'Decided by the money consistency test.' });
  expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
}

/** One application's history as the api gives it to this reader. */
async function eventsOf(client: ApiClient, applicationId: string) {
  return rpc<Array<{ kind: string; detail: Record<string, unknown> | null }>>(client, 'application_events', { application_id: applicationId });
}

/** A notification of this kind about this application, as the api gives it to its reader. */
async function notificationOf(client: ApiClient, kind: string, applicationId: string) {
  const all = await rpc<Array<{ kind: string; application_id: string | null; data: Record<string, unknown> }>>(client, 'my_notifications');
  const found = all.filter((x) => x.kind === kind && x.application_id === applicationId);
  expect(found, `${kind} notifications`).toHaveLength(1);
  return found[0]!;
}

/** The rows of a list shown as a table on wide screens and as cards on phones, by what they contain. */
const rowOf = (scope: Page | Locator, testInfo: TestInfo, text: string) =>
  scope.getByRole(testInfo.project.name === 'mobile' ? 'listitem' : 'row').filter({ hasText: text });

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
    for (const r of table) {
      const cells = moneyOf(page, testInfo, String(r.campaign_title));
      await expect(cells[0]!).toHaveText(await usd(page, n(r.funded_cents), 'en'));
      await expect(cells[1]!).toHaveText(await usd(page, n(r.in_escrow_cents), 'en'));
      await expect(cells[2]!).toHaveText(await usd(page, n(r.released_cents), 'en'));
      await expect(cells[3]!).toHaveText(await usd(page, n(r.refunded_cents), 'en'));
    }
    await expect(moneyOf(page, testInfo, null)[2]!).toHaveText(await usd(page, released, 'en'));
    await shoot(page, testInfo, 'brand-dashboard-en');

    await page.goto('/analytics');
    const stats = page.getByRole('region', { name: 'Totals' });
    await expect(field(stats, en('analytics.totals.released'))).toHaveText(await usd(page, released, 'en'));
    await shoot(page, testInfo, 'brand-analytics-en');

    await page.goto('/payments/history');
    const rows = paymentEntries(page);
    await expect(rows).toHaveCount(history.length);
    for (const p of history) {
      expect(p.campaign_title, `payment ${String(p.id)}`).toBeTruthy();
      const row = rows.filter({ hasText: String(p.campaign_title) });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(await usd(page, n(p.amount_cents), 'en'));
    }
    await expect(page.getByText(en('payments.history.deleted'), { exact: true })).toHaveCount(0);
    await shoot(page, testInfo, 'brand-payment-history-en');
  });

  test('a split dispute: the creator\'s content page shows the net of their share, the refund and a closed review; the decision\'s activity, bell and email name the api\'s shares', async ({ page, accounts }, testInfo) => {
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
    // The activity's decision names each side's share as the api's history has it (the creator's is gross, and says so).
    const decision = (await eventsOf(creatorApi, h.applicationId)).find((e) => e.kind === 'resolved');
    expect({ outcome: decision?.detail?.outcome, creator: n(decision?.detail?.creator_cents), brand: n(decision?.detail?.brand_cents) })
      .toEqual({ outcome: 'split', creator: n(hire.released_cents), brand: n(hire.refunded_cents) });
    const activity = page.getByRole('region', { name: es('activity.title') });
    await expect(activity.getByText(es('activity.event.resolved.split', {
      creator: await usd(page, n(decision!.detail!.creator_cents), 'es'),
      brand: await usd(page, n(decision!.detail!.brand_cents), 'es'),
    }), { exact: true })).toBeVisible();
    await shoot(page, testInfo, 'creator-split-content-es');

    // The bell names no figure for a decision; the email (Spanish, the creator's) names both shares, as the bell's data has them.
    const note = await notificationOf(creatorApi, 'dispute_resolved', h.applicationId);
    expect({ creator: n(note.data.creator_cents), brand: n(note.data.brand_cents) }).toEqual({ creator: n(hire.released_cents), brand: n(hire.refunded_cents) });
    await page.goto('/notifications');
    await expect(page.getByRole('list', { name: es('notifications.title') }).getByRole('link', { name: startsName(es('notifications.kind.dispute_resolved', { campaign: h.campaignTitle })) })).toBeVisible();
    await sendQueuedEmails();
    const mail = await waitForEmail({ to: h.creator.email, subject: new RegExp(`^Se resolvió la disputa en ${escapeRe(h.campaignTitle)}$`) });
    expect(flat(mail.text)).toContain(flat(`Para el creador: ${mailUsd(n(note.data.creator_cents), 'es')} (bruto, antes de la comisión de la plataforma). Reembolsado a la marca: ${mailUsd(n(note.data.brand_cents), 'es')}.`));
    // The release of the creator's share: the bell's data, the bell and the email name the net the content page shows.
    const released = await notificationOf(creatorApi, 'money_released', h.applicationId);
    expect(n(released.data.amount_cents)).toBe(n(hire.creator_cents));
    await expect(page.getByRole('list', { name: es('notifications.title') }).getByRole('link', { name: startsName(es('notifications.kind.money_released', { amount: await usd(page, n(released.data.amount_cents), 'es'), campaign: h.campaignTitle })) })).toBeVisible();
    const releasedMail = await waitForEmail({ to: h.creator.email, subject: /\(neto\)$/ });
    expect(flat(releasedMail.subject)).toBe(flat(`Se te liberaron ${mailUsd(n(released.data.amount_cents), 'es')} (neto)`));

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
    await page.goto('/payments/history');
    await expect(field(page, en('earnings.balance.available'))).toHaveText(await usd(page, n(overview!.available_cents), 'en'));
    await shoot(page, testInfo, 'creator-earnings-en');
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
    const cells = moneyOf(page, testInfo, h.campaignTitle);
    await expect(cells[0]!).toHaveText(await usd(page, 25_000, 'en'));
    await expect(cells[1]!).toHaveText(await usd(page, 0, 'en'));
    await expect(cells[2]!).toHaveText(await usd(page, 0, 'en'));
    await expect(cells[3]!).toHaveText(await usd(page, 25_000, 'en'));
    await page.goto('/payments/history');
    const line = paymentEntries(page).filter({ hasText: h.campaignTitle });
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
    await onboardInMexico(page, legalNameOf(s.creator));
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
    // The email (Spanish, the creator's): the same amount as the bell's data.
    await sendQueuedEmails();
    const failedMail = await waitForEmail({ to: s.creator.email, subject: /falló$/ });
    expect(flat(failedMail.subject)).toBe(flat(`Tu retiro de ${mailUsd(n((note!.data as { amount_cents?: number }).amount_cents), 'es')} falló`));
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

  test('a brand\'s analytics: each campaign\'s Released and the spend chart\'s summary are the api\'s, in English and Spanish', async ({ page, accounts }, testInfo) => {
    // One fresh brand, two hires: $250.00 split by an admin ($125.00 released, $125.00 refunded), and $300.00 funded and held.
    const split = await disputedHire(accounts, 25_000);
    const held = await anotherFundedHire(accounts, split.brand, 30_000);
    const adminApi = await signedInClient(demo.admin);
    await resolve(adminApi, split.disputeId, 'split', 12_500);
    await adminApi.auth.signOut();

    const brandApi = await signedInClient(split.brand);
    const campaigns = await rpc<Array<{ campaign_id: string; title: string; amount_paid_cents: number }>>(brandApi, 'brand_analytics');
    const [dash] = await rpc<Array<{ total_spent_cents: number }>>(brandApi, 'brand_dashboard').then((r) => (Array.isArray(r) ? r : [r]));
    // The charts' default range (BrandAnalytics: 90 days, every campaign).
    const series = await rpc<Array<{ released_cents: number; refunded_cents: number; in_escrow_cents: number }>>(brandApi, 'brand_spend_series', { days: 90, campaign_id: null });
    const spend = {
      released: series.reduce((s, r) => s + n(r.released_cents), 0),
      refunded: series.reduce((s, r) => s + n(r.refunded_cents), 0),
      inEscrow: n(series.at(-1)?.in_escrow_cents),
    };
    // What the money of these two hires is (the ledger's, compared by money-glossary.test.ts): the api agrees with itself.
    expect(new Map(campaigns.map((c) => [c.campaign_id, n(c.amount_paid_cents)]))).toEqual(new Map([[split.campaignId, 12_500], [held.campaignId, 0]]));
    expect(spend).toEqual({ released: 12_500, refunded: 12_500, inEscrow: 30_000 });
    expect(n(dash!.total_spent_cents)).toBe(12_500);

    await signInThroughUi(page, split.brand);
    await expect(page).toHaveURL(/\/dashboard\/brand$/);
    for (const lang of ['en', 'es'] as const) {
      const t = lang === 'en' ? en : es;
      if (lang === 'es') {
        await switchLanguage(page, 'es');
        await page.goto('/dashboard/brand');
      }
      await expect(field(page, t('dashboard-brand.releasedToCreators'))).toHaveText(await usd(page, n(dash!.total_spent_cents), lang));
      await shoot(page, testInfo, `brand-dashboard-fresh-${lang}`);

      await page.goto('/analytics');
      const summary = t('analytics.charts.spend.summary', {
        days: 90,
        released: await usd(page, spend.released, lang),
        refunded: await usd(page, spend.refunded, lang),
        inEscrow: await usd(page, spend.inEscrow, lang),
      });
      await expect(page.getByText(summary, { exact: true })).toBeVisible();
      // Per campaign: the table's last column on a wide screen, the card's Released on a phone.
      for (const c of campaigns) {
        const amount = await usd(page, n(c.amount_paid_cents), lang);
        if (testInfo.project.name === 'mobile') {
          const card = page.getByRole('list', { name: t('analytics.table.caption') }).getByRole('listitem').filter({ has: page.getByRole('link', { name: c.title, exact: true }) });
          await expect(field(card, t('analytics.table.released'))).toHaveText(amount);
        } else {
          const row = page.getByRole('table', { name: t('analytics.table.caption') }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: c.title }) });
          await expect(row.getByRole('cell').last()).toHaveText(amount);
        }
      }
      await shoot(page, testInfo, `brand-analytics-fresh-${lang}`);
      await page.goto('/dashboard/brand');
    }
  });

  test('a dispute refunded in full: the queue\'s At stake, then the activity, the bell and the emails of the refund and the decision are the api\'s', async ({ page, openPersonPage, accounts }, testInfo) => {
    const h = await disputedHire(accounts, 30_000);
    const admin = await accounts.create('admin', { label: 'moneyjudge' });
    const adminApi = await signedInClient(admin);

    // The admin's queue: "At stake" is api.admin_dispute_queue's held_cents for this dispute (a page at a time).
    let queued: { held_cents: number } | undefined;
    for (let after: { created_at: string; id: string } | undefined; !queued; ) {
      const rows = await rpc<Array<{ id: string; held_cents: number; created_at: string }>>(adminApi, 'admin_dispute_queue', { page_size: 200, after_opened_at: after?.created_at ?? null, after_id: after?.id ?? null });
      queued = rows.find((r) => r.id === h.disputeId);
      expect(queued || rows.length === 200, 'the dispute is in the queue').toBeTruthy();
      after = rows.at(-1);
    }
    expect(n(queued.held_cents)).toBe(30_000);
    const adminPage = await openPersonPage();
    await signInThroughUi(adminPage, admin);
    await expect(adminPage).toHaveURL(/\/dashboard\/admin$/);
    const queue = adminPage.getByRole('region', { name: en('disputes.admin.title'), exact: true });
    const review = queue.getByRole('button', { name: en('disputes.admin.reviewLabel', { campaign: h.campaignTitle }) });
    const more = queue.getByRole('button', { name: en('disputes.admin.loadMore') });
    await expect(review.or(more).first()).toBeVisible();
    while (!(await review.isVisible())) {
      await more.click();
      await expect(review.or(more).first()).toBeVisible();
    }
    const row = rowOf(queue, testInfo, h.campaignTitle);
    const atStake = testInfo.project.name === 'mobile' ? field(row, en('disputes.admin.atStake')) : row.getByRole('cell').nth(3);
    await expect(atStake).toHaveText(await usd(adminPage, n(queued.held_cents), 'en'));

    await resolve(adminApi, h.disputeId, 'refund');
    await adminApi.auth.signOut();

    // The api: the brand's refund as the ledger has it (the hire), the history's steps and the bell's data.
    const brandApi = await signedInClient(h.brand);
    const [detail] = await rpc<Array<{ hire: Record<string, unknown> }>>(brandApi, 'deliverable_detail', { deliverable_id: h.deliverableId });
    const refunded = n(detail!.hire.refunded_cents);
    // A closed hire: the creator received nothing and no fee was taken (the ledger's, not the quote on $300.00).
    expect({ refunded, released: n(detail!.hire.released_cents), held: n(detail!.hire.held_cents), net: n(detail!.hire.creator_cents), fee: n(detail!.hire.fee_cents) })
      .toEqual({ refunded: 30_000, released: 0, held: 0, net: 0, fee: 0 });
    const events = await eventsOf(brandApi, h.applicationId);
    const refundedStep = events.find((e) => e.kind === 'refunded');
    const decision = events.find((e) => e.kind === 'resolved');
    expect(n(refundedStep?.detail?.amount_cents)).toBe(refunded);
    expect({ outcome: decision?.detail?.outcome, brand: n(decision?.detail?.brand_cents), creator: n(decision?.detail?.creator_cents) }).toEqual({ outcome: 'refund', brand: refunded, creator: 0 });
    const refundNote = await notificationOf(brandApi, 'money_refunded', h.applicationId);
    expect(n(refundNote.data.amount_cents)).toBe(refunded);
    const decisionNote = await notificationOf(brandApi, 'dispute_resolved', h.applicationId);
    expect({ brand: n(decisionNote.data.brand_cents), creator: n(decisionNote.data.creator_cents) }).toEqual({ brand: refunded, creator: 0 });

    // The brand's content page: the activity's refund and decision.
    await signInThroughUi(page, h.brand);
    await expect(page).toHaveURL(/\/dashboard\/brand$/);
    await page.goto(`/deliverables/${h.deliverableId}`);
    const activity = page.getByRole('region', { name: en('activity.title') });
    await expect(activity.getByText(en('activity.event.refunded', { amount: await usd(page, n(refundedStep!.detail!.amount_cents), 'en') }), { exact: true })).toBeVisible();
    await expect(activity.getByText(en('activity.event.resolved.refund', { amount: await usd(page, n(decision!.detail!.brand_cents), 'en') }), { exact: true })).toBeVisible();
    await expect(field(page, en('payments.escrow.refundedToBrand'))).toHaveText(await usd(page, refunded, 'en'));
    await expect(field(page, en('payments.escrow.creatorReceived'))).toHaveText(await usd(page, n(detail!.hire.creator_cents), 'en'));
    await expect(field(page, en('payments.escrow.fee', { percent: n(detail!.hire.fee_bps) / 100 }))).toHaveText(await usd(page, n(detail!.hire.fee_cents), 'en'));
    await expect(field(page, en('payments.escrow.paid'))).toHaveText(await usd(page, 30_000, 'en'));
    await shoot(page, testInfo, 'brand-refunded-dispute-en');

    // The bell: the refund names the api's amount; the decision names none (its figures are in the email).
    await page.goto('/notifications');
    const list = page.getByRole('list', { name: en('notifications.title') });
    await expect(list.getByRole('link', { name: startsName(en('notifications.kind.money_refunded', { amount: await usd(page, n(refundNote.data.amount_cents), 'en'), campaign: h.campaignTitle })) })).toBeVisible();
    await expect(list.getByRole('link', { name: startsName(en('notifications.kind.dispute_resolved', { campaign: h.campaignTitle })) })).toBeVisible();

    // The emails (English, the brand's language): the same figures as the bell's data.
    await sendQueuedEmails();
    const refundMail = await waitForEmail({ to: h.brand.email, subject: new RegExp(`refunded for ${escapeRe(h.campaignTitle)}$`) });
    expect(flat(refundMail.subject)).toBe(`${mailUsd(n(refundNote.data.amount_cents), 'en')} refunded for ${h.campaignTitle}`);
    expect(flat(refundMail.text)).toContain(`${mailUsd(n(refundNote.data.amount_cents), 'en')} was refunded to your card for ${h.campaignTitle}`);
    const decisionMail = await waitForEmail({ to: h.brand.email, subject: new RegExp(`^The dispute on ${escapeRe(h.campaignTitle)} was resolved$`) });
    expect(flat(decisionMail.text)).toContain(`To the creator: ${mailUsd(n(decisionNote.data.creator_cents), 'en')} (gross, before the platform fee). Refunded to the brand: ${mailUsd(n(decisionNote.data.brand_cents), 'en')}.`);
  });

  test('a payment without escrow: the checkout, the result, both content pages and the history show the PaymentIntent\'s and the api\'s amount', async ({ page, openPersonPage, accounts }, testInfo) => {
    // A performance-pay campaign: no hire to fund; the brand pays the approved content what it owes ($123.45).
    const [brand, creator] = await Promise.all([accounts.create('brand', { label: 'directpay' }), accounts.create('creator', { label: 'directpaid' })]);
    const [brandApi, creatorApi] = await Promise.all([signedInClient(brand), signedInClient(creator)]);
    const campaignTitle = `Direct pay ${creator.username}`;
    const campaignId = await rpc<string>(brandApi, 'create_campaign', {
      title: campaignTitle,
      description: 'A campaign made by the money consistency test.',
      content_type: 'video',
      platforms: ['instagram'],
      compensation_type: 'performance',
      compensation_cents: 12_345,
      deadline: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      status: 'active',
    });
    const applicationId = await rpc<string>(creatorApi, 'apply_to_campaign', { campaign_id: campaignId, pitch: 'I would love to make this video.' });
    await rpc(brandApi, 'accept_application', { application_id: applicationId });
    const deliverableId = await rpc<string>(creatorApi, 'submit_deliverable', { campaign_id: campaignId, content_url: `https://www.instagram.com/reel/${creator.username}/` });
    await rpc(brandApi, 'review_deliverable', { deliverable_id: deliverableId, status: 'approved', feedback: 'Great work!' });

    await signInThroughUi(page, brand);
    await expect(page).toHaveURL(/\/dashboard\/brand$/);
    await page.goto(`/deliverables/${deliverableId}`);
    await page.getByLabel(en('payments.pay.amount')).fill('123.45');
    await page.getByRole('button', { name: en('payments.pay.submit'), exact: true }).click();
    // The local Stripe double's checkout page (a real key shows Stripe Elements): it states the PaymentIntent's amount.
    await expect(page).toHaveURL(/\/stripe\/checkout\?/);
    const clientSecret = new URL(page.url()).searchParams.get('client_secret')!;
    const intent = await stripeDouble().paymentIntents.retrieve(clientSecret.split('_secret_')[0]!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pay ${await usd(page, intent.amount, 'en')}`);
    await fillCard(page, '4242 4242 4242 4242', await usd(page, intent.amount, 'en'));
    await expect(page).toHaveURL(new RegExp(`/payments/result\\?payment_intent=${intent.id}`));

    // The api: the payment is the PaymentIntent's amount, in the history and on the content page.
    const history = await rpc<Array<Record<string, unknown>>>(brandApi, 'payment_history');
    const payment = history.find((p) => p.deliverable_id === deliverableId);
    const [detail] = await rpc<Array<{ payment_amount_cents: number; payment_status: string }>>(brandApi, 'deliverable_detail', { deliverable_id: deliverableId });
    expect({ history: n(payment?.amount_cents), detail: n(detail!.payment_amount_cents) }).toEqual({ history: intent.amount, detail: intent.amount });
    expect(intent.amount).toBe(12_345);

    await expect(page.getByRole('heading', { name: en('payments.result.success.title') })).toBeVisible();
    await expect(page.getByRole('main').getByText(untagged(en('payments.result.success.paidFor', { amount: await usd(page, intent.amount, 'en'), campaign: campaignTitle })), { exact: true })).toBeVisible();
    await page.goto(`/deliverables/${deliverableId}`);
    await expect(field(page, en('payments.summary.amount'))).toHaveText(await usd(page, n(detail!.payment_amount_cents), 'en'));
    await page.goto('/payments/history');
    await expect(paymentEntries(page).filter({ hasText: campaignTitle })).toContainText(await usd(page, n(payment!.amount_cents), 'en'));

    // The creator's content page, in Spanish: the same amount.
    const creatorPage = await openPersonPage();
    await signInThroughUi(creatorPage, creator);
    await expect(creatorPage).toHaveURL(/\/dashboard\/creator$/);
    await creatorPage.goto(`/deliverables/${deliverableId}`);
    const [creatorDetail] = await rpc<Array<{ payment_amount_cents: number }>>(creatorApi, 'deliverable_detail', { deliverable_id: deliverableId });
    await expect(field(creatorPage, es('payments.summary.amount'))).toHaveText(await usd(creatorPage, n(creatorDetail!.payment_amount_cents), 'es'));
    // The picture after the page has loaded (the activity's history comes last).
    await expect(creatorPage.getByRole('region', { name: es('activity.title') }).getByRole('list')).toBeVisible();
    await shoot(creatorPage, testInfo, 'creator-direct-payment-es');
  });

  test('a creator\'s prices: the apply form\'s fee note, the gigs\' compensation and the profile\'s rate per post are the api\'s', async ({ page, openPersonPage, accounts }, testInfo) => {
    // An odd amount, so the fee is rounded (down to the cent, as app.platform_fee does).
    const [brand, creator] = await Promise.all([accounts.create('brand', { label: 'prices' }), accounts.create('creator', { label: 'priced' })]);
    const [brandApi, creatorApi] = await Promise.all([signedInClient(brand), signedInClient(creator)]);
    await rpc(creatorApi, 'update_creator_profile', { rate_per_post_cents: 17_550 });
    const campaignTitle = `Prices ${creator.username}`;
    const campaignId = await rpc<string>(brandApi, 'create_campaign', {
      title: campaignTitle,
      description: 'A campaign made by the money consistency test.',
      content_type: 'video',
      platforms: ['instagram'],
      compensation_type: 'flat_fee',
      compensation_cents: 33_333,
      deadline: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      status: 'active',
    });

    // The apply form: what the creator will receive, from api.platform_settings and the fee rule.
    const [settings] = await rpc<Array<{ fee_bps: number }>>(creatorApi, 'platform_settings');
    const bps = n(settings!.fee_bps);
    const fee = Math.floor((33_333 * bps) / 10_000);
    await signInThroughUi(page, creator);
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    await page.goto(`/campaigns/${campaignId}`);
    const percent = await page.evaluate((p) => new Intl.NumberFormat('es-419').format(p), bps / 100);
    const note = es('applications.apply.fee.flat', { net: await usd(page, 33_333 - fee, 'es'), percent, fee: await usd(page, fee, 'es') });
    await expect(page.getByText(note, { exact: true })).toBeVisible();
    await page.getByLabel(es('applications.apply.pitch')).fill('I film honest reviews every week.');
    await page.getByRole('button', { name: es('applications.apply.submit') }).click();
    await expect(page.getByRole('button', { name: es('applications.apply.submit') })).toHaveCount(0);

    // Hired: the api's quote of the hire is the note's (the fee on the whole amount, and the net).
    const [application] = (await rpc<Array<{ id: string; campaign: { id: string } }>>(creatorApi, 'my_applications')).filter((a) => a.campaign.id === campaignId);
    await rpc(brandApi, 'accept_application', { application_id: application!.id });
    const [job] = (await rpc<Array<{ campaign: { id: string; compensation_cents: number; compensation_type: string }; hire: Record<string, unknown> | null }>>(creatorApi, 'my_applications')).filter((a) => a.campaign.id === campaignId);
    expect({ net: n(job!.hire?.creator_cents), fee: n(job!.hire?.fee_cents) }).toEqual({ net: 33_333 - fee, fee });

    // The gigs on the creator's dashboard: the campaign's compensation as the api has it, both languages.
    for (const lang of ['es', 'en'] as const) {
      const t = lang === 'en' ? en : es;
      if (lang === 'en') await switchLanguage(page, 'en');
      await page.goto('/dashboard/creator');
      const gig = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: campaignTitle, exact: true }) });
      await expect(gig).toContainText(`${await usd(page, n(job!.campaign.compensation_cents), lang)} (${t(`applications.compensationType.${job!.campaign.compensation_type}`)})`);
      await shoot(page, testInfo, `creator-dashboard-${lang}`);
    }

    // The creator's profile, as a brand reads it: the rate per post.
    const [profile] = await rpc<Array<{ rate_per_post_cents: number }>>(brandApi, 'creator_profile', { creator_id: creator.id }).then((r) => (Array.isArray(r) ? r : [r]));
    expect(n(profile!.rate_per_post_cents)).toBe(17_550);
    const brandPage = await openPersonPage();
    await signInThroughUi(brandPage, brand);
    await expect(brandPage).toHaveURL(/\/dashboard\/brand$/);
    await brandPage.goto(`/creators/${creator.id}`);
    await expect(brandPage.getByText(en('creators.profile.rate', { amount: await usd(brandPage, n(profile!.rate_per_post_cents), 'en') }), { exact: true })).toBeVisible();
  });

  test('the admin dashboard: losses, Stripe balance, paid this month and the recent payments are the api\'s, in English and Spanish', async ({ page, accounts }, testInfo) => {
    const admin = await accounts.create('admin', { label: 'moneyadmin' });
    const adminApi = await signedInClient(admin);
    await signInThroughUi(page, admin);
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    // Other journeys move money at the same time: the page and the api are read again until one reading agrees.
    for (const lang of ['en', 'es'] as const) {
      const t = lang === 'en' ? en : es;
      if (lang === 'es') await switchLanguage(page, 'es');
      const card = (label: string) => page.locator('dl').filter({ has: page.locator('dt', { hasText: exactly(label) }) });
      const activity = page.getByRole('list', { name: t('admin.activity.list') });
      await expect(async () => {
        await page.reload();
        const [summary] = await rpc<Array<{ platform_losses_cents: number; stripe_balance_cents: number }>>(adminApi, 'admin_money_summary');
        const stats = await rpc<{ paid_this_month_cents: number }>(adminApi, 'admin_stats');
        const recent = await rpc<Array<{ kind: string; amount_cents: number | null }>>(adminApi, 'admin_recent_activity', { max_items: 8 });
        await expect(card(t('admin.money.feesEarned')).locator('dd').nth(1)).toHaveText(t('admin.money.losses', { amount: await usd(page, n(summary!.platform_losses_cents), lang) }), { timeout: 2_000 });
        await expect(card(t('admin.money.ledger')).locator('dd').nth(1)).toHaveText(t('admin.money.stripeBalance', { amount: await usd(page, n(summary!.stripe_balance_cents), lang) }), { timeout: 1_000 });
        await expect(card(t('admin.stats.paymentsThisMonth')).locator('dd').nth(1)).toHaveText(t('admin.stats.paid', { amount: await usd(page, n(stats.paid_this_month_cents), lang) }), { timeout: 1_000 });
        // Each event in the api's order; a payment's sentence holds its amount.
        const items = activity.getByRole('listitem');
        await expect(items).toHaveCount(recent.length, { timeout: 1_000 });
        for (const [i, e] of recent.entries()) {
          if (e.kind === 'payment') await expect(items.nth(i)).toContainText(await usd(page, n(e.amount_cents), lang), { timeout: 1_000 });
        }
        expect(recent.some((e) => e.kind === 'payment'), 'a payment among the recent events').toBe(true);
      }).toPass({ timeout: 45_000 });
      await shoot(page, testInfo, `admin-dashboard-${lang}`);
    }
    await adminApi.auth.signOut();
  });
});
