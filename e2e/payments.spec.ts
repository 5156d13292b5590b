import type { Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { expect, signInThroughUi, test } from './fixtures.ts';

// Payments end to end (issue 6) against the local stack and its Stripe test double. Every test makes its
// own campaign, creator and approved deliverable, paid by ByteBrew (a seed brand no other spec changes),
// so the seed rows other specs read stay as they are.

const baseUrl = () => process.env.E2E_BASE_URL!;
const payingBrand = { email: 'bytebrew@demo.test', password: 'password123' };
const otherBrand = { email: 'trailpeak@demo.test', password: 'password123' };

function client(): SupabaseClient<any, 'api', 'api'> {
  return createClient(baseUrl(), process.env.E2E_ANON_KEY!, {
    db: { schema: 'api' },
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  }) as SupabaseClient<any, 'api', 'api'>;
}

async function signedIn(account: { email: string; password: string }) {
  const c = client();
  const { data, error } = await c.auth.signInWithPassword(account);
  if (error) throw error;
  return { client: c, token: data.session!.access_token };
}

async function rpc<T>(c: SupabaseClient<any, 'api', 'api'>, fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await c.rpc(fn, args);
  if (error) throw new Error(`${fn}: ${error.message}`);
  return data as T;
}

interface Scenario {
  deliverableId: string;
  campaignTitle: string;
  creator: { email: string; password: string; fullName: string };
  amountCents: number;
}

/**
 * A fresh creator (self sign-up), a ByteBrew flat-fee campaign they are accepted to, and their content,
 * approved by the brand: what the brand then pays through the UI.
 */
async function approvedDeliverable(amountCents = 12345): Promise<Scenario> {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const creator = { email: `payee-${id}@e2e.test`, password: 'password123', fullName: `Payee ${id}` };
  const signUp = await client().auth.signUp({
    email: creator.email,
    password: creator.password,
    options: { data: { username: `payee_${id}`, full_name: creator.fullName, instagram_handle: `payee_${id}` } },
  });
  if (signUp.error) throw signUp.error;
  const creatorClient = (await signedIn(creator)).client;
  const brand = (await signedIn(payingBrand)).client;
  const campaignTitle = `Payments journey ${id}`;
  const campaignId = await rpc<string>(brand, 'create_campaign', {
    title: campaignTitle,
    description: 'A campaign made by the payments end-to-end test.',
    content_type: 'video',
    platforms: ['instagram'],
    compensation_type: 'flat_fee',
    compensation_cents: amountCents,
    deadline: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    status: 'active',
  });
  const applicationId = await rpc<string>(creatorClient, 'apply_to_campaign', { campaign_id: campaignId, pitch: 'I would love to make this video.' });
  await rpc(brand, 'accept_application', { application_id: applicationId });
  const deliverableId = await rpc<string>(creatorClient, 'submit_deliverable', { campaign_id: campaignId, content_url: `https://www.instagram.com/reel/${id}/` });
  await rpc(brand, 'review_deliverable', { deliverable_id: deliverableId, status: 'approved', feedback: 'Great work!' });
  return { deliverableId, campaignTitle, creator, amountCents };
}

async function callPayments(token: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}/functions/v1/payments/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, apikey: process.env.E2E_ANON_KEY!, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function signInAs(page: Page, account: { email: string; password: string }, dashboard: RegExp) {
  await signInThroughUi(page, account);
  await expect(page).toHaveURL(dashboard);
}

/** Starts paying from the deliverable screen and lands on the local checkout page. */
async function openCheckout(page: Page, s: Scenario) {
  await page.goto(`/deliverables/${s.deliverableId}`);
  await expect(page.getByRole('heading', { name: 'Deliverable', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Pay creator $123.45' }).click();
  await expect(page.getByRole('heading', { name: 'Pay $123.45' })).toBeVisible();
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Pay $123.45' }).click();
}

const historyRow = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test.describe('payments', () => {
  // Journeys with two accounts and a checkout: give a busy shared machine room (no speed is asserted).
  test.describe.configure({ timeout: 90_000 });

  test('the brand pays approved content by card; result, deliverable and both histories show it', async ({ page, browser }) => {
    const s = await approvedDeliverable();
    await signInAs(page, payingBrand, /\/dashboard\/brand$/);
    await openCheckout(page, s);
    await fillCard(page, '4242 4242 4242 4242');

    await expect(page).toHaveURL(/\/payments\/result\?payment_intent=pi_/);
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByText('$123.45', { exact: true })).toBeVisible();
    await expect(page.getByText(s.campaignTitle, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard/brand');
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

    // The creator sees it too, with the brand's name, and in Total Earnings.
    const context = await browser.newContext();
    const creatorPage = await context.newPage();
    await signInAs(creatorPage, s.creator, /\/dashboard\/creator$/);
    await expect(creatorPage.getByText('$123.45', { exact: true })).toBeVisible();
    await creatorPage.goto('/payments/history');
    const creatorRow = historyRow(creatorPage, 'ByteBrew');
    await expect(creatorRow).toContainText('$123.45');
    await expect(creatorRow).toContainText('Completed');
    await creatorPage.goto(`/deliverables/${s.deliverableId}`);
    await expect(creatorPage.getByText('Completed', { exact: true })).toBeVisible();
    await expect(creatorPage.getByRole('button', { name: /Pay/ })).toHaveCount(0);
    await context.close();

    // A second payment of the same content is refused.
    const { token } = await signedIn(payingBrand);
    expect(await callPayments(token, 'POST', 'create', { deliverableId: s.deliverableId })).toMatchObject({ status: 409, body: { code: 'already_paid' } });
  });

  test('a declined card shows the failure and the brand can try again', async ({ page }) => {
    const s = await approvedDeliverable();
    await signInAs(page, payingBrand, /\/dashboard\/brand$/);
    await openCheckout(page, s);
    await fillCard(page, '4000 0000 0000 0002');
    await expect(page.getByRole('alert')).toContainText('Your card was declined.');

    // Back in the app, the attempt shows as failed and can be paid again.
    await page.goto(`/deliverables/${s.deliverableId}`);
    await expect(page.getByText('Failed', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Pay creator $123.45' }).click();
    await fillCard(page, '4242 4242 4242 4242');
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await page.goto('/payments/history');
    await expect(historyRow(page, s.creator.fullName)).toContainText('Completed');
    await expect(historyRow(page, s.creator.fullName)).toHaveCount(1);
  });

  test('leaving before the result screen: the webhook alone completes the payment', async ({ page }) => {
    const s = await approvedDeliverable();
    await signInAs(page, payingBrand, /\/dashboard\/brand$/);
    await openCheckout(page, s);
    // The browser never reaches the result screen, whose status check could complete the payment: the
    // brand closed the tab, or lost the connection, right after paying. The request is answered 204 so no
    // navigation happens. (Closing the tab here for real made the next navigation in the same browser hang
    // now and then in Chromium, in CI and locally; what this test is about is that nothing the browser
    // does from here on asks the payments function or Stripe for news.)
    await page.route('**/payments/result**', (route) => route.fulfill({ status: 204 }));
    const leaving = page.waitForResponse('**/payments/result**');
    await fillCard(page, '4242 4242 4242 4242');
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

  test('creators and other brands cannot use the payment functions', async () => {
    const s = await approvedDeliverable();
    const creator = await signedIn(s.creator);
    const other = await signedIn(otherBrand);
    const brand = await signedIn(payingBrand);
    expect(await callPayments(creator.token, 'POST', 'create', { deliverableId: s.deliverableId })).toMatchObject({ status: 403 });
    expect(await callPayments(other.token, 'POST', 'create', { deliverableId: s.deliverableId })).toMatchObject({ status: 404 });
    const created = await callPayments(brand.token, 'POST', 'create', { deliverableId: s.deliverableId });
    expect(created.status).toBe(200);
    const pi = String(created.body.paymentIntentId);
    expect((await callPayments(creator.token, 'GET', `status?payment_intent=${pi}`)).status).toBe(403);
    expect((await callPayments(other.token, 'GET', `status?payment_intent=${pi}`)).status).toBe(404);
    expect(await callPayments(brand.token, 'GET', `status?payment_intent=${pi}`)).toMatchObject({ status: 200, body: { status: 'requires_payment_method', amount: 12345, deliverableId: s.deliverableId } });
  });

  test('the result screen without a payment says so', async ({ page }) => {
    await signInAs(page, payingBrand, /\/dashboard\/brand$/);
    await page.goto('/payments/result');
    await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
    await expect(page.getByText('No payment information found', { exact: true })).toBeVisible();
  });

  test('a deliverable address that names no deliverable says so, without asking the api', async ({ page }) => {
    await signInAs(page, payingBrand, /\/dashboard\/brand$/);
    // The page-problem watcher fails the test on the 400 (22P02) such an id used to earn.
    await page.goto('/deliverables/not-a-deliverable');
    await expect(page.getByRole('heading', { name: 'Deliverable not found' })).toBeVisible();
  });

  test('admins are sent away from the payment history', async ({ page }) => {
    await signInAs(page, { email: 'admin@demo.test', password: 'password123' }, /\/dashboard\/admin$/);
    await page.goto('/payments/history');
    await expect(page).not.toHaveURL(/\/payments\/history/);
  });
});
