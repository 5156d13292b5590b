import type { RequestInfo, StripeCore } from './core.ts';
import { getFinancialAccount, usdBalance } from './financial-account.ts';
import { newId } from './ids.ts';
import { applyMetadata, type JsonParams } from './json-params.ts';
import { formatAmount, MAXIMUM_AMOUNT } from './money.ts';
import { scheduleNextStep } from './outbound-payment-steps.ts';
import { convertFromUsd, PAYOUT_COUNTRIES } from './payout-countries.ts';
import { defaultPayoutMethod } from './recipient-onboarding.ts';
import { invalidParam, noSuch, v2Error } from './stripe-error.ts';
import { accountCountry, getAccount, LOCAL_BANK_CAPABILITY, localCapability } from './v2-accounts.ts';
import { type OutboundPayment, v2Time } from './v2-objects.ts';
import { outboundPaymentRef } from './v2-refs.ts';

export const OUTBOUND_PAYMENT_PARAMS = ['amount', 'from', 'to', 'description', 'metadata', 'recipient_notification', 'statement_descriptor'];

/**
 * The smallest OutboundPayment the double sends, in USD cents. Stripe's per-country minimums were not
 * available to us (https://docs.stripe.com/global-payouts/send-money#payout-amounts lists them); $1.00 is
 * the double's own floor, below the platform's $10.00 payout minimum.
 */
export const MINIMUM_OUTBOUND_USD = 100;

const BUSINESS_DAY_MS = 24 * 3600_000;

export function getOutboundPayment(core: StripeCore, id: string): OutboundPayment {
  const payment = core.store.state.outboundPayments[id];
  if (!payment) throw noSuch('outbound_payment', id);
  return payment;
}

/**
 * POST /v2/money_management/outbound_payments: USD from the platform's FinancialAccount to a recipient's
 * bank account, converted to the account's currency. Refused with Stripe's v2 error types when the
 * recipient cannot be paid yet (capability_not_enabled) or the balance is short (insufficient_funds).
 */
