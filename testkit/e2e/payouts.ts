import Stripe from 'stripe';
import { LOCAL_STRIPE_SECRET_KEY } from '../runtime.ts';
import type { Account } from './accounts.ts';
import { accessToken, anonKey, rpc, signedInClient, stackUrl, type ApiClient } from './clients.ts';
import type { AccountFactory } from './fixtures.ts';

/** A creator who earned money from a brand: the direct payment of approved content reached their available balance. */
export interface Earner {
  brand: Account;
  creator: Account;
  creatorApi: ApiClient;
  campaignId: string;
  campaignTitle: string;
  /** What the brand paid. */
  paidCents: number;
  /** What reached the creator's available balance (after the platform fee). */
  availableCents: number;
  /** How the money came: a funded hire released on approval, or a direct payment of approved content. */
  mode: 'escrow' | 'direct';
}

/** The stack's Stripe double through the real SDK, as the functions use it. */
export function stripeDouble(): Stripe {
  const url = new URL(stackUrl());
  return new Stripe(LOCAL_STRIPE_SECRET_KEY, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 0,
  });
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface PayoutsOverviewRow {
  in_escrow_cents: number;
  available_cents: number;
  in_transit_cents: number;
  paid_out_cents: number;
  payout_minimum_cents: number;
  account_status: string | null;
  bank_summary: string | null;
  problem_message: string | null;
}

export async function payoutsOverview(creatorApi: ApiClient): Promise<PayoutsOverviewRow> {
  const rows = await rpc<PayoutsOverviewRow[]>(creatorApi, 'my_payouts_overview');
  return rows[0]!;
}

/**
 * A fresh brand and creator; the brand's flat-fee campaign, the creator accepted, paid by card through the
 * `payments` function and the Stripe double (confirmed as its checkout page would), and their content
 * approved. The webhook completes the payment; the approval (escrow) or the payment itself (no escrow)
 * credits the creator's available balance.
 */
