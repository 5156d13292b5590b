import { mkdirSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { type Account, demo, unique } from '../testkit/e2e/accounts.ts';
import { accessToken, anonKey, type Credentials, rpc, signedInClient, stackUrl } from '../testkit/e2e/clients.ts';
import { englishShown, text } from '../testkit/e2e/catalog-text.ts';
import { type AccountFactory, expect, test } from '../testkit/e2e/fixtures.ts';
import { signInAs } from '../testkit/e2e/sign-in.ts';
import { seriousViolations } from '../testkit/e2e/axe.ts';
import { fillCard } from '../testkit/e2e/checkout.ts';
import { usd } from '../testkit/e2e/money.ts';
import { paymentEntries } from '../testkit/e2e/payment-history.ts';

// Payments end to end (issue 6) against the local stack and its Stripe test double. Every test that pays
// makes its own brand, creator, campaign and approved deliverable; the read-only checks use the demo accounts.

interface Scenario {
  deliverableId: string;
  campaignId: string;
  campaignTitle: string;
  brand: Account;
  creator: Account;
  amountCents: number;
}

/**
 * A fresh brand, a performance-pay campaign of theirs a fresh creator is accepted to, and the creator's
 * content, approved by the brand: what the brand then pays through the UI ("Pay creator"; a flat fee is
 * funded at hire through escrow instead, see escrow.spec.ts).
 */
async function approvedDeliverable(accounts: AccountFactory, amountCents = 12345): Promise<Scenario> {
  const [brand, creator] = await Promise.all([
    accounts.create('brand', { label: 'payer', companyName: unique('Payer Co ') }),
    accounts.create('creator', { label: 'payee' }),
  ]);
  const [brandApi, creatorApi] = await Promise.all([signedInClient(brand), signedInClient(creator)]);
  const campaignTitle = `Payments journey ${creator.username}`;
  const campaignId = await rpc<string>(brandApi, 'create_campaign', {
    title: campaignTitle,
    description: 'A campaign made by the payments end-to-end test.',
    content_type: 'video',
    platforms: ['instagram'],
    compensation_type: 'performance',
    compensation_cents: amountCents,
    deadline: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    status: 'active',
  });
  const applicationId = await rpc<string>(creatorApi, 'apply_to_campaign', { campaign_id: campaignId, pitch: 'I would love to make this video.' });
  await rpc(brandApi, 'accept_application', { application_id: applicationId });
  const deliverableId = await rpc<string>(creatorApi, 'submit_deliverable', { campaign_id: campaignId, content_url: `https://www.instagram.com/reel/${creator.username}/` });
  await rpc(brandApi, 'review_deliverable', { deliverable_id: deliverableId, status: 'approved', feedback: 'Great work!' });
  return { deliverableId, campaignId, campaignTitle, brand, creator, amountCents };
}

/** A screenshot under /tmp/s32-money-shots, named after the project (desktop 1280 px, mobile 390 px). */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync('/tmp/s32-money-shots', { recursive: true });
  await page.screenshot({ path: `/tmp/s32-money-shots/${testInfo.project.name}-${name}.png` });
}

/** Picks the app's language in Settings (the same place on both widths) and waits for the page to follow. */
async function pickLanguage(page: Page, language: 'English' | 'Español', settingsHeading: string) {
  await page.goto('/settings');
  // The choice is saved to the account too: wait for it, so leaving the page does not cut the save short.
  const saved = page.waitForResponse((r) => r.url().includes('/auth/v1/user') && r.request().method() === 'PUT');
  await page.getByRole('main').getByRole('region', { name: /^(Language|Idioma)$/ }).getByRole('button', { name: language }).click();
  await expect(page.getByRole('heading', { name: settingsHeading, level: 1 })).toBeVisible();
  expect((await saved).ok()).toBe(true);
}

/** The access token of a session of this account. */
async function tokenOf(account: Credentials): Promise<string> {
  return accessToken(await signedInClient(account));
}

