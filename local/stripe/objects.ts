import type { Metadata } from './params.ts';
import type { StripeErrorBody } from './stripe-error.ts';
import type { TestCard } from './test-cards.ts';
import { newClientSecret, newId, nowSeconds } from './ids.ts';

/**
 * The API objects this double stores and returns, with the fields of Stripe's API reference that a
 * client can meet for card payments (others Stripe has, like `shipping`, are null as Stripe leaves them).
 */
export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  allowed_payment_method_types: string[] | null;
  amount: number;
  amount_capturable: number;
  amount_details: { tip: Record<string, never> };
  amount_received: number;
  application: null;
  application_fee_amount: null;
  automatic_payment_methods: { allow_redirects: 'always' | 'never'; enabled: boolean } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic_async';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: null;
  description: string | null;
  excluded_payment_method_types: null;
  last_payment_error: (StripeErrorBody & { payment_method?: PaymentMethod }) | null;
  latest_charge: string | Charge | null;
  livemode: false;
  metadata: Metadata;
  next_action: NextAction | null;
  on_behalf_of: null;
  payment_method: string | null;
  payment_method_configuration_details: { id: string; parent: null } | null;
  payment_method_options: { card: { installments: null; mandate_options: null; network: null; request_three_d_secure: 'automatic' } };
  payment_method_types: string[];
  processing: null;
  receipt_email: string | null;
  review: null;
  setup_future_usage: null;
  shipping: null;
  source: null;
  statement_descriptor: null;
  statement_descriptor_suffix: string | null;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  transfer_data: null;
  transfer_group: null;
}

export type NextAction =
  | { type: 'redirect_to_url'; redirect_to_url: { return_url: string; url: string } }
  | { type: 'use_stripe_sdk'; use_stripe_sdk: { type: 'three_d_secure_redirect'; stripe_js: string; source: string } };

export interface CardDetails {
  brand: string;
  country: 'US';
  exp_month: number;
  exp_year: number;
  fingerprint: string;
  funding: string;
  last4: string;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  billing_details: BillingDetails;
  card: CardDetails & { checks: { address_line1_check: null; address_postal_code_check: null; cvc_check: 'pass' | 'unchecked' }; display_brand: string; wallet: null };
  created: number;
  customer: null;
  livemode: false;
  metadata: Metadata;
  type: 'card';
}

interface BillingDetails {
  address: { city: null; country: null; line1: null; line2: null; postal_code: null; state: null };
  email: null;
  name: string | null;
  phone: null;
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  application: null;
  application_fee: null;
  application_fee_amount: null;
  balance_transaction: string | null;
  billing_details: BillingDetails;
  calculated_statement_descriptor: string;
  captured: boolean;
  created: number;
  currency: string;
  customer: null;
  description: string | null;
  disputed: boolean;
  failure_balance_transaction: null;
  failure_code: string | null;
  failure_message: string | null;
  fraud_details: Record<string, never>;
  livemode: false;
  metadata: Metadata;
  on_behalf_of: null;
  outcome: {
    advice_code: null;
    network_advice_code: null;
    network_decline_code: null;
    network_status: 'approved_by_network' | 'declined_by_network';
    reason: string | null;
    risk_level: 'normal';
    risk_score: number;
    seller_message: string;
    type: 'authorized' | 'issuer_declined';
  };
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  payment_method_details: { card: CardDetails; type: 'card' };
  receipt_email: string | null;
  receipt_number: null;
  receipt_url: null;
  refunded: boolean;
  review: null;
  shipping: null;
  source: null;
  source_transfer: null;
  statement_descriptor: null;
  statement_descriptor_suffix: string | null;
  status: 'succeeded' | 'failed';
  transfer_data: null;
  transfer_group: null;
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string;
  charge: string;
  created: number;
  currency: string;
  destination_details: { card: { reference_status: 'pending'; reference_type: 'acquirer_reference_number'; type: 'refund' }; type: 'card' };
  metadata: Metadata;
  payment_intent: string;
  reason: string | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: 'succeeded';
  transfer_reversal: null;
}

