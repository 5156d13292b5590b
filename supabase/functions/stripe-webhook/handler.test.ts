// Deno tests (run: deno test --config supabase/functions/deno.json supabase/functions/): the webhook's
// signature check with the real stripe SDK, and what each event does, with the database faked.
import { assert, assertEquals, assertThrows } from '../../../testkit/deno/assert.ts';
import Stripe from 'stripe';
import type { PaymentStateChange, RecordOutcome } from '../_shared/payment-state-change.ts';
import { changeOfEvent, type DisputeChange, disputeOfEvent } from './event-change.ts';
import { createWebhookHandler } from './handler.ts';
import { subjectOf, type ThinNotification } from './v2-notifications.ts';

const secret = 'whsec_test_secret';
const stripe = new Stripe('sk_test_unused', { httpClient: Stripe.createFetchHttpClient() });
const crypto = Stripe.createSubtleCryptoProvider();

function intentEvent(type: string, status: string, extra: Record<string, unknown> = {}, id = 'evt_1') {
  return {
    id,
    object: 'event',
    type,
    created: 1_700_000_000,
    data: { object: { id: 'pi_1', object: 'payment_intent', amount: 5000, status, metadata: { payment_id: '11111111-2222-3333-4444-555555555555' }, last_payment_error: null, ...extra } },
  };
}

async function signed(payload: string, opts: { secret?: string; timestamp?: number } = {}) {
  const header = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: opts.secret ?? secret, timestamp: opts.timestamp, cryptoProvider: crypto });
  return new Request('http://local/stripe-webhook', { method: 'POST', body: payload, headers: { 'stripe-signature': header, 'content-type': 'application/json' } });
}

/** A handler whose database is an in-memory list of recorded changes (repeats reported as duplicates). */
function harness(fail = false) {
  const recorded: PaymentStateChange[] = [];
  const seen = new Set<string>();
  const handler = createWebhookHandler({
    stripe,
    webhookSecret: secret,
    log: () => undefined,
    async record(change): Promise<RecordOutcome> {
      if (fail) throw new Error('database down');
      if (change.eventId && seen.has(change.eventId)) return { outcome: 'duplicate', payment_id: null, status: null };
      if (change.eventId) seen.add(change.eventId);
      recorded.push(change);
      return { outcome: 'applied', payment_id: 'p', status: change.targetStatus };
    },
  });
  return { handler, recorded };
}

Deno.test('a correctly signed succeeded event is recorded as completed', async () => {
  const { handler, recorded } = harness();
  const res = await handler(await signed(JSON.stringify(intentEvent('payment_intent.succeeded', 'succeeded'))));
  assertEquals(res.status, 200);
  assertEquals(await res.json(), { received: true, outcome: 'applied' });
  assertEquals(recorded.length, 1);
  assertEquals(recorded[0], {
    eventId: 'evt_1',
    eventType: 'payment_intent.succeeded',
    occurredAt: '2023-11-14T22:13:20.000Z',
    stripePaymentId: 'pi_1',
    targetStatus: 'completed',
    stripeStatus: 'succeeded',
    knownPaymentId: '11111111-2222-3333-4444-555555555555',
  });
});

Deno.test('a bad signature, another secret, a changed body, a stale timestamp or no header -> 400, nothing recorded', async () => {
  const { handler, recorded } = harness();
  const payload = JSON.stringify(intentEvent('payment_intent.succeeded', 'succeeded'));
  assertEquals((await handler(await signed(payload, { secret: 'whsec_other' }))).status, 400);
  const tampered = await signed(payload);
  const changed = new Request(tampered.url, { method: 'POST', headers: tampered.headers, body: payload.replace('5000', '9') });
  assertEquals((await handler(changed)).status, 400);
  // Older than Stripe's default tolerance of 300 seconds.
  assertEquals((await handler(await signed(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 }))).status, 400);
  const unsigned = await handler(new Request('http://local/stripe-webhook', { method: 'POST', body: payload }));
  assertEquals([unsigned.status, await unsigned.json()], [400, { code: 'missing_signature', message: 'Missing Stripe-Signature header' }]);
  const garbage = new Request('http://local/stripe-webhook', { method: 'POST', body: payload, headers: { 'stripe-signature': 't=1,v1=abc' } });
  assertEquals((await handler(garbage)).status, 400);
  assertEquals(recorded.length, 0);
});

