// Deno tests: the shared payment status check (its query parameter, who may see what, reconciling).
import type Stripe from 'stripe';
import { assert, assertEquals, assertThrows } from '../../../testkit/deno/assert.ts';
import { HttpError } from './http-error.ts';
import { checkPaymentStatus, paymentIntentParam, type PaymentStatusClients } from './payment-status-check.ts';
import type { ApiClient } from './user-client.ts';

const paymentId = '11111111-2222-3333-4444-555555555555';
const row = { payment_id: paymentId, deliverable_id: 'dddddddd-0000-0000-0000-000000000001', campaign_title: 'Glow', amount_cents: 50000, status: 'pending', application_id: 'aaaaaaaa-0000-0000-0000-000000000001', campaign_id: 'cccccccc-0000-0000-0000-000000000001' };

interface Call {
  fn: string;
  args: Record<string, unknown>;
}

/** A client whose rpc answers from `answer` and remembers what was called. */
function fakeClient(calls: Call[], answer: (fn: string) => { data?: unknown; error?: { message: string; details?: string }; status?: number }): ApiClient {
  const rpc = (fn: string, args: Record<string, unknown>) => {
    calls.push({ fn, args });
    const a = answer(fn);
    return Promise.resolve({ data: a.data ?? null, error: a.error ?? null, status: a.status ?? 200 });
  };
  return { rpc } as unknown as ApiClient;
}

function clients(opts: {
  caller?: (fn: string) => { data?: unknown; error?: { message: string; details?: string }; status?: number };
  intent?: Record<string, unknown>;
  recordedStatus?: string;
}) {
  const callerCalls: Call[] = [];
  const serviceCalls: Call[] = [];
  const retrieved: string[] = [];
  const c: PaymentStatusClients = {
    caller: fakeClient(callerCalls, opts.caller ?? (() => ({ data: [row] }))),
    service: fakeClient(serviceCalls, () => ({ data: [{ outcome: 'applied', payment_id: paymentId, status: opts.recordedStatus ?? 'completed' }] })),
    stripe: {
      paymentIntents: {
        retrieve: (id: string) => {
          retrieved.push(id);
          return Promise.resolve({ id, amount: 50000, status: 'succeeded', metadata: { payment_id: paymentId }, ...opts.intent });
        },
      },
    } as unknown as Stripe,
  };
  return { c, callerCalls, serviceCalls, retrieved };
}

async function rejects(p: Promise<unknown>): Promise<HttpError> {
  try {
    await p;
  } catch (e) {
    assert(e instanceof HttpError, `expected an HttpError, got ${e}`);
    return e;
  }
  throw new Error('expected a rejection');
}

Deno.test('status query: the PaymentIntent id is required and checked', () => {
  assertEquals(paymentIntentParam(new URL('http://x/payments/status?payment_intent=pi_123')), 'pi_123');
  const missing = assertThrows(() => paymentIntentParam(new URL('http://x/payments/status')));
  assert(missing instanceof HttpError && missing.status === 400 && missing.field === 'payment_intent' && missing.message === 'No payment information found');
  const bad = assertThrows(() => paymentIntentParam(new URL('http://x/api/check-payment-status?payment_intent=ch_1')));
  assert(bad instanceof HttpError && bad.status === 400 && bad.field === 'payment_intent');
});

Deno.test('the paying brand gets the spec response; the row is reconciled with the service role', async () => {
  const { c, callerCalls, serviceCalls, retrieved } = clients({});
  assertEquals(await checkPaymentStatus(c, 'pi_1'), {
    status: 'succeeded', amount: 50000, deliverableId: row.deliverable_id, campaignTitle: 'Glow', message: 'Payment successful',
    applicationId: row.application_id, campaignId: row.campaign_id,
  });
  assertEquals(callerCalls, [{ fn: 'payment_for_intent', args: { stripe_payment_id: 'pi_1' } }]);
  assertEquals(retrieved, ['pi_1']);
  assertEquals(serviceCalls.length, 1);
  assertEquals(serviceCalls[0]!.fn, 'payment_record_stripe_state');
  assertEquals(serviceCalls[0]!.args.target_status, 'completed');
  assertEquals(serviceCalls[0]!.args.known_payment_id, paymentId);
});

Deno.test('a refunded payment says so, whatever the intent status', async () => {
  const { c } = clients({ recordedStatus: 'refunded' });
  const res = await checkPaymentStatus(c, 'pi_1');
  assertEquals([res.status, res.message], ['refunded', 'This payment was refunded.']);
});

Deno.test('refusals come before Stripe is asked: not visible 404, the creator 403', async () => {
  const invisible = clients({ caller: () => ({ data: [] }) });
  assertEquals((await rejects(checkPaymentStatus(invisible.c, 'pi_1'))).status, 404);
  assertEquals(invisible.retrieved, []);
  const creator = clients({ caller: () => ({ error: { message: 'Only the paying brand can check this payment', details: 'not_payer' }, status: 403 }) });
  const e = await rejects(checkPaymentStatus(creator.c, 'pi_1'));
  assertEquals([e.status, e.message], [403, 'Only the paying brand can check this payment']);
  assertEquals(creator.retrieved, []);
  assertEquals(creator.serviceCalls, []);
});

Deno.test('an intent whose metadata names another payment is not this payment (404, nothing recorded)', async () => {
  const other = clients({ intent: { metadata: { payment_id: '99999999-2222-3333-4444-555555555555' } } });
  assertEquals((await rejects(checkPaymentStatus(other.c, 'pi_1'))).status, 404);
  assertEquals(other.serviceCalls, []);
});
