/** Shapes of the payment functions and `api` functions this feature reads. */
import type { Database } from '@db/database.types';

/** app.payments statuses; the spec shows completed and pending, anything else as failed. */
export type PaymentStatus = 'pending' | 'completed' | 'failed' | 'refunded';

/** One row of api.payment_history(). Money in US cents. */
export interface PaymentHistoryItem {
  id: string;
  amount_cents: number;
  status: PaymentStatus | (string & {});
  payment_date: string | null;
  created_at: string;
  deliverable_id: string | null;
  campaign_title: string | null;
  creator_id: string | null;
  creator_name: string | null;
  brand_id: string | null;
  brand_name: string | null;
}

/** The one row of api.deliverable_detail(id). */
export interface DeliverableDetail {
  id: string;
  content_url: string;
  status: string;
  feedback: string | null;
  created_at: string;
  updated_at: string;
  campaign_id: string;
  campaign_title: string;
  compensation_type: string;
  compensation_cents: number;
  brand_id: string;
  brand_name: string | null;
  creator_id: string;
  creator_name: string | null;
  payment_id: string | null;
  payment_status: string | null;
  payment_amount_cents: number | null;
  payment_date: string | null;
  payment_created_at: string | null;
}

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

type Functions = Database['api']['Functions'];
type Assert<T extends true> = T;
type Reads<A, B> = [Exclude<keyof A, keyof B>] extends [never] ? true : { missingInDb: Exclude<keyof A, keyof B> };
export type PaymentContractChecks = [
  Assert<Reads<PaymentHistoryItem, Functions['payment_history']['Returns'][number]>>,
  Assert<Reads<DeliverableDetail, Functions['deliverable_detail']['Returns'][number]>>,
  Assert<Functions['deliverable_detail']['Args'] extends { deliverable_id: string } ? true : false>,
];