export function createOutboundPayment(core: StripeCore, p: JsonParams, req: RequestInfo): OutboundPayment {
  const amountP = p.hash('amount', ['value', 'currency'], { required: true })!;
  const from = p.hash('from', ['financial_account', 'currency'], { required: true })!;
  const to = p.hash('to', ['recipient', 'payout_method', 'currency'], { required: true })!;
  const value = amountP.int('value', { required: true })!;
  const currency = amountP.string('currency', { required: true })!.toLowerCase();
  const fromCurrency = from.string('currency', { required: true })!.toLowerCase();
  const faId = from.string('financial_account', { required: true })!;
  const recipientId = to.string('recipient', { required: true })!;
  const methodParam = to.string('payout_method');
  const toCurrency = to.string('currency')?.toLowerCase();
  const description = p.string('description', { max: 1000 });
  const metadata = applyMetadata({}, p.metadata());
  const notification = p.hash('recipient_notification', ['setting'])?.oneOf('setting', ['configured', 'none'], { required: true });
  const descriptor = p.string('statement_descriptor');
  if (descriptor !== undefined && (descriptor.length < 3 || descriptor.length > 22)) {
    throw invalidParam('statement_descriptor must be between 3 and 22 characters long.', 'statement_descriptor');
  }
  if (fromCurrency !== 'usd' || currency !== 'usd') {
    throw invalidParam('The local Stripe test double sends OutboundPayments in usd only, from a usd balance.', currency !== 'usd' ? 'amount.currency' : 'from.currency');
  }
  if (value < MINIMUM_OUTBOUND_USD) {
    throw invalidParam(`Amount must be at least ${formatAmount(MINIMUM_OUTBOUND_USD, 'usd')} usd`, 'amount.value', 'amount_too_small');
  }
  if (value > MAXIMUM_AMOUNT) throw invalidParam(`Amount must be no more than ${formatAmount(MAXIMUM_AMOUNT, 'usd')}`, 'amount.value', 'amount_too_large');
  const fa = getFinancialAccount(core, faId, 'from.financial_account');
  const account = getAccount(core, recipientId, 'to.recipient');
  const country = accountCountry(account);
  const capability = localCapability(account);
  if (!country || capability?.status !== 'active') {
    throw v2Error(
      'capability_not_enabled',
      `The recipient ${account.id} cannot receive OutboundPayments: its ${LOCAL_BANK_CAPABILITY} capability is ${capability?.status ?? 'not requested'}. The recipient must complete onboarding first.`,
      { code: 'recipient_capability_not_active' },
    );
  }
  const methodId = methodParam ?? defaultPayoutMethod(core, account);
  const method = methodId ? core.store.state.payoutMethods[methodId] : undefined;
  if (!methodId || !method || method.account !== account.id || method.method.archived) {
    throw v2Error('invalid_payout_method', methodParam ? `No such payout method for ${account.id}: '${methodParam}'` : `The recipient ${account.id} has no default payout method.`, {
      code: 'payout_method_not_found',
    });
  }
  const local = PAYOUT_COUNTRIES[country].currency;
  if (toCurrency !== undefined && !method.method.bank_account.supported_currencies.includes(toCurrency)) {
    throw invalidParam(`The payout method ${methodId} does not support ${toCurrency}; it supports ${local}.`, 'to.currency');
  }
  const { available } = usdBalance(core.store.state);
  if (available < value || method.platformBalanceShort) {
    const shown = method.platformBalanceShort ? Math.min(available, value - 1) : available;
    throw v2Error(
      'insufficient_funds',
      `The FinancialAccount ${fa.id} has ${formatAmount(Math.max(0, shown), 'usd')} available, less than the ${formatAmount(value, 'usd')} requested.`,
      { code: 'insufficient_funds' },
    );
  }
  const now = Date.now();
  const payment: OutboundPayment = {
    id: newId('obp_test'),
    object: 'v2.money_management.outbound_payment',
    amount: { value, currency: 'usd' },
    cancelable: true,
    created: v2Time(now),
    ...(description !== undefined ? { description } : {}),
    expected_arrival_date: v2Time(now + PAYOUT_COUNTRIES[country].arrivalDays * BUSINESS_DAY_MS),
    from: { debited: { value, currency: 'usd' }, financial_account: fa.id },
    livemode: false,
    metadata,
    recipient_notification: { setting: notification ?? 'configured' },
    statement_descriptor: descriptor ?? 'STRIPE',
    status: 'processing',
    status_transitions: {},
    to: { credited: { value: convertFromUsd(value, country), currency: local }, payout_method: methodId, recipient: account.id },
    tracking_details: { status: 'pending', type: 'bank_account' },
  };
  core.store.state.outboundPayments[payment.id] = payment;
  core.emitV2('v2.money_management.outbound_payment.created', { related: outboundPaymentRef(payment.id), request: req });
  scheduleNextStep(core, payment.id, 'settle');
  return payment;
}

/** POST /v2/money_management/outbound_payments/:id/cancel: only while processing. */
export function cancelOutboundPayment(core: StripeCore, id: string, req: RequestInfo): OutboundPayment {
  const payment = getOutboundPayment(core, id);
  if (payment.status === 'canceled') throw v2Error('already_canceled', `OutboundPayment ${id} is already canceled.`);
  if (payment.status !== 'processing') throw v2Error('not_cancelable', `OutboundPayment ${id} cannot be canceled: its status is ${payment.status}.`);
  payment.status = 'canceled';
  payment.cancelable = false;
  payment.status_transitions.canceled_at = v2Time();
  delete payment.expected_arrival_date;
  delete core.store.state.outboundSchedule[id];
  core.emitV2('v2.money_management.outbound_payment.canceled', { related: outboundPaymentRef(id), request: req });
  return payment;
}

/** GET /v2/money_management/outbound_payments, newest first, filtered by recipient and statuses. */
export function listOutboundPayments(core: StripeCore, recipient: string | undefined, statuses: string[] | undefined): OutboundPayment[] {
  return Object.values(core.store.state.outboundPayments)
    .reverse()
    .filter((o) => (!recipient || o.to.recipient === recipient) && (!statuses || statuses.includes(o.status)));
}
