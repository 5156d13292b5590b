import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BANK_VALUES } from './bank-test-values.ts';
import { createRecipient, onboardingLink, postForm, RETURN_URL, startV2Double, submitBankForm } from './fixtures/v2-harness.ts';
import type { PayoutCountry } from './payout-countries.ts';
import { type DoubleHarness, startWebhookReceiver } from '../../testkit/stripe.ts';

let h: DoubleHarness;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let fa: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  h = await startV2Double({ STRIPE_WEBHOOK_URL: receiver.url, STRIPE_OUTBOUND_PAYMENT_DELAY_MS: '30' });
  stripe = h.stripe();
  fa = (await stripe.v2.moneyManagement.financialAccounts.list()).data[0]!.id;
});
afterAll(async () => {
  await h.close();
  await receiver.close();
});

async function available(): Promise<number> {
  return (await stripe.v2.moneyManagement.financialAccounts.retrieve(fa)).balance.available.usd?.value ?? 0;
}

/** A brand's card payment: the platform's balance grows by its amount. */
async function fund(amount: number): Promise<void> {
  await stripe.paymentIntents.create({ amount, currency: 'usd', allowed_payment_method_types: ['card'], confirm: true, payment_method: 'pm_card_visa' });
}

async function onboardedRecipient(country: PayoutCountry, outcome: 'succeed' | 'no_account' | 'closed' = 'succeed') {
  const account = await createRecipient(stripe, country);
  const res = await submitBankForm(h.url, (await onboardingLink(stripe, account.id)).url, TEST_BANK_VALUES[country][outcome]);
  expect(res.headers.get('location')).toBe(RETURN_URL);
  return account;
}

function pay(recipient: string, value: number, key?: string) {
  return stripe.v2.moneyManagement.outboundPayments.create(
    { amount: { value, currency: 'usd' }, from: { financial_account: fa, currency: 'usd' }, to: { recipient }, description: 'Payout', metadata: { payout_id: 'p-1' } },
    key ? { idempotencyKey: key } : undefined,
  );
}

/** The thin events the endpoint received about one object, in the order they happened (deliveries may cross). */
function eventTypesFor(id: string): string[] {
  return receiver
    .events()
    .map((e) => e as unknown as { type: string; created: string; related_object?: { id: string } })
    .filter((e) => e.related_object?.id === id)
    .sort((a, b) => Date.parse(a.created) - Date.parse(b.created))
    .map((e) => e.type);
}

describe('the platform FinancialAccount', () => {
  it('is one open USD storage account whose balance follows charges and refunds', async () => {
    const list = await stripe.v2.moneyManagement.financialAccounts.list();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ object: 'v2.money_management.financial_account', status: 'open', type: 'storage', country: 'US' });
    const before = await available();
    await fund(20_000);
    expect(await available()).toBe(before + 20_000);
    const pi = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd', allowed_payment_method_types: ['card'], confirm: true, payment_method: 'pm_card_visa' });
    await stripe.refunds.create({ payment_intent: pi.id, amount: 2000 });
    expect(await available()).toBe(before + 23_000);
    await expect(stripe.v2.moneyManagement.financialAccounts.retrieve('fa_test_nope')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });
});

