// Deno tests: the payout run's retry after Stripe was unreachable (same payout, same idempotency key, one
// OutboundPayment), a refusal that returns the money against an answer that may not, the failure
// reasons, and the onboarding body.
import Stripe from 'stripe';
import { assert, assertEquals, assertRejects, assertThrows } from '../../../testkit/deno/assert.ts';
import { HttpError } from '../_shared/http-error.ts';
import { failureOf, payoutStatusOf, refusalOf } from '../_shared/outbound-payment-state.ts';
import type { ApiClient } from '../_shared/user-client.ts';
import { countryOf } from './handler.ts';
import { hostedLocale } from './onboarding.ts';
import { payOut, payoutIdempotencyKey } from './pay-out.ts';

/** A database that keeps one open payout (as api.payout_begin does) and records what it is told. */
function fakeDatabase(recordAnswer = 'applied') {
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
      return Promise.resolve({ data: fn === 'payout_record' ? recordAnswer : 'applied', error: null, status: 200 });
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
  const e = await assertRejects(() => payOut(db.client, stripe, async () => 'fa_1', 'creator-1', 'schedule', () => {}));
  assert(e instanceof HttpError && e.status === 502 && e.code === 'payout_unconfirmed');
  assertEquals(db.recorded, []);
  const result = await payOut(db.client, stripe, async () => 'fa_1', 'creator-1', 'schedule', () => {});
  assertEquals(result, { payoutId: 'po_1', amountCents: 4200, status: 'processing' });
  assertEquals(keys, [payoutIdempotencyKey('po_1'), payoutIdempotencyKey('po_1')]);
  assertEquals(db.recorded.map((r) => [r.fn, r.stripe_outbound_payment_id, r.status]), [['payout_record', 'obp_1', 'processing']]);
});

/** A Stripe whose OutboundPayment create fails with `error`; counts the calls. */
function refusingStripe(error: unknown) {
  const keys: string[] = [];
  const stripe = {
    v2: { moneyManagement: { outboundPayments: {
      create(_params: unknown, opts: { idempotencyKey: string }) {
        keys.push(opts.idempotencyKey);
        return Promise.reject(error);
      },
      retrieve: () => Promise.reject(new Error('not reached')),
    } } },
  } as unknown as Stripe;
  return { stripe, keys };
}

Deno.test('no definite answer from Stripe: the money is not returned, the payout stays pending for a retry with the same key', async () => {
  const maybeCreated = [
    new Stripe.errors.StripeConnectionError({ message: 'An error occurred with our connection to Stripe. Request was retried 2 times.' }),
    new Stripe.errors.StripeAPIError({ message: 'Internal error', statusCode: 500 }),
    new Stripe.errors.StripeAPIError({ message: 'Bad gateway', statusCode: 502 }),
    new Stripe.errors.StripeIdempotencyError({ type: 'idempotency_error', message: 'Another request with this key is in progress', statusCode: 409 }),
    new Stripe.errors.StripeIdempotencyError({ type: 'idempotency_error', message: 'Keys can only be used with the same parameters', statusCode: 400 }),
    new Stripe.errors.StripeRateLimitError({ message: 'Too many requests', statusCode: 429 }),
    new DOMException('The operation timed out.', 'TimeoutError'),
    new TypeError('error sending request'),
  ];
  for (const error of maybeCreated) {
    assertEquals(refusalOf(error), null, String(error));
    const db = fakeDatabase();
    const { stripe, keys } = refusingStripe(error);
    const lines: string[] = [];
    const e = await assertRejects(() => payOut(db.client, stripe, async () => 'fa_1', 'creator-1', 'creator', (l) => lines.push(l)));
    assert(e instanceof HttpError && e.status === 502 && e.code === 'payout_unconfirmed', String(error));
    assertEquals(db.recorded, [], String(error));
    assertEquals(keys, [payoutIdempotencyKey('po_1')]);
    assert(lines.some((l) => l.includes('po_1') && l.includes('unconfirmed')), lines.join('\n'));
  }
});

Deno.test('a definite refusal fails the payout and returns its money, with a reason that blames the right side', async () => {
  const cases: Array<[unknown, string, boolean]> = [
    [new Stripe.errors.InsufficientFundsError({ type: 'insufficient_funds', code: 'insufficient_funds', message: 'The FinancialAccount has $250.00 available', statusCode: 400 }), 'platform_balance_insufficient', false],
    [new Stripe.errors.CapabilityNotEnabledError({ type: 'capability_not_enabled', code: 'recipient_capability_not_active', message: 'cannot receive', statusCode: 400 }), 'bank_account_invalid', true],
    [new Stripe.errors.InvalidPayoutMethodError({ type: 'invalid_payout_method', code: 'payout_method_not_found', message: 'no default payout method', statusCode: 400 }), 'bank_account_invalid', true],
    [new Stripe.errors.StripeInvalidRequestError({ type: 'invalid_request_error', message: 'Amount must be at least $1.00 usd', statusCode: 400 }), 'payout_refused', false],
    [new Stripe.errors.StripeAuthenticationError({ message: 'Invalid API Key provided', statusCode: 401 }), 'payout_refused', false],
  ];
  for (const [error, code, accountProblem] of cases) {
    const db = fakeDatabase();
    const { stripe } = refusingStripe(error);
    const e = await assertRejects(() => payOut(db.client, stripe, async () => 'fa_1', 'creator-1', 'creator', () => {}));
    assert(e instanceof HttpError && e.status === 502 && e.code === code, `${error}: ${e}`);
    assert(/the money is back in your available balance/.test(e.message), e.message);
    assertEquals(db.recorded.map((r) => [r.fn, r.payout_id, r.failure_code, r.account_problem]), [['payout_refused', 'po_1', code, accountProblem]]);
    assertEquals(db.recorded[0]!.failure_message, e.message);
  }
  // The platform's shortfall never sends the creator to their bank details.
  assert(!/bank|payout details/i.test(refusalOf(cases[0]![0])!.message));
});

Deno.test('Stripe accepts a payout another request saw refused (its money already back): it is canceled, the request answers refused', async () => {
  const db = fakeDatabase('sent_after_refusal');
  const canceled: string[] = [];
  const stripe = {
    v2: { moneyManagement: { outboundPayments: {
      create: () => Promise.resolve({ id: 'obp_9', status: 'processing', status_details: null, amount: { value: 4200, currency: 'usd' } }),
      cancel: (id: string) => {
        canceled.push(id);
        return Promise.resolve({ id, status: 'canceled' });
      },
    } } },
  } as unknown as Stripe;
  const e = await assertRejects(() => payOut(db.client, stripe, async () => 'fa_1', 'creator-1', 'creator', () => {}));
  assert(e instanceof HttpError && e.status === 502 && e.code === 'payout_refused');
  assertEquals(canceled, ['obp_9']);
  assertEquals(db.recorded.map((r) => [r.fn, r.stripe_outbound_payment_id]), [['payout_record', 'obp_9']]);
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

Deno.test("Stripe's hosted pages speak the creator's app language: en-US, pt-BR (issue 37), else Latin American Spanish", () => {
  assertEquals([hostedLocale({ language: 'en' }), hostedLocale({ language: 'pt' }), hostedLocale({ language: 'es' }), hostedLocale({ language: null }), hostedLocale({})], [
    'en-US', 'pt-BR', 'es-419', 'es-419', 'es-419',
  ]);
});
