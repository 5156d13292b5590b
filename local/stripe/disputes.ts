import type { RequestInfo, StripeCore } from './core.ts';
import { newId, nowSeconds } from './ids.ts';
import type { Charge, Dispute } from './objects.ts';
import { noSuch } from './stripe-error.ts';

/** The evidence fields of a card dispute, empty until the platform responds. */
const EVIDENCE_FIELDS = [
  'access_activity_log', 'billing_address', 'cancellation_policy', 'cancellation_policy_disclosure', 'cancellation_rebuttal',
  'customer_communication', 'customer_email_address', 'customer_name', 'customer_purchase_ip', 'customer_signature',
  'duplicate_charge_documentation', 'duplicate_charge_explanation', 'duplicate_charge_id', 'product_description', 'receipt',
  'refund_policy', 'refund_policy_disclosure', 'refund_refusal_explanation', 'service_date', 'service_documentation',
  'shipping_address', 'shipping_carrier', 'shipping_date', 'shipping_documentation', 'shipping_tracking_number',
  'uncategorized_file', 'uncategorized_text',
];

/** Visa's reason code for "Other Fraud - Card-Absent Environment", what a fraudulent card dispute carries. */
const FRAUD_REASON_CODE = '10.4';
/** Stripe gives the platform about three weeks to respond. */
const RESPONSE_WINDOW_S = 21 * 24 * 3600;

export function getDispute(core: StripeCore, id: string): Dispute {
  const dispute = core.store.state.disputes[id];
  if (!dispute) throw noSuch('dispute', id);
  return dispute;
}

/**
 * The chargeback that test card 4000 0000 0000 0259 brings after its payment succeeds: the full amount is
 * withdrawn from the balance at once, as Stripe does, and the dispute waits for the platform's response.
 */
export function openDispute(core: StripeCore, charge: Charge, reason: 'fraudulent', req: RequestInfo): Dispute {
  const created = nowSeconds();
  const dispute: Dispute = {
    id: newId('dp'),
    object: 'dispute',
    amount: charge.amount,
    balance_transactions: [{ id: newId('txn'), object: 'balance_transaction', amount: -charge.amount, currency: charge.currency, reporting_category: 'dispute', type: 'adjustment' }],
    charge: charge.id,
    created,
    currency: charge.currency,
    enhanced_eligibility_types: [],
    evidence: Object.fromEntries(EVIDENCE_FIELDS.map((f) => [f, null])),
    evidence_details: { due_by: created + RESPONSE_WINDOW_S, enhanced_eligibility: {}, has_evidence: false, past_due: false, submission_count: 0 },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: charge.payment_intent,
    payment_method_details: { card: { brand: charge.payment_method_details.card.brand, case_type: 'chargeback', network_reason_code: FRAUD_REASON_CODE }, type: 'card' },
    reason,
    status: 'needs_response',
  };
  core.store.state.disputes[dispute.id] = dispute;
  charge.disputed = true;
  core.emit('charge.dispute.created', dispute, req);
  core.emit('charge.dispute.funds_withdrawn', dispute, req);
  return dispute;
}
