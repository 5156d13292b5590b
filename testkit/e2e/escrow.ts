import { type Account, unique } from './accounts.ts';
import { accessToken, anonKey, type ApiClient, type Credentials, rpc, signedInClient, stackUrl } from './clients.ts';
import type { AccountFactory } from './fixtures.ts';
import { withSchedulerLock } from './scheduler-lock.ts';

/**
 * Escrow (issue 16) set-up for end-to-end journeys: a hire between accounts the test owns, funded without
 * the browser when the journey is about something else, and the local stack's scheduler run with the
 * test's clock.
 */

export interface Hire {
  brand: Account;
  creator: Account;
  campaignId: string;
  campaignTitle: string;
  applicationId: string;
  amountCents: number;
}

/**
 * A fresh brand's active flat-fee campaign and a fresh creator's pending application to it. Accepting it
 * (in the UI or with `accept`) opens the hire, awaiting funding.
 */
export async function pendingHire(accounts: AccountFactory, amountCents = 50_000): Promise<Hire> {
  const [brand, creator] = await Promise.all([
    accounts.create('brand', { label: 'hirer', companyName: unique('Hirer Co ') }),
    accounts.create('creator', { label: 'hired' }),
  ]);
  const [brandApi, creatorApi] = await Promise.all([signedInClient(brand), signedInClient(creator)]);
  const campaignTitle = `Escrow journey ${creator.username}`;
  const campaignId = await rpc<string>(brandApi, 'create_campaign', {
    title: campaignTitle,
    description: 'A campaign made by the escrow end-to-end test.',
    content_type: 'video',
    platforms: ['instagram'],
    compensation_type: 'flat_fee',
    compensation_cents: amountCents,
    deadline: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    status: 'active',
  });
  const applicationId = await rpc<string>(creatorApi, 'apply_to_campaign', { campaign_id: campaignId, pitch: 'I film honest reviews every week.' });
  return { brand, creator, campaignId, campaignTitle, applicationId, amountCents };
}

/** The brand accepts the application, opening the hire (awaiting funding). */
export async function accept(hire: Pick<Hire, 'brand' | 'applicationId'>): Promise<void> {
  const brandApi = await signedInClient(hire.brand);
  await rpc(brandApi, 'accept_application', { application_id: hire.applicationId });
}

/** The hire of an application as its brand's applications list shows it. */
export async function hireOf(brand: Credentials, campaignId: string, applicationId: string): Promise<Record<string, unknown> | null> {
  const rows = await rpc<Array<{ id: string; hire: Record<string, unknown> | null }>>(await signedInClient(brand), 'campaign_applications', { campaign_id: campaignId });
  return rows.find((r) => r.id === applicationId)?.hire ?? null;
}

/** Calls the `payments` edge function as this client's user. */
export async function callPayments(client: ApiClient, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`${stackUrl()}/functions/v1/payments/${path}`, {
    method,
    headers: { authorization: `Bearer ${await accessToken(client)}`, apikey: anonKey(), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/**
 * Funds the hire as its brand would, without a browser: POST payments/fund, the card 4242 4242 4242 4242
 * on the local Stripe double's checkout form, then the status check the result screen makes (which
 * records the payment, as the webhook would too).
 */
export async function fundByApi(hire: Pick<Hire, 'brand' | 'applicationId'>): Promise<void> {
  const brandApi = await signedInClient(hire.brand);
  const funded = await callPayments(brandApi, 'POST', 'fund', { applicationId: hire.applicationId });
  if (funded.status !== 200) throw new Error(`payments/fund answered ${funded.status}: ${JSON.stringify(funded.body)}`);
  const paid = await fetch(`${stackUrl()}/stripe/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_secret: String(funded.body.clientSecret),
      return_url: `${stackUrl()}/payments/result`,
      card_number: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
    }).toString(),
    redirect: 'manual',
  });
  if (paid.status !== 303 && paid.status !== 302) throw new Error(`the test checkout answered ${paid.status}`);
  const status = await callPayments(brandApi, 'GET', `status?payment_intent=${encodeURIComponent(String(funded.body.paymentIntentId))}`);
  if (status.body.status !== 'succeeded') throw new Error(`the funding payment is ${JSON.stringify(status.body)}`);
}

/**
 * Runs the local stack's scheduled jobs (auto-approvals among them) as if the clock read `at`:
 * `POST /_test/scheduler/run`, served by the stack the e2e runner starts. Returns the jobs run.
 */
export async function runScheduledJobs(at: Date): Promise<string[]> {
  // Never in the middle of another worker's journey that waits for its own run (testkit/e2e/scheduler-lock.ts).
  return withSchedulerLock(async () => {
    const res = await fetch(`${stackUrl()}/_test/scheduler/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ at: at.toISOString() }),
    });
    const body = (await res.json().catch(() => null)) as { ran?: string[]; message?: string } | null;
    if (res.status !== 200 || !Array.isArray(body?.ran)) throw new Error(`the scheduler hook answered ${res.status}: ${JSON.stringify(body)}`);
    return body.ran;
  });
}