describe('OutboundPayments', () => {
  it('pays an onboarded recipient: processing, then posted, converted to the local currency, with thin events', async () => {
    const account = await onboardedRecipient('MX');
    await fund(10_000);
    const before = await available();
    const payment = await pay(account.id, 2500);
    expect(payment).toMatchObject({
      object: 'v2.money_management.outbound_payment', status: 'processing', cancelable: true, amount: { value: 2500, currency: 'usd' },
      from: { debited: { value: 2500, currency: 'usd' }, financial_account: fa }, to: { recipient: account.id, credited: { value: 42_500, currency: 'mxn' } },
      description: 'Payout', metadata: { payout_id: 'p-1' },
    });
    expect(payment.id).toMatch(/^obp_test_/);
    expect(await available()).toBe(before - 2500);
    await h.double.webhooksIdle();
    const posted = await stripe.v2.moneyManagement.outboundPayments.retrieve(payment.id);
    expect(posted.status).toBe('posted');
    expect(posted.status_transitions?.posted_at).toBeDefined();
    expect(eventTypesFor(payment.id)).toEqual(['v2.money_management.outbound_payment.created', 'v2.money_management.outbound_payment.posted']);
    const listed = await stripe.v2.moneyManagement.outboundPayments.list({ recipient: account.id });
    expect(listed.data.map((p) => p.id)).toEqual([payment.id]);
  });

  it('replays an idempotent create: same payment, one debit, also for a concurrent pair', async () => {
    const account = await onboardedRecipient('US');
    await fund(10_000);
    const before = await available();
    const first = await pay(account.id, 1500, 'payout-p-2');
    const again = await pay(account.id, 1500, 'payout-p-2');
    expect(again.id).toBe(first.id);
    const [a, b] = await Promise.all([pay(account.id, 1700, 'payout-p-3'), pay(account.id, 1700, 'payout-p-3')]);
    expect(a.id).toBe(b.id);
    expect(await available()).toBe(before - 1500 - 1700);
    const mine = (await stripe.v2.moneyManagement.outboundPayments.list({ recipient: account.id, limit: 100 })).data;
    expect(mine).toHaveLength(2);
    await expect(pay(account.id, 1600, 'payout-p-2')).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('refuses a recipient that has not finished onboarding, and a balance that is short', async () => {
    const pending = await createRecipient(stripe, 'CO');
    const unverified = await pay(pending.id, 1000).catch((e: unknown) => e);
    expect(unverified).toBeInstanceOf(Stripe.errors.CapabilityNotEnabledError);
    expect(unverified).toMatchObject({ statusCode: 400, rawType: 'capability_not_enabled' });
    const account = await onboardedRecipient('CO');
    const wanted = (await available()) + 1;
    const short = await pay(account.id, wanted, 'too-much').catch((e: unknown) => e);
    expect(short).toBeInstanceOf(Stripe.errors.InsufficientFundsError);
    // v2 does not replay a failure: once funded, the same request with the same key goes through.
    await fund(50_000);
    expect((await pay(account.id, wanted, 'too-much')).status).toBe('processing');
    await expect(pay(account.id, 99)).rejects.toMatchObject({ code: 'amount_too_small', param: 'amount.value' });
    await expect(
      stripe.v2.moneyManagement.outboundPayments.create({ amount: { value: 1000, currency: 'usd' }, from: { financial_account: fa, currency: 'usd' }, to: { recipient: 'acct_nope' } }),
    ).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'to.recipient' });
  });

  it('a test control refuses one recipient\'s payouts as if the platform\'s balance were short, leaving everyone else\'s', async () => {
    const [short, other] = [await onboardedRecipient('MX'), await onboardedRecipient('MX')];
    await fund(10_000);
    const refusedWithoutKey = await postForm(h.url, `/stripe/test/accounts/${short.id}/short_platform_balance`, {});
    expect(refusedWithoutKey.status).toBe(401);
    const set = await fetch(`${h.url}/stripe/test/accounts/${short.id}/short_platform_balance`, {
      method: 'POST', headers: { Authorization: `Bearer ${h.double.config.secretKey}` },
    });
    expect(await set.json()).toMatchObject({ account: short.id, platform_balance_short: true });
    const before = await available();
    const refused = await pay(short.id, 1000).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Stripe.errors.InsufficientFundsError);
    expect(refused).toMatchObject({ statusCode: 400, rawType: 'insufficient_funds', code: 'insufficient_funds' });
    expect(await available()).toBe(before);
    expect((await pay(other.id, 1000)).status).toBe('processing');
  });

  it('fails a payout to a bank account that does not exist, returns the money, and asks the recipient for another one', async () => {
    const account = await onboardedRecipient('AR', 'no_account');
    await fund(5000);
    const before = await available();
    const payment = await pay(account.id, 3000);
    await h.double.webhooksIdle();
    const failed = await stripe.v2.moneyManagement.outboundPayments.retrieve(payment.id);
    expect(failed).toMatchObject({ status: 'failed', status_details: { failed: { reason: 'payout_method_does_not_exist' } } });
    expect(await available()).toBe(before);
    expect(eventTypesFor(payment.id)).toEqual(['v2.money_management.outbound_payment.created', 'v2.money_management.outbound_payment.failed']);
    const restricted = await stripe.v2.core.accounts.retrieve(account.id, { include: ['configuration.recipient', 'requirements'] });
    expect(restricted.configuration?.recipient?.capabilities?.bank_accounts?.local?.status).toBe('restricted');
    expect(restricted.requirements?.entries?.[0]?.minimum_deadline.status).toBe('past_due');
    expect(eventTypesFor(account.id)).toContain('v2.core.account[configuration.recipient].capability_status_updated');
    await expect(pay(account.id, 1000)).rejects.toBeInstanceOf(Stripe.errors.CapabilityNotEnabledError);
  });

  it('brings back a payout to a closed account; the creator fixes it through an update link', async () => {
    const account = await onboardedRecipient('BR');
    await fund(10_000);
    const closeWithoutKey = await postForm(h.url, `/stripe/test/accounts/${account.id}/close_bank_account`, {});
    expect(closeWithoutKey.status).toBe(401);
    const closed = await fetch(`${h.url}/stripe/test/accounts/${account.id}/close_bank_account`, {
      method: 'POST', headers: { Authorization: `Bearer ${h.double.config.secretKey}` },
    });
    expect(await closed.json()).toMatchObject({ account: account.id, outcome: 'closed' });
    const before = await available();
    const payment = await pay(account.id, 2000);
    await h.double.webhooksIdle();
    expect(await stripe.v2.moneyManagement.outboundPayments.retrieve(payment.id)).toMatchObject({
      status: 'returned', status_details: { returned: { reason: 'payout_method_closed' } },
    });
    expect(await available()).toBe(before);
    expect(eventTypesFor(payment.id)).toEqual([
      'v2.money_management.outbound_payment.created', 'v2.money_management.outbound_payment.posted', 'v2.money_management.outbound_payment.returned',
    ]);
    await expect(pay(account.id, 1000)).rejects.toBeInstanceOf(Stripe.errors.CapabilityNotEnabledError);

    const update = await onboardingLink(stripe, account.id, 'account_update');
    const fixed = await submitBankForm(h.url, update.url, { ...TEST_BANK_VALUES.BR.succeed, account_number: '98765-4' });
    expect(fixed.headers.get('location')).toBe(RETURN_URL);
    const again = await pay(account.id, 1000);
    await h.double.webhooksIdle();
    expect((await stripe.v2.moneyManagement.outboundPayments.retrieve(again.id)).status).toBe('posted');
    const methods = await stripe.v2.moneyManagement.payoutMethods.list({}, { stripeContext: account.id });
    expect(methods.data.map((m) => [m.bank_account?.last4, m.usage_status.transfers])).toEqual([['7654', 'eligible'], ['3456', 'invalid']]);
  });

  it('cancels a processing payout and refuses to cancel a posted one', async () => {
    // A double whose payouts stay processing, so the cancel cannot race the posting.
    const slow = await startV2Double({ STRIPE_WEBHOOK_EVENTS: 'none', STRIPE_OUTBOUND_PAYMENT_DELAY_MS: '600000' });
    try {
      const s = slow.stripe();
      const recipient = await createRecipient(s, 'CL');
      await submitBankForm(slow.url, (await onboardingLink(s, recipient.id)).url, TEST_BANK_VALUES.CL.succeed);
      await s.paymentIntents.create({ amount: 5000, currency: 'usd', allowed_payment_method_types: ['card'], confirm: true, payment_method: 'pm_card_visa' });
      const slowFa = (await s.v2.moneyManagement.financialAccounts.list()).data[0]!.id;
      const payment = await s.v2.moneyManagement.outboundPayments.create({ amount: { value: 1000, currency: 'usd' }, from: { financial_account: slowFa, currency: 'usd' }, to: { recipient: recipient.id } });
      const canceled = await s.v2.moneyManagement.outboundPayments.cancel(payment.id);
      expect(canceled).toMatchObject({ status: 'canceled', cancelable: false });
      await expect(s.v2.moneyManagement.outboundPayments.cancel(payment.id)).rejects.toBeInstanceOf(Stripe.errors.AlreadyCanceledError);
      expect((await s.v2.moneyManagement.financialAccounts.retrieve(slowFa)).balance.available.usd?.value).toBe(5000);
    } finally {
      await slow.close();
    }
    const account = await onboardedRecipient('CL');
    await fund(5000);
    const posted = await pay(account.id, 1000);
    await h.double.webhooksIdle();
    await expect(stripe.v2.moneyManagement.outboundPayments.cancel(posted.id)).rejects.toBeInstanceOf(Stripe.errors.NotCancelableError);
  });
});

