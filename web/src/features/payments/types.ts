/**
 * Shapes of the payment functions and `api` functions this feature reads. The `api` rows derive from the
 * generated database types (types/api-contract.ts); the two edge function answers are typed here because
 * the function's own types live in Deno modules the web build cannot import.
 */
import type { ApiRow, Nullable, Refine } from '@/types/api-contract';
import type { Hire } from '@contract/hire';

/** app.payments statuses; the spec shows completed and pending, anything else as failed. */
export type PaymentStatus = 'pending' | 'completed' | 'failed' | 'refunded';

/** One row of api.payment_history(). Money in US cents; the parties and the deliverable survive as null when a user is deleted. */
export type PaymentHistoryItem = Refine<
  Nullable<
    ApiRow<'payment_history'>,
    'payment_date' | 'deliverable_id' | 'campaign_id' | 'campaign_title' | 'creator_id' | 'creator_name' | 'brand_id' | 'brand_name' | 'payment_method'
  >,
  { status: PaymentStatus | (string & {}) }
>;

/**
 * The one row of api.deliverable_detail(id); the payment columns are null until a payment exists.
 * `hire` is the parsed hire of a flat fee paid through escrow (null otherwise); `review_due_at` is when
 * content awaiting review on a funded hire is approved automatically.
 */
export type DeliverableDetail = Refine<
  Nullable<
    ApiRow<'deliverable_detail'>,
    'feedback' | 'brand_name' | 'creator_name' | 'payment_id' | 'payment_status' | 'payment_amount_cents' | 'payment_date' | 'payment_created_at' | 'review_due_at'
  >,
  { hire: Hire | null }
>;

/** POST /functions/v1/payments/create answer; POST payments/fund adds what the fee takes and the creator gets. */
export interface CreatedPayment {
  clientSecret: string;
  paymentIntentId: string;
  amountCents: number;
  feeCents?: number;
  creatorCents?: number;
  publishableKey?: string;
}

/** One row of api.hire_quote(application_id): what funding a hire costs the brand and gives the creator. */
export type HireQuote = ApiRow<'hire_quote'>;

/** GET /functions/v1/payments/status answer: the spec's check response (amount in cents). */
export interface PaymentStatusCheck {
  status: string;
  amount: number;
  /** Null for a hire's funding. */
  deliverableId: string | null;
  campaignTitle: string | null;
  message: string;
  /** The application (and campaign) the payment is for: a hire's, or the paid deliverable's. */
  applicationId?: string | null;
  campaignId?: string | null;
}
