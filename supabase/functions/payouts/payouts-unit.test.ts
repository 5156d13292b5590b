// Deno tests: the payout run's retry after Stripe was unreachable (same payout, same idempotency key, one
// OutboundPayment), the failure reasons, and the onboarding body.
import type Stripe from 'stripe';
import { assert, assertEquals, assertRejects, assertThrows } from '../../../testkit/deno/assert.ts';
import { HttpError } from '../_shared/http-error.ts';
import { failureOf, payoutStatusOf } from '../_shared/outbound-payment-state.ts';
import type { ApiClient } from '../_shared/user-client.ts';
import { countryOf } from './handler.ts';
import { payOut, payoutIdempotencyKey } from './pay-out.ts';

/** A database that keeps one open payout (as api.payout_begin does) and records what it is told. */
function fakeDatabase() {
  const recorded: Array<Record<string, unknown>> = [];
  let open: { payout_id: string; stripe_outbound_payment_id: string | null } | null = null;
  const client = {
    rpc(fn: string, args: Record<string, unknown>) {
      if (fn === 'payout_begin') {
        const created = open === null;
        open ??= { payout_id: 'po_1', stripe_outbound_payment_id: null };
        return Promise.resolve({ data: [{ ...open, amount_cents: 4200, status: 'pending', stripe_account_id: 'acct_1', created }], error: null, status: 200 });
      }
      recorded.push({ fn, ...args });
      if (fn === 'payout_record' && open) open.stripe_outbound_payment_id = String(args.stripe_outbound_payment_id);
      return Promise.resolve({ data: 'applied', error: null, status: 200 });
    },
  };
  return { client: client as unknown as ApiClient, recorded };
}

Deno.test('Stripe unreachable mid-payout: the next run sends the same payout with the same key, once', async () => {
  const db = fakeDatabase();
  const keys: string[] = [];
  let calls = 0;
  const stripe = {
    v2: { moneyManagement: { outboundPayments: {
      create(_params: unknown, opts: { idempotencyKey: string }) {
        keys.push(opts.idempotencyKey);
        calls++;
        if (calls === 1) return Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { type: 'StripeConnectionError' }));
        return Promise.resolve({ id: 'obp_1', status: 'processing', status_details: null, amount: { value: 4200, currency: 'usd' } });
      },
      retrieve: () => Promise.reject(new Error('not reached')),
    } } },
  } as unknown as Stripe;
  await assertRejects(() => payOut(db.client, stripe, 'fa_1', 'creator-1', 'schedule'));
  assertEquals(db.recorded, []);
  const result = await payOut(db.client, stripe, 'fa_1', 'creator-1', 'schedule');
  assertEquals(result, { payoutId: 'po_1', amountCents: 4200, status: 'processing' });
  assertEquals(keys, [payoutIdempotencyKey('po_1'), payoutIdempotencyKey('po_1')]);
  assertEquals(db.recorded.map((r) => [r.fn, r.stripe_outbound_payment_id, r.status]), [['payout_record', 'obp_1', 'processing']]);
});

Deno.test('OutboundPayment states and failure reasons', () => {
  assertEquals(['processing', 'posted', 'failed', 'returned', 'canceled'].map(payoutStatusOf), ['processing', 'paid', 'failed', 'failed', 'failed']);
  assertEquals(failureOf({ status: 'returned', status_details: { returned: { reason: 'payout_method_closed' } } } as never), {
    code: 'payout_method_closed', message: 'The bank account is closed. Add an account that is open.',
  });
  assertEquals(failureOf({ status: 'failed', status_details: { failed: { reason: 'unknown_failure' } } } as never).code, 'unknown_failure');
  assertEquals(failureOf({ status: 'posted', status_details: null } as never), { code: null, message: null });
});

Deno.test('the onboarding body names a country by its two capital letters', () => {
  assertEquals(countryOf({ country: 'MX' }), 'MX');
  for (const body of [null, [], {}, { country: 'mx' }, { country: 'Mexico' }, { country: 52 }]) {
    const e = assertThrows(() => countryOf(body));
    assert(e instanceof HttpError && e.status === 400 && e.field === 'country');
  }
});