describe('a restart', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'stripe-v2-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('completes a payout that was still processing, and keeps recipients and their payout methods', async () => {
    const file = path.join(dir, 'state.json');
    const env = { STRIPE_STATE_FILE: file, STRIPE_WEBHOOK_EVENTS: 'none', STRIPE_OUTBOUND_PAYMENT_DELAY_MS: '400' };
    const first = await startV2Double(env);
    const s1 = first.stripe();
    const account = await createRecipient(s1, 'US');
    await submitBankForm(first.url, (await onboardingLink(s1, account.id)).url, TEST_BANK_VALUES.US.succeed);
    await s1.paymentIntents.create({ amount: 5000, currency: 'usd', allowed_payment_method_types: ['card'], confirm: true, payment_method: 'pm_card_visa' });
    const faId = (await s1.v2.moneyManagement.financialAccounts.list()).data[0]!.id;
    const payment = await s1.v2.moneyManagement.outboundPayments.create({ amount: { value: 1000, currency: 'usd' }, from: { financial_account: faId, currency: 'usd' }, to: { recipient: account.id } });
    await first.close();

    expect(payment.status).toBe('processing');
    // The first run stopped before the payout's step was due; the next run picks the saved step up.
    await new Promise((r) => setTimeout(r, 450));
    const second = await startV2Double(env);
    try {
      const s2 = second.stripe();
      expect((await s2.v2.moneyManagement.financialAccounts.list()).data[0]!.id).toBe(faId);
      await second.double.webhooksIdle();
      expect((await s2.v2.moneyManagement.outboundPayments.retrieve(payment.id)).status).toBe('posted');
      const acct = await s2.v2.core.accounts.retrieve(account.id, { include: ['configuration.recipient'] });
      expect(acct.configuration?.recipient?.capabilities?.bank_accounts?.local?.status).toBe('active');
    } finally {
      await second.close();
    }
  });
});