async function callPayments(token: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`${stackUrl()}/functions/v1/payments/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, apikey: anonKey(), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Starts paying from the deliverable screen and lands on the local checkout page. */
async function openCheckout(page: Page, s: Scenario) {
  await page.goto(`/deliverables/${s.deliverableId}`);
  await expect(page.getByRole('heading', { name: 'Deliverable', exact: true })).toBeVisible();
  await payCreator(page);
  await expect(page.getByRole('heading', { name: 'Pay $123.45' })).toBeVisible();
}

/** Performance pay: the brand enters what it owes, then pays. */
async function payCreator(page: Page) {
  await page.getByLabel('Amount (USD)').fill('123.45');
  await page.getByRole('button', { name: 'Pay creator', exact: true }).click();
}



/** The brand's payment naming this text (a row or, on a phone, a card). */
const historyRow = (page: Page, text: string) => paymentEntries(page).filter({ hasText: text });
/** A line of the creator's money history. */
const earningsRow = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test.describe('payments', () => {

  test('the brand pays approved content by card; result, deliverable and both histories show it', async ({ page, openPersonPage, accounts }, testInfo) => {
    const s = await approvedDeliverable(accounts);
    await signInAs(page, s.brand, /\/dashboard\/brand$/);
    await openCheckout(page, s);
    await fillCard(page, '4242 4242 4242 4242', '$123.45');

    await expect(page).toHaveURL(/\/payments\/result\?payment_intent=pi_/);
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByText('$123.45', { exact: true })).toBeVisible();
    await expect(page.getByText(s.campaignTitle, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard/brand');
    await expect(page.getByRole('link', { name: 'Back to the campaign' })).toHaveAttribute('href', `/campaigns/${s.campaignId}`);
    await shoot(page, testInfo, 'result-en');
    // The same screen in Spanish (picked in Settings), then back to English.
    const resultUrl = page.url();
    await pickLanguage(page, 'Español', 'Configuración');
    await page.goto(resultUrl);
    await expect(page.getByRole('heading', { name: text('es', 'payments.result.success.title') })).toBeVisible();
    await expect(page.getByRole('link', { name: text('es', 'payments.result.backToCampaign') })).toHaveAttribute('href', `/campaigns/${s.campaignId}`);
    await shoot(page, testInfo, 'result-es');
    await pickLanguage(page, 'English', 'Settings');
    await page.goto(resultUrl);
    await page.getByRole('link', { name: 'View Deliverable' }).click();
    await expect(page).toHaveURL(new RegExp(`/deliverables/${s.deliverableId}$`));
    await expect(page.getByText('Completed', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /Pay creator/ })).toHaveCount(0);

    await page.goto('/payments/history');
    await expect(page.getByRole('heading', { name: 'Payment History' })).toBeVisible();
    const brandRow = historyRow(page, s.creator.fullName);
    await expect(brandRow).toContainText('$123.45');
    await expect(brandRow).toContainText('Completed');
    await expect(brandRow.getByRole('link', { name: s.campaignTitle })).toHaveAttribute('href', `/deliverables/${s.deliverableId}`);

    // The creator sees it too, in Spanish: what reached their balance after the 15% fee (rounded down to
    // the cent: $123.45 - $18.51 = $104.94), in Total Earnings and in their money history.
    const creatorPage = await openPersonPage();
    await signInAs(creatorPage, s.creator, /\/dashboard\/creator$/);
    const paidEs = await usd(creatorPage, s.amountCents, 'es');
    const earnedEs = await usd(creatorPage, 10494, 'es');
    // (Within the figures: the earnings chart's table lists the same month's amount.)
    const figures = creatorPage.getByRole('region', { name: text('es', 'dashboard-creator.figures') });
    await expect(figures.getByText(earnedEs, { exact: true })).toBeVisible();
    const english = ['payments', 'deliverables', 'earnings'];
    await creatorPage.goto('/payments/history');
    await expect(creatorPage.getByRole('heading', { name: text('es', 'app.paymentHistory.title') })).toBeVisible();
    const creatorRow = earningsRow(creatorPage, text('es', 'earnings.kind.payment')).filter({ hasText: earnedEs });
    await expect(creatorRow).toHaveCount(1);
    await expect(creatorRow.getByRole('link', { name: s.campaignTitle })).toHaveAttribute('href', /\/campaigns\/[0-9a-f-]{36}$/);
    expect(await englishShown(creatorPage, english)).toEqual([]);
    expect(await seriousViolations(creatorPage)).toEqual([]);
    await creatorPage.goto(`/deliverables/${s.deliverableId}`);
    await expect(creatorPage.getByRole('heading', { name: text('es', 'payments.detail.title'), exact: true })).toBeVisible();
    await expect(creatorPage.getByText(text('es', 'payments.status.completed'), { exact: true })).toBeVisible();
    await expect(creatorPage.getByText(text('es', 'payments.compensation.withAmount', { type: text('es', 'payments.compensation.performance'), amount: paidEs }))).toBeVisible();
    await expect(creatorPage.getByRole('button', { name: /Pay|Pagar/ })).toHaveCount(0);
    expect(await englishShown(creatorPage, english)).toEqual([]);
    expect(await seriousViolations(creatorPage)).toEqual([]);

    // A second payment of the same content is refused.
    expect(await callPayments(await tokenOf(s.brand), 'POST', 'create', { deliverableId: s.deliverableId })).toMatchObject({ status: 409, body: { code: 'already_paid' } });
  });

  test('a declined card shows the failure and the brand can try again', async ({ page, accounts }) => {
    const s = await approvedDeliverable(accounts);
    await signInAs(page, s.brand, /\/dashboard\/brand$/);
    await openCheckout(page, s);
    await expect(page.locator('#paid-for')).toHaveText(`For: ${s.campaignTitle} — ${s.creator.fullName}`);
    await fillCard(page, '4000 0000 0000 0002', '$123.45');
    await expect(page.getByRole('alert')).toContainText('Your card was declined.');
    await expect(page.locator('#paid-for')).toHaveText(`For: ${s.campaignTitle} — ${s.creator.fullName}`);

    // The checkout's way back leads to the campaign; back in the app, the attempt shows as failed and can be paid again.
    await page.getByRole('link', { name: 'Back to the campaign' }).click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${s.campaignId}$`));
    await expect(page.getByRole('heading', { name: s.campaignTitle, level: 1 })).toBeVisible();
    await page.goto(`/deliverables/${s.deliverableId}`);
    await expect(page.getByText('Failed', { exact: true })).toBeVisible();
    await payCreator(page);
    await fillCard(page, '4242 4242 4242 4242', '$123.45');
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await page.goto('/payments/history');
    await expect(historyRow(page, s.creator.fullName)).toContainText('Completed');
    await expect(historyRow(page, s.creator.fullName)).toHaveCount(1);
  });

  test('leaving before the result screen: the webhook alone completes the payment', async ({ page, accounts }) => {
    const s = await approvedDeliverable(accounts);
    await signInAs(page, s.brand, /\/dashboard\/brand$/);
    await openCheckout(page, s);
    // The browser never reaches the result screen, whose status check could complete the payment: the
    // brand closed the tab, or lost the connection, right after paying. The request is answered 204 so no
    // navigation happens. (Closing the tab here for real made the next navigation in the same browser hang
    // now and then in Chromium, in CI and locally; what this test is about is that nothing the browser
    // does from here on asks the payments function or Stripe for news.)
    await page.route('**/payments/result**', (route) => route.fulfill({ status: 204 }));
    const leaving = page.waitForResponse('**/payments/result**');
    await fillCard(page, '4242 4242 4242 4242', '$123.45');
    await leaving;
    const askedForNews: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/functions/v1/payments')) askedForNews.push(r.url());
    });

    await page.goto('/payments/history');
    await expect(async () => {
      await page.reload();
      await expect(historyRow(page, s.creator.fullName)).toContainText('Completed', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    expect(askedForNews).toEqual([]);
  });

  test('creators and other brands cannot use the payment functions', async ({ accounts }) => {
    const s = await approvedDeliverable(accounts);
    const otherBrand = await accounts.create('brand', { label: 'other' });
    const [creator, other, brand] = await Promise.all([tokenOf(s.creator), tokenOf(otherBrand), tokenOf(s.brand)]);
    const body = { deliverableId: s.deliverableId, amountCents: s.amountCents };
    expect(await callPayments(creator, 'POST', 'create', body)).toMatchObject({ status: 403 });
    expect(await callPayments(other, 'POST', 'create', body)).toMatchObject({ status: 404 });
    const created = await callPayments(brand, 'POST', 'create', body);
    expect(created.status).toBe(200);
    const pi = String(created.body.paymentIntentId);
    expect((await callPayments(creator, 'GET', `status?payment_intent=${pi}`)).status).toBe(403);
    expect((await callPayments(other, 'GET', `status?payment_intent=${pi}`)).status).toBe(404);
    expect(await callPayments(brand, 'GET', `status?payment_intent=${pi}`)).toMatchObject({ status: 200, body: { status: 'requires_payment_method', amount: 12345, deliverableId: s.deliverableId } });
  });

  test('the result screen without a payment says so', async ({ page }) => {
    await signInAs(page, demo.brand, /\/dashboard\/brand$/);
    await page.goto('/payments/result');
    await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
    await expect(page.getByText('No payment information found', { exact: true })).toBeVisible();
  });

  test('a deliverable address that names no deliverable says so, without asking the api', async ({ page }) => {
    await signInAs(page, demo.brand, /\/dashboard\/brand$/);
    // The page-problem watcher fails the test on the 400 (22P02) such an id used to earn.
    await page.goto('/deliverables/not-a-deliverable');
    await expect(page.getByRole('heading', { name: 'Deliverable not found' })).toBeVisible();
  });

  test('admins are sent away from the payment history', async ({ page }) => {
    await signInAs(page, demo.admin, /\/dashboard\/admin$/);
    await page.goto('/payments/history');
    await expect(page).not.toHaveURL(/\/payments\/history/);
  });
});
