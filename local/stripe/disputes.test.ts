import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startV2Double } from './fixtures/v2-harness.ts';
import { type DoubleHarness, startWebhookReceiver } from '../../testkit/stripe.ts';

let h: DoubleHarness;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  h = await startV2Double({ STRIPE_WEBHOOK_URL: receiver.url, STRIPE_WEBHOOK_EVENTS: 'charge.succeeded,payment_intent.succeeded,charge.dispute.created,charge.dispute.funds_withdrawn' });
  stripe = h.stripe();
});
afterAll(async () => {
  await h.close();
  await receiver.close();
});

async function available(): Promise<number> {
  const fa = (await stripe.v2.moneyManagement.financialAccounts.list()).data[0]!;
  return fa.balance.available.usd?.value ?? 0;
}

describe('disputes', () => {
  it('4000 0000 0000 0259 succeeds, then is disputed as fraudulent and its amount leaves the balance', async () => {
    const before = await available();
    const pi = await stripe.paymentIntents.create({
      amount: 4200, currency: 'usd', allowed_payment_method_types: ['card'], confirm: true, payment_method: 'pm_card_createDispute', metadata: { deliverable_id: 'd-7' },
    });
    expect(pi.status).toBe('succeeded');
    await h.double.webhooksIdle();
    const events = receiver.received.map((r) => stripe.webhooks.constructEvent(r.body, r.headers['stripe-signature'] as string, h.double.config.webhookSecret));
    // One commit's deliveries run side by side, so only the set is certain.
    expect(events.map((e) => e.type).sort()).toEqual(['charge.dispute.created', 'charge.dispute.funds_withdrawn', 'charge.succeeded', 'payment_intent.succeeded']);
    const dispute = events.find((e) => e.type === 'charge.dispute.created')!.data.object as Stripe.Dispute;
    expect(dispute).toMatchObject({
      object: 'dispute', amount: 4200, currency: 'usd', charge: pi.latest_charge, payment_intent: pi.id, reason: 'fraudulent', status: 'needs_response',
      is_charge_refundable: false, livemode: false, evidence_details: { has_evidence: false, past_due: false, submission_count: 0 },
    });
    expect(dispute.id).toMatch(/^dp_/);
    expect(dispute.evidence_details.due_by).toBeGreaterThan(dispute.created);
    expect(await stripe.disputes.retrieve(dispute.id)).toMatchObject({ id: dispute.id, status: 'needs_response' });
    expect((await stripe.charges.retrieve(pi.latest_charge as string)).disputed).toBe(true);
    // The charge added 4200 and the dispute took it back.
    expect(await available()).toBe(before);
    await expect(stripe.disputes.retrieve('dp_nope')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('also disputes the card typed on the checkout page', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 1500, currency: 'usd' });
    const res = await fetch(`${h.url}/stripe/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: pi.client_secret!, return_url: 'http://localhost:5173/r', card_number: '4000 0000 0000 0259', expiry: '12 / 34', cvc: '123' }).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    const charge = await stripe.charges.retrieve((await stripe.paymentIntents.retrieve(pi.id)).latest_charge as string);
    expect(charge.disputed).toBe(true);
  });
});