export async function creatorWithEarnings(accounts: AccountFactory, label: string, paidCents = 20_000): Promise<Earner> {
  const [brand, creator] = await Promise.all([accounts.create('brand', { label: `${label}brand` }), accounts.create('creator', { label })]);
  const [brandApi, creatorApi] = await Promise.all([signedInClient(brand), signedInClient(creator)]);
  const campaignTitle = `Payouts journey ${creator.username}`;
  const campaignId = await rpc<string>(brandApi, 'create_campaign', {
    title: campaignTitle,
    description: 'A campaign made by the payouts end-to-end test.',
    content_type: 'video',
    platforms: ['tiktok'],
    compensation_type: 'flat_fee',
    compensation_cents: paidCents,
    deadline: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    status: 'active',
  });
  const applicationId = await rpc<string>(creatorApi, 'apply_to_campaign', { campaign_id: campaignId, pitch: 'I would love to make this video.' });
  await rpc(brandApi, 'accept_application', { application_id: applicationId });
  const token = await accessToken(brandApi);
  const pay = async (path: string, body: Record<string, unknown>) => {
    const res = await fetch(`${stackUrl()}/functions/v1/payments/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, apikey: anonKey(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { paymentIntentId?: string; code?: string } };
  };
  const confirm = (paymentIntentId: string) =>
    stripeDouble().paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_visa', return_url: `${stackUrl()}/payments/result` });

  // With escrow on, accepting opened a hire: the brand funds it before the content, and approving the
  // content releases it. With escrow off there is no hire to fund, and the brand pays the approved content.
  const fund = await pay('fund', { applicationId });
  const mode: Earner['mode'] = fund.status === 200 ? 'escrow' : 'direct';
  if (mode === 'escrow') {
    await confirm(fund.body.paymentIntentId!);
    await until(() => payoutsOverview(creatorApi), (o) => o.in_escrow_cents > 0, 'the hire was never funded');
  } else if (fund.body.code !== 'application_not_found') {
    throw new Error(`payments/fund: ${fund.status} ${JSON.stringify(fund.body)}`);
  }
  const deliverableId = await rpc<string>(creatorApi, 'submit_deliverable', { campaign_id: campaignId, content_url: `https://www.tiktok.com/@${creator.username}/video/1` });
  await rpc(brandApi, 'review_deliverable', { deliverable_id: deliverableId, status: 'approved', feedback: 'Great work!' });
  if (mode === 'direct') {
    const created = await pay('create', { deliverableId });
    if (created.status !== 200 || !created.body.paymentIntentId) throw new Error(`payments/create: ${created.status} ${JSON.stringify(created.body)}`);
    await confirm(created.body.paymentIntentId);
  }
  const overview = await until(() => payoutsOverview(creatorApi), (o) => o.available_cents > 0, 'the creator was never credited');
  await brandApi.auth.signOut().catch(() => undefined);
  // Payouts wait for a tax form (decision 0044): the creator signs a W-8BEN as a resident of Mexico,
  // where the journeys open their bank account (SAT's published example of a persona física's RFC).
  await rpc(creatorApi, 'tax_form_submit', {
    form: {
      form_type: 'w8ben', legal_name: legalNameOf(creator), citizenship_country: 'MX', date_of_birth: '1990-05-17',
      address_street: 'Calle Durango 214', address_city: 'Ciudad de México, CDMX 06700', address_country: 'MX',
      tin_kind: 'rfc', tin: 'GODE561231GR8', signer_name: legalNameOf(creator), perjury_accepted: true,
    },
  });
  return { brand, creator, creatorApi, campaignId, campaignTitle, paidCents, availableCents: overview.available_cents, mode };
}

/**
 * The legal name a journey's creator signs the tax form with and gives the bank as the account holder:
 * the two must match (decision 0051), and a bank holder is letters only, so the account's random suffix is
 * spelt in letters (0 → a … 9 → j), which keeps each creator's name their own.
 */
export function legalNameOf(creator: Pick<Account, 'username'>): string {
  const letters = creator.username.slice(-6).replace(/[^a-z0-9]/gi, '').replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  return `Lucía ${letters.charAt(0).toUpperCase()}${letters.slice(1)} Hernández-Ruiz`;
}

/** A Mexican CLABE from its first 17 digits: the control digit of Banxico (weights 3, 7, 1, products mod 10). */
export function clabe(first17: string): string {
  const sum = [...first17].reduce((acc, d, i) => acc + ((Number(d) * [3, 7, 1][i % 3]!) % 10), 0);
  return `${first17}${(10 - (sum % 10)) % 10}`;
}

/**
 * Test CLABEs of the double (decision 0017, local/stripe/bank-test-values.ts): BBVA Mexico (bank code
 * 012); an account part ending in 1111116 is an account that does not exist, so its payouts fail.
 */
export const TEST_CLABE = {
  paid: clabe('01218000000004321'),
  noSuchAccount: clabe('01218000001111116'),
} as const;

/** "BBVA MEXICO •••• 1234", the bank summary Stripe's payout method gives for a CLABE. */
export const bbvaSummary = (clabeNumber: string) => `BBVA MEXICO •••• ${clabeNumber.slice(-4)}`;

/**
 * The platform's balance is short for this creator's payouts: the Stripe double's test control on their
 * recipient account (found by the creator id the `payouts` function puts in its metadata) refuses each
 * OutboundPayment to them with insufficient_funds, as a short FinancialAccount does, while every other
 * journey on the shared stack is still paid.
 */
export async function shortPlatformBalanceFor(creatorId: string): Promise<void> {
  let accountId: string | undefined;
  for await (const account of stripeDouble().v2.core.accounts.list()) {
    if (account.metadata?.creator_id === creatorId) {
      accountId = account.id;
      break;
    }
  }
  if (!accountId) throw new Error(`no recipient account at the Stripe double for creator ${creatorId}`);
  const res = await fetch(`${stackUrl()}/stripe/test/accounts/${accountId}/short_platform_balance`, {
    method: 'POST',
    headers: { authorization: `Bearer ${LOCAL_STRIPE_SECRET_KEY}` },
  });
  if (res.status !== 200) throw new Error(`short_platform_balance: ${res.status} ${await res.text()}`);
}