/** A chargeback, as https://docs.stripe.com/api/disputes/object shows it for a card payment. */
export interface Dispute {
  id: string;
  object: 'dispute';
  amount: number;
  balance_transactions: { id: string; object: 'balance_transaction'; amount: number; currency: string; reporting_category: 'dispute'; type: 'adjustment' }[];
  charge: string;
  created: number;
  currency: string;
  enhanced_eligibility_types: string[];
  evidence: Record<string, null>;
  evidence_details: { due_by: number; enhanced_eligibility: Record<string, never>; has_evidence: boolean; past_due: boolean; submission_count: number };
  is_charge_refundable: boolean;
  livemode: false;
  metadata: Metadata;
  payment_intent: string;
  payment_method_details: { card: { brand: string; case_type: 'chargeback'; network_reason_code: string }; type: 'card' };
  reason: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost' | 'warning_needs_response';
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

const NO_ADDRESS = { city: null, country: null, line1: null, line2: null, postal_code: null, state: null } as const;

/** A new PaymentIntent awaiting its payment method, as POST /v1/payment_intents creates it (or one of the seed's, with its id). */
export function buildPaymentIntent(f: {
  id?: string;
  amount: number;
  currency: string;
  automatic: PaymentIntent['automatic_payment_methods'];
  allowedTypes: string[] | null;
  description: string | null;
  statementDescriptorSuffix?: string | null;
  metadata: Metadata;
  receiptEmail: string | null;
  created?: number;
}): PaymentIntent {
  const id = f.id ?? newId('pi');
  return {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: f.allowedTypes,
    amount: f.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: f.automatic,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: newClientSecret(id),
    confirmation_method: 'automatic',
    created: f.created ?? nowSeconds(),
    currency: f.currency,
    customer: null,
    description: f.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: f.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: f.automatic ? { id: 'pmc_local_default', parent: null } : null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    processing: null,
    receipt_email: f.receiptEmail,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: f.statementDescriptorSuffix ?? null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
}

/** A card PaymentMethod for a test card, as confirming with `pm_card_visa` creates one. */
export function buildPaymentMethod(card: TestCard, opts: { expMonth?: number; expYear?: number; name?: string | null; cvcChecked?: boolean } = {}): PaymentMethod {
  const year = new Date().getUTCFullYear();
  const details: CardDetails = {
    brand: card.brand,
    country: 'US',
    exp_month: opts.expMonth ?? 12,
    exp_year: opts.expYear ?? year + 3,
    // Stripe's fingerprint identifies the card number; a stable digest of the test number does the same.
    fingerprint: Buffer.from(card.number).toString('base64url').slice(0, 16),
    funding: card.funding,
    last4: card.number.slice(-4),
  };
  return {
    id: newId('pm'),
    object: 'payment_method',
    billing_details: { address: { ...NO_ADDRESS }, email: null, name: opts.name ?? null, phone: null },
    card: {
      ...details,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: opts.cvcChecked ? 'pass' : 'unchecked' },
      display_brand: card.brand,
      wallet: null,
    },
    created: nowSeconds(),
    customer: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

/** The Charge of one confirmation attempt: succeeded, or failed with the decline's code and message. */
export function buildCharge(
  pi: PaymentIntent,
  pm: PaymentMethod,
  failure: { code: string; declineCode: string; message: string } | null,
): Charge {
  const id = newId('ch');
  const { checks: _checks, display_brand: _display, wallet: _wallet, ...card } = pm.card;
  return {
    id,
    object: 'charge',
    amount: pi.amount,
    amount_captured: failure ? 0 : pi.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: failure ? null : newId('txn'),
    billing_details: pm.billing_details,
    // Stripe's prefix, "* " and the suffix, as a card statement shows it (22 characters at most).
    calculated_statement_descriptor: pi.statement_descriptor_suffix ? `LOCAL* ${pi.statement_descriptor_suffix}`.slice(0, 22) : 'LOCAL TEST',
    captured: !failure,
    created: nowSeconds(),
    currency: pi.currency,
    customer: null,
    description: pi.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: failure?.code ?? null,
    failure_message: failure?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: { ...pi.metadata },
    on_behalf_of: null,
    outcome: failure
      ? {
          advice_code: null, network_advice_code: null, network_decline_code: null,
          network_status: 'declined_by_network', reason: failure.declineCode, risk_level: 'normal', risk_score: 20,
          seller_message: 'The bank did not return any further details with this decline.', type: 'issuer_declined',
        }
      : {
          advice_code: null, network_advice_code: null, network_decline_code: null,
          network_status: 'approved_by_network', reason: null, risk_level: 'normal', risk_score: 20,
          seller_message: 'Payment complete.', type: 'authorized',
        },
    paid: !failure,
    payment_intent: pi.id,
    payment_method: pm.id,
    payment_method_details: { card, type: 'card' },
    receipt_email: pi.receipt_email,
    receipt_number: null,
    // Stripe links a hosted receipt; the double serves none rather than a dead link.
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: pi.statement_descriptor_suffix,
    status: failure ? 'failed' : 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}