Deno.test('a replayed event is acknowledged and changes nothing', async () => {
  const { handler, recorded } = harness();
  const payload = JSON.stringify(intentEvent('payment_intent.succeeded', 'succeeded'));
  assertEquals((await handler(await signed(payload))).status, 200);
  const again = await handler(await signed(payload));
  assertEquals(again.status, 200);
  assertEquals(await again.json(), { received: true, outcome: 'duplicate' });
  assertEquals(recorded.length, 1);
});

Deno.test('ignored event types get 200 and are not recorded', async () => {
  const { handler, recorded } = harness();
  for (const type of ['payment_intent.created', 'charge.succeeded', 'customer.created']) {
    const res = await handler(await signed(JSON.stringify(intentEvent(type, 'requires_payment_method'))));
    assertEquals(res.status, 200);
    assertEquals(await res.json(), { received: true, ignored: true });
  }
  assertEquals(recorded.length, 0);
});

Deno.test('a database failure answers 500 so Stripe delivers the event again', async () => {
  const { handler } = harness(true);
  const res = await handler(await signed(JSON.stringify(intentEvent('payment_intent.succeeded', 'succeeded'))));
  assertEquals([res.status, await res.json()], [500, { code: 'record_failed', message: 'Could not record the event' }]);
});

Deno.test('only POST is accepted', async () => {
  const { handler } = harness();
  const res = await handler(new Request('http://local/stripe-webhook'));
  assertEquals([res.status, await res.json()], [405, { code: 'method_not_allowed', message: 'Method not allowed' }]);
  // Stripe's servers call it, never a page: no CORS.
  assertEquals(res.headers.get('access-control-allow-origin'), null);
});

Deno.test('events map to payment changes', () => {
  assertEquals(changeOfEvent(intentEvent('payment_intent.payment_failed', 'requires_payment_method', { last_payment_error: { message: 'Your card was declined.' } }) as never)?.targetStatus, 'failed');
  assertEquals(changeOfEvent(intentEvent('payment_intent.canceled', 'canceled') as never)?.targetStatus, 'failed');
  assertEquals(changeOfEvent(intentEvent('payment_intent.canceled', 'canceled') as never)?.stripeStatus, 'canceled');
  const refund = (refunded: boolean) => ({
    id: 'evt_r', type: 'charge.refunded', created: 1_700_000_100,
    data: { object: { id: 'ch_1', object: 'charge', payment_intent: 'pi_1', refunded, amount_refunded: refunded ? 5000 : 1000 } },
  });
  assertEquals(changeOfEvent(refund(true) as never), {
    eventId: 'evt_r', eventType: 'charge.refunded', occurredAt: '2023-11-14T22:15:00.000Z',
    stripePaymentId: 'pi_1', targetStatus: 'refunded', stripeStatus: 'succeeded', amountRefundedCents: 5000,
  });
  // A partial refund keeps the payment completed and records the refunded cents.
  assertEquals(changeOfEvent(refund(false) as never)?.targetStatus, 'completed');
  assertEquals(changeOfEvent(intentEvent('payment_intent.created', 'requires_payment_method') as never), null);
  // Metadata that is not one of our ids is not trusted as a payment id.
  assertEquals(changeOfEvent(intentEvent('payment_intent.succeeded', 'succeeded', { metadata: { payment_id: 'x' } }) as never)?.knownPaymentId, undefined);
});

