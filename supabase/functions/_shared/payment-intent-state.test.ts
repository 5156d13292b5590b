// Deno tests: what a PaymentIntent means for a payment row and for the result screen.
import { assert, assertEquals, assertThrows } from '../../../testkit/deno/assert.ts';
import { intentMessage, isPaymentIntentId, paymentIdOfIntent, paymentStatusOfIntent } from './payment-intent-state.ts';

const pi = (status: string, extra: Record<string, unknown> = {}) => ({ id: 'pi_1', amount: 100, status, ...extra });

Deno.test('PaymentIntent statuses map to payment statuses', () => {
  assertEquals(paymentStatusOfIntent(pi('succeeded')), 'completed');
  assertEquals(paymentStatusOfIntent(pi('canceled')), 'failed');
  assertEquals(paymentStatusOfIntent(pi('requires_payment_method', { last_payment_error: { message: 'Your card was declined.' } })), 'failed');
  for (const s of ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing']) assertEquals(paymentStatusOfIntent(pi(s)), 'pending');
});

Deno.test('messages: Stripe says why a card failed; other states are explained', () => {
  assertEquals(intentMessage(pi('requires_payment_method', { last_payment_error: { message: 'Your card was declined.' } })), 'Your card was declined.');
  assertEquals(intentMessage(pi('requires_payment_method')), 'The payment was not completed.');
  assertEquals(intentMessage(pi('succeeded')), 'Payment successful');
  assertEquals(intentMessage(pi('canceled')), 'This payment was canceled.');
  assertEquals(intentMessage(pi('something_new')), 'There was an issue with your payment');
});

Deno.test('ids are checked before use', () => {
  assertEquals(paymentIdOfIntent(pi('succeeded', { metadata: { payment_id: '11111111-2222-3333-4444-555555555555' } })), '11111111-2222-3333-4444-555555555555');
  assertEquals(paymentIdOfIntent(pi('succeeded', { metadata: { payment_id: "1' or 1=1" } })), undefined);
  assertEquals(paymentIdOfIntent(pi('succeeded')), undefined);
  assertEquals(isPaymentIntentId('pi_3Abc_def'), true);
  assertEquals(isPaymentIntentId('pi_'), false);
  assertEquals(isPaymentIntentId('../x'), false);
});
