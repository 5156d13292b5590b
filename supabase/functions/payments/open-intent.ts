import type Stripe from 'stripe';
import { type PaymentSubject, paymentDescription, statementDescriptorSuffix } from '../_shared/contract/payment-description.ts';
import { HttpError } from '../_shared/http-error.ts';
import { paymentStatusOfIntent } from '../_shared/payment-intent-state.ts';
import { recordPaymentState } from '../_shared/payment-state-change.ts';
import type { ApiClient } from '../_shared/user-client.ts';

export interface PaymentsContext {
  /** Acts as the caller: their JWT, their row-level security. */
  caller: ApiClient;
  /** Service role: BYPASSES RLS. Used only after the caller was checked, for the payment rows. */
  service: ApiClient;
  stripe: Stripe;
  publishableKey: string | undefined;
}

export interface CreatedPayment {
  clientSecret: string;
  paymentIntentId: string;
  amountCents: number;
  publishableKey?: string;
}

export interface Attempt {
  payment_id: string;
  payment_amount_cents: number;
  payment_status: string;
  stripe_payment_id: string | null;
  stripe_status: string | null;
  created: boolean;
}

/** What one kind of payment (a deliverable's, a hire's funding) needs from the intent opener. */
export interface IntentPlan {
  amount: number;
  begin(amount: number): Promise<Attempt[]>;
  /** What is paid for: the description and the statement descriptor suffix a receipt and a card statement show. */
  subject: PaymentSubject;
  metadata: Record<string, string>;
  idempotencyKey(amount: number, paymentId: string): string;
  paidMessage: string;
  paidCode: string;
}

/**
 * The PaymentIntent of the subject's one open attempt: created with an idempotency key or retrieved, and
 * recorded. A stale attempt (another amount, or canceled at Stripe) is replaced, a few rounds at most.
 */
export async function openIntent(ctx: PaymentsContext, plan: IntentPlan): Promise<CreatedPayment> {
  const amount = plan.amount;
  for (let round = 0; round < 3; round++) {
    const attempt = (await plan.begin(amount))[0]!;
    const attemptAmount = Number(attempt.payment_amount_cents);
    let intent: Stripe.PaymentIntent = attempt.stripe_payment_id
      ? await ctx.stripe.paymentIntents.retrieve(attempt.stripe_payment_id)
      : await ctx.stripe.paymentIntents.create(
          {
            amount: attemptAmount,
            currency: 'usd',
            automatic_payment_methods: { enabled: true },
            description: paymentDescription(plan.subject),
            statement_descriptor_suffix: statementDescriptorSuffix(plan.subject),
            metadata: { ...plan.metadata, payment_id: attempt.payment_id },
          },
          { idempotencyKey: plan.idempotencyKey(attemptAmount, attempt.payment_id) },
        );
    await record(ctx, attempt.payment_id, intent);
    if (intent.status === 'succeeded') throw new HttpError(409, plan.paidMessage, plan.paidCode);
    if (intent.status === 'processing') throw new HttpError(409, 'A payment for this is being processed', 'payment_processing');
    if (intent.status !== 'canceled' && attemptAmount === amount && intent.amount === amount) {
      return {
        clientSecret: intent.client_secret!,
        paymentIntentId: intent.id,
        amountCents: amount,
        ...(ctx.publishableKey ? { publishableKey: ctx.publishableKey } : {}),
      };
    }
    if (intent.status !== 'canceled') {
      intent = await cancelStale(ctx, attempt.payment_id, intent, plan);
      await record(ctx, attempt.payment_id, intent);
    }
  }
  throw new HttpError(409, 'The payment changed while it was being set up. Please try again.', 'payment_conflict');
}

/** Cancels an open PaymentIntent for another amount; if it was paid meanwhile, that payment stands. */
async function cancelStale(ctx: PaymentsContext, paymentId: string, intent: Stripe.PaymentIntent, plan: IntentPlan): Promise<Stripe.PaymentIntent> {
  try {
    return await ctx.stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
  } catch (e) {
    const fresh = await ctx.stripe.paymentIntents.retrieve(intent.id);
    await record(ctx, paymentId, fresh);
    if (fresh.status === 'succeeded') throw new HttpError(409, plan.paidMessage, plan.paidCode);
    if (fresh.status === 'processing') throw new HttpError(409, 'A payment for this is being processed', 'payment_processing');
    throw e;
  }
}

export function record(ctx: PaymentsContext, paymentId: string, intent: Stripe.PaymentIntent) {
  return recordPaymentState(ctx.service, {
    stripePaymentId: intent.id,
    knownPaymentId: paymentId,
    targetStatus: paymentStatusOfIntent(intent),
    stripeStatus: intent.status,
  });
}
