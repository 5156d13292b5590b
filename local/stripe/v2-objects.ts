import type { Metadata } from './params.ts';

/**
 * The API v2 objects this double stores and returns (Global Payouts: recipient Accounts, Account Links,
 * payout methods, the platform's FinancialAccount, OutboundPayments and thin events), with the fields of
 * stripe-node 23's types for API version 2026-10-28.endive. v2 timestamps are RFC 3339 strings.
 */
export interface V2Amount {
  value: number;
  currency: string;
}

export type CapabilityStatus = 'active' | 'pending' | 'restricted' | 'rejected' | 'unsupported';

export interface CapabilityState {
  status: CapabilityStatus;
  status_details: { code: string; resolution: 'contact_stripe' | 'no_resolution' | 'provide_info' }[];
}

export interface RequirementEntry {
  awaiting_action_from: 'stripe' | 'user';
  description: string;
  errors: { code: string; description: string }[];
  impact: { restricts_capabilities: { capability: string; configuration: 'recipient'; deadline: { status: 'currently_due' | 'past_due' } }[] };
  minimum_deadline: { status: 'currently_due' | 'past_due' };
  requested_reasons: { code: 'routine_onboarding' | 'routine_verification' }[];
}

export interface Requirements {
  entries: RequirementEntry[];
  summary: { minimum_deadline?: { status: 'currently_due' | 'past_due' } };
}

/** A v2 Account as stored, every include-dependent part present; rendering nulls the parts not included. */
export interface V2Account {
  id: string;
  object: 'v2.core.account';
  applied_configurations: 'recipient'[];
  closed: boolean;
  configuration: { recipient: { applied: boolean; capabilities: { bank_accounts?: { local?: CapabilityState } } } | null } | null;
  contact_email: string | null;
  created: string;
  dashboard: 'express' | 'full' | 'none';
  defaults: {
    currency: string | null;
    locales: string[];
    payout_methods: Record<string, string>;
    responsibilities: { fees_collector: string; losses_collector: string; requirements_collector: 'application' | 'stripe' };
  } | null;
  display_name: string | null;
  future_requirements: Requirements | null;
  identity: {
    country: string;
    entity_type: string | null;
    /** The legal name Stripe collects in hosted onboarding (a person's, or a company's registered name). */
    individual?: { given_name: string; surname?: string };
    business_details?: { registered_name: string };
  } | null;
  livemode: false;
  metadata: Metadata;
  requirements: Requirements | null;
}

/** The parts of an Account returned only when named in `include`. */
export const ACCOUNT_INCLUDES = [
  'configuration.customer', 'configuration.merchant', 'configuration.recipient', 'defaults', 'future_requirements', 'identity', 'requirements',
] as const;

export interface AccountLinkUseCase {
  refresh_url: string;
  return_url?: string;
  collection_options?: { fields?: string; future_requirements?: string };
  configurations?: string[];
}

export interface AccountLink {
  object: 'v2.core.account_link';
  account: string;
  created: string;
  expires_at: string;
  livemode: false;
  url: string;
  use_case: { type: 'account_onboarding' | 'account_update'; account_onboarding?: AccountLinkUseCase; account_update?: AccountLinkUseCase };
}

/**
 * An Account Link as the double keeps it: the returned object, the secret token in its URL, and the
 * hosted form's session (set at the first visit, so a second visit of the single-use URL is refused).
 */
export interface StoredAccountLink {
  token: string;
  link: AccountLink;
  session: string | null;
  completed: boolean;
}

export interface PayoutMethod {
  id: string;
  object: 'v2.money_management.payout_method';
  archived: boolean;
  bank_account: {
    bank_account_type: 'checking' | 'savings';
    bank_name: string;
    country: string;
    last4: string;
    supported_currencies: string[];
  };
  created: string;
  livemode: false;
  restricted: boolean;
  type: 'bank_account';
  usage_status: { payments: 'ineligible'; transfers: 'eligible' | 'invalid' };
}

/** What paying a payout method does: the double's test bank numbers pick it (see bank-test-values.ts). */
export type BankOutcome = 'succeed' | 'no_account' | 'closed';

export interface StoredPayoutMethod {
  account: string;
  outcome: BankOutcome;
  method: PayoutMethod;
  /**
   * Test control (POST /stripe/test/accounts/:id/short_platform_balance): OutboundPayments to this method
   * are refused with insufficient_funds, as when the platform's FinancialAccount holds less than the
   * payment, without taking money from a balance that other tests on the same stack pay from.
   */
  platformBalanceShort?: boolean;
}

export type OutboundPaymentStatus = 'processing' | 'posted' | 'failed' | 'returned' | 'canceled';

export interface OutboundPayment {
  id: string;
  object: 'v2.money_management.outbound_payment';
  amount: V2Amount;
  cancelable: boolean;
  created: string;
  description?: string;
  expected_arrival_date?: string;
  from: { debited: V2Amount; financial_account: string };
  livemode: false;
  metadata: Metadata;
  recipient_notification: { setting: 'configured' | 'none' };
  statement_descriptor: string;
  status: OutboundPaymentStatus;
  status_details?: { failed?: { reason: string }; returned?: { reason: string } };
  status_transitions: { canceled_at?: string; failed_at?: string; posted_at?: string; returned_at?: string };
  to: { credited: V2Amount; payout_method: string; recipient: string };
  tracking_details?: { status: 'pending' | 'supported'; type: 'bank_account'; bank_account?: { trace_id?: string } };
}

/**
 * The next step of an OutboundPayment, saved so that a restart still completes it: `settle` posts it or
 * fails it (as its bank account decides then); `return` brings a posted one back from a closed account.
 */
export interface ScheduledTransition {
  atMs: number;
  step: 'settle' | 'return';
}

export interface FinancialAccountRecord {
  id: string;
  created: string;
  display_name: string;
  metadata: Metadata;
}

export interface RelatedObject {
  id: string;
  type: string;
  url: string;
}

/** A v2 Event as `GET /v2/core/events/:id` returns it; the webhook carries its thin part only. */
export interface V2Event {
  id: string;
  object: 'v2.core.event';
  context?: string;
  created: string;
  data?: Record<string, unknown>;
  livemode: false;
  reason?: { type: 'request'; request: { id: string; idempotency_key: string | null } };
  related_object?: RelatedObject;
  type: string;
}

export interface StoredV2Event {
  event: V2Event;
  /** Not delivered yet (retried after a restart, like v1 events' pending_webhooks). */
  pending: boolean;
}

/** RFC 3339 with milliseconds, as v2 objects carry time. */
export function v2Time(ms = Date.now()): string {
  return new Date(ms).toISOString();
}
