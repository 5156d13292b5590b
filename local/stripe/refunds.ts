import type { RequestInfo, StripeCore } from './core.ts';
import { newId, nowSeconds } from './ids.ts';
import { formatAmount } from './money.ts';
import type { Charge, Refund } from './objects.ts';
import { mergeMetadata, type Params } from './params.ts';
import { getPaymentIntent } from './payment-intents.ts';
import { invalidParam, noSuch, StripeApiError } from './stripe-error.ts';

export function getCharge(core: StripeCore, id: string, param = 'id'): Charge {
  const charge = core.store.state.charges[id];
  if (!charge) throw noSuch('charge', id, param);
  return charge;
}


/** POST /v1/refunds: refunds all or part of a PaymentIntent's (or a charge's) successful charge. */
export function createRefund(core: StripeCore, p: Params, req: RequestInfo): Refund {
  const piId = p.string('payment_intent');
  const chargeId = p.string('charge');
  const amountParam = p.int('amount');
  const reason = p.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const);
  const metadata = mergeMetadata({}, p.metadata());
  if (!piId && !chargeId) {
    throw invalidParam('One of the following params should be provided for this request: payment_intent or charge.', undefined, 'parameter_missing');
  }
  if (amountParam !== undefined && amountParam <= 0) throw invalidParam('Invalid positive integer', 'amount', 'parameter_invalid_integer');
  let charge: Charge;
  if (piId) {
    const pi = getPaymentIntent(core, piId, 'payment_intent');
    const latest = typeof pi.latest_charge === 'string' ? core.store.state.charges[pi.latest_charge] : undefined;
    if (pi.status !== 'succeeded' || !latest || latest.status !== 'succeeded') {
      throw new StripeApiError(400, { type: 'invalid_request_error', message: `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, param: 'payment_intent' });
    }
    if (chargeId && chargeId !== latest.id) throw invalidParam(`The charge ${chargeId} does not belong to PaymentIntent ${pi.id}.`, 'charge');
    charge = latest;
  } else {
    charge = getCharge(core, chargeId!, 'charge');
    if (charge.status !== 'succeeded') {
      throw new StripeApiError(400, { type: 'invalid_request_error', message: `Charge ${charge.id} has not succeeded and cannot be refunded.`, param: 'charge' });
    }
  }
  const remaining = charge.amount - charge.amount_refunded;
  if (remaining === 0) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error', code: 'charge_already_refunded', doc_url: 'https://stripe.com/docs/error-codes/charge-already-refunded',
      message: `Charge ${charge.id} has already been refunded.`,
    });
  }
  const amount = amountParam ?? remaining;
  if (amount > remaining) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error', param: 'amount',
      message: `Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(remaining, charge.currency)})`,
    });
  }
  const refund: Refund = {
    id: newId('re'),
    object: 'refund',
    amount,
    balance_transaction: newId('txn'),
    charge: charge.id,
    created: nowSeconds(),
    currency: charge.currency,
    destination_details: { card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' }, type: 'card' },
    metadata,
    payment_intent: charge.payment_intent,
    reason: reason ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
  core.store.state.refunds[refund.id] = refund;
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  core.emit('charge.refunded', charge, req, previous);
  core.emit('refund.created', refund, req);
  return refund;
}
