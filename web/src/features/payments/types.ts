/**
 * Shapes of the payment functions and `api` functions this feature reads. The `api` rows derive from the
 * generated database types (types/api-contract.ts); the two edge function answers are typed here because
 * the function's own types live in Deno modules the web build cannot import.
 */
import type { ApiRow, Nullable, Refine } from '@/types/api-contract';

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

/** The one row of api.deliverable_detail(id); the payment columns are null until a payment exists. */
export type DeliverableDetail = Nullable<
  ApiRow<'deliverable_detail'>,
  'feedback' | 'brand_name' | 'creator_name' | 'payment_id' | 'payment_status' | 'payment_amount_cents' | 'payment_date' | 'payment_created_at'
>;

/** POST /functions/v1/payments/create answer. */
export interface CreatedPayment {
  clientSecret: string;
  paymentIntentId: string;
  amountCents: number;
  publishableKey?: string;
}

/** GET /functions/v1/payments/status answer: the spec's check response (amount in cents). */
export interface PaymentStatusCheck {
  status: string;
  amount: number;
  deliverableId: string | null;
  campaignTitle: string | null;
  message: string;
}
