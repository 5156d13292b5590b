import type { StripeCore } from './core.ts';
import { randomToken } from './ids.ts';
import { invalidatePayoutMethod } from './recipient-onboarding.ts';
import { type OutboundPayment, type ScheduledTransition, v2Time } from './v2-objects.ts';
import { outboundPaymentRef } from './v2-refs.ts';

/**
 * What happens to an OutboundPayment after it is created, a configurable moment later
 * (STRIPE_OUTBOUND_PAYMENT_DELAY_MS): it posts, or fails when the bank account does not exist; a payment
 * posted to a closed account comes back (`returned`) a moment after that. Each step is saved in the state
 * before its timer is set, so a restart of the stack completes it.
 */
export function scheduleNextStep(core: StripeCore, id: string, step: ScheduledTransition['step']): void {
  const entry: ScheduledTransition = { atMs: Date.now() + core.config.outboundPaymentDelayMs, step };
  core.store.state.outboundSchedule[id] = entry;
  arm(core, id, entry);
}

/** Re-arms the steps a previous run saved but did not reach. */
export function resumeOutboundPayments(core: StripeCore): void {
  for (const [id, entry] of Object.entries(core.store.state.outboundSchedule)) arm(core, id, entry);
}

function arm(core: StripeCore, id: string, entry: ScheduledTransition): void {
  core.scheduler.at(`outbound_payment:${id}`, entry.atMs, async () => {
    if (core.store.state.outboundSchedule[id] !== entry) return;
    delete core.store.state.outboundSchedule[id];
    const payment = core.store.state.outboundPayments[id];
    if (payment) runStep(core, payment, entry.step);
    await core.commit();
  });
}

function runStep(core: StripeCore, payment: OutboundPayment, step: ScheduledTransition['step']): void {
  const outcome = core.store.state.payoutMethods[payment.to.payout_method]?.outcome ?? 'succeed';
  const now = v2Time();
  if (step === 'settle' && payment.status === 'processing') {
    payment.cancelable = false;
    if (outcome === 'no_account') {
      payment.status = 'failed';
      payment.status_details = { failed: { reason: 'payout_method_does_not_exist' } };
      payment.status_transitions.failed_at = now;
      delete payment.expected_arrival_date;
      delete payment.tracking_details;
      core.emitV2('v2.money_management.outbound_payment.failed', { related: outboundPaymentRef(payment.id) });
      invalidatePayoutMethod(core, payment.to.payout_method);
      return;
    }
    payment.status = 'posted';
    payment.status_transitions.posted_at = now;
    payment.tracking_details = { status: 'supported', type: 'bank_account', bank_account: { trace_id: `TRACE${randomToken(12).toUpperCase()}` } };
    core.emitV2('v2.money_management.outbound_payment.posted', { related: outboundPaymentRef(payment.id) });
    if (outcome === 'closed') scheduleNextStep(core, payment.id, 'return');
  } else if (step === 'return' && payment.status === 'posted') {
    payment.status = 'returned';
    payment.status_details = { returned: { reason: 'payout_method_closed' } };
    payment.status_transitions.returned_at = now;
    delete payment.expected_arrival_date;
    core.emitV2('v2.money_management.outbound_payment.returned', { related: outboundPaymentRef(payment.id) });
    invalidatePayoutMethod(core, payment.to.payout_method);
  }
}