Deno.test('dispute events map to chargebacks: opened withdraws, won returns, lost changes nothing more', () => {
  const dispute = (type: string, status: string) => ({
    id: `evt_${type}`, type, created: 1_700_000_200,
    data: { object: { id: 'dp_1', object: 'dispute', amount: 5000, status, payment_intent: 'pi_1' } },
  });
  assertEquals(disputeOfEvent(dispute('charge.dispute.created', 'needs_response') as never), {
    stripePaymentId: 'pi_1', disputeId: 'dp_1', amountCents: 5000, disputeStatus: 'needs_response',
    eventId: 'evt_charge.dispute.created', eventType: 'charge.dispute.created', occurredAt: '2023-11-14T22:16:40.000Z',
  });
  assertEquals(disputeOfEvent(dispute('charge.dispute.closed', 'won') as never)?.disputeStatus, 'won');
  assertEquals(disputeOfEvent(dispute('charge.dispute.funds_reinstated', 'won') as never)?.disputeStatus, 'won');
  assertEquals(disputeOfEvent(dispute('charge.dispute.closed', 'lost') as never), null);
  assertEquals(disputeOfEvent(dispute('charge.dispute.updated', 'under_review') as never), null);
});

Deno.test('a signed dispute event is recorded as a chargeback', async () => {
  const disputes: DisputeChange[] = [];
  const handler = createWebhookHandler({
    stripe, webhookSecret: secret, log: () => undefined,
    record: () => Promise.reject(new Error('not a payment change')),
    recordDispute: (d) => {
      disputes.push(d);
      return Promise.resolve({ outcome: 'applied' });
    },
  });
  const event = { id: 'evt_d', object: 'event', type: 'charge.dispute.created', created: 1_700_000_300, data: { object: { id: 'dp_9', amount: 700, status: 'needs_response', payment_intent: 'pi_9' } } };
  const res = await handler(await signed(JSON.stringify(event)));
  assertEquals([res.status, await res.json()], [200, { received: true, outcome: 'applied' }]);
  assertEquals(disputes.map((d) => [d.disputeId, d.amountCents, d.stripePaymentId]), [['dp_9', 700, 'pi_9']]);
});

Deno.test('a v2 thin event is verified with parseEventNotification and applied; a forged one is refused', async () => {
  const applied: ThinNotification[] = [];
  const handler = createWebhookHandler({
    stripe, webhookSecret: secret, log: () => undefined,
    record: () => Promise.reject(new Error('not a payment change')),
    applyThin: (n) => {
      applied.push(n);
      return Promise.resolve('applied');
    },
  });
  const thin = {
    id: 'evt_test_thin', object: 'v2.core.event', type: 'v2.money_management.outbound_payment.posted', created: '2026-11-25T10:00:00.000Z',
    livemode: false, related_object: { id: 'obp_1', type: 'v2.money_management.outbound_payment', url: '/v2/money_management/outbound_payments/obp_1' },
  };
  const payload = JSON.stringify(thin);
  assertEquals((await handler(await signed(payload, { secret: 'whsec_other' }))).status, 400);
  const res = await handler(await signed(payload));
  assertEquals([res.status, await res.json()], [200, { received: true, outcome: 'applied' }]);
  assertEquals(applied.map((n) => [n.id, n.type, n.related_object?.id]), [['evt_test_thin', thin.type, 'obp_1']]);
});

Deno.test('thin events name what to read fresh from Stripe', () => {
  const account = { id: 'acct_1', type: 'v2.core.account' };
  assertEquals(subjectOf({ id: 'e', type: 'v2.core.account[configuration.recipient].capability_status_updated', related_object: account }), { kind: 'account', accountId: 'acct_1' });
  assertEquals(subjectOf({ id: 'e', type: 'v2.core.account[defaults].updated', related_object: account }), { kind: 'account', accountId: 'acct_1' });
  assertEquals(subjectOf({ id: 'e', type: 'v2.money_management.payout_method.updated', context: 'acct_2', related_object: { id: 'bankacct_1', type: 'v2.money_management.payout_method' } }), { kind: 'account', accountId: 'acct_2' });
  assertEquals(subjectOf({ id: 'e', type: 'v2.money_management.outbound_payment.returned', related_object: { id: 'obp_1', type: 'v2.money_management.outbound_payment' } }), { kind: 'outbound_payment', id: 'obp_1' });
  assertEquals(subjectOf({ id: 'e', type: 'v2.core.account_link.returned' }), null);
});
