import type { StripeCore, RequestInfo } from './core.ts';
import { openDispute } from './disputes.ts';
import { newId, nowSeconds } from './ids.ts';
import { formatAmount, MAXIMUM_AMOUNT, MINIMUM_AMOUNTS } from './money.ts';
import { buildCharge, buildPaymentIntent, buildPaymentMethod, type Charge, type PaymentIntent, type PaymentMethod } from './objects.ts';
import { statementSuffixProblem } from '../../supabase/functions/_shared/contract/payment-description.ts';
import { mergeMetadata, type Params } from './params.ts';
import { cardError, invalidParam, noSuch, unexpectedState } from './stripe-error.ts';
import { cardByToken, type CardOutcome } from './test-cards.ts';

/** Statuses from which a PaymentIntent can be confirmed, updated in amount, or canceled. */
const OPEN = ['requires_payment_method', 'requires_confirmation', 'requires_action'] as const;
const CANCELABLE = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];

export function getPaymentIntent(core: StripeCore, id: string, param = 'intent'): PaymentIntent {
  const pi = core.store.state.paymentIntents[id];
  if (!pi) throw noSuch('payment_intent', id, param);
  return pi;
}

function validAmount(amount: number, currency: string): number {
  const min = MINIMUM_AMOUNTS[currency] ?? 50;
  if (amount < min) throw invalidParam(`Amount must be at least ${formatAmount(min, currency)} ${currency}`, 'amount', 'amount_too_small');
  if (amount > MAXIMUM_AMOUNT) throw invalidParam(`Amount must be no more than ${formatAmount(MAXIMUM_AMOUNT, currency)}`, 'amount', 'amount_too_large');
  return amount;
}

/** Stripe's checks of a statement descriptor suffix (the shared builder's own rules): refused with its message. */
function validSuffix(suffix: string | null | undefined): string | null | undefined {
  const problem = suffix ? statementSuffixProblem(suffix) : undefined;
  if (problem) throw invalidParam(`Invalid statement_descriptor_suffix: it ${problem}.`, 'statement_descriptor_suffix');
  return suffix === '' ? null : suffix;
}

function validEmail(email: string | null | undefined): string | null | undefined {
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalidParam(`Invalid email address: ${email}`, 'receipt_email', 'email_invalid');
  return email;
}

/** POST /v1/payment_intents */
export function createPaymentIntent(core: StripeCore, p: Params, req: RequestInfo): PaymentIntent {
  const currency = p.string('currency', { required: true })!.toLowerCase();
  if (!(currency in MINIMUM_AMOUNTS)) {
    throw invalidParam(`Invalid currency: ${currency}. The local Stripe test double supports: ${Object.keys(MINIMUM_AMOUNTS).join(', ')}.`, 'currency');
  }
  const amount = validAmount(p.int('amount', { required: true })!, currency);
  const apm = p.hash('automatic_payment_methods', ['enabled', 'allow_redirects']);
  // API version 2026-10-28 lists payment method types as `allowed_payment_method_types`.
  const types = p.list('allowed_payment_method_types');
  if (apm && types) {
    throw invalidParam('You may only specify one of these parameters: automatic_payment_methods, allowed_payment_method_types.', 'automatic_payment_methods', 'parameters_exclusive');
  }
  for (const t of types ?? []) {
    if (t !== 'card') throw invalidParam(`The payment method type "${t}" is invalid: the local Stripe test double supports only card.`, 'allowed_payment_method_types');
  }
  let automatic: PaymentIntent['automatic_payment_methods'] = null;
  if (!types) {
    const enabled = apm?.bool('enabled');
    if (apm && enabled === undefined) throw invalidParam('Missing required param: automatic_payment_methods[enabled].', 'automatic_payment_methods[enabled]', 'parameter_missing');
    // Since API version 2023-08-16 automatic payment methods are on unless types are listed.
    if (enabled !== false) automatic = { allow_redirects: apm?.oneOf('allow_redirects', ['always', 'never']) ?? 'always', enabled: true };
  }
  const pi = buildPaymentIntent({
    amount,
    currency,
    automatic,
    allowedTypes: types ? ['card'] : null,
    description: p.nullableString('description', 1000) ?? null,
    statementDescriptorSuffix: validSuffix(p.nullableString('statement_descriptor_suffix', 100)) ?? null,
    metadata: mergeMetadata({}, p.metadata()),
    receiptEmail: validEmail(p.nullableString('receipt_email', 800)) ?? null,
  });
  const id = pi.id;
  const confirm = p.bool('confirm');
  const pmParam = p.string('payment_method');
  const returnUrl = p.string('return_url');
  if (!confirm && returnUrl !== undefined) throw invalidParam('You can only pass return_url when confirming the PaymentIntent (confirm=true).', 'return_url');
  // Resolve the payment method before storing, so an unknown one leaves nothing behind.
  const pm = pmParam ? resolvePaymentMethod(core, pmParam) : undefined;
  if (confirm) checkConfirmable(pi, pm, returnUrl);
  core.store.state.paymentIntents[id] = pi;
  core.emit('payment_intent.created', pi, req);
  if (pm && !confirm) {
    pi.payment_method = pm.id;
    pi.status = 'requires_confirmation';
  }
  if (confirm) runConfirmation(core, pi, pm!, returnUrl, req);
  return pi;
}

/** POST /v1/payment_intents/:id */
export function updatePaymentIntent(core: StripeCore, id: string, p: Params): PaymentIntent {
  const pi = getPaymentIntent(core, id);
  const amount = p.int('amount');
  const metadata = p.metadata();
  const description = p.nullableString('description', 1000);
  const suffix = validSuffix(p.nullableString('statement_descriptor_suffix', 100));
  const receiptEmail = validEmail(p.nullableString('receipt_email', 800));
  const nextMetadata = mergeMetadata(pi.metadata, metadata);
  if (amount !== undefined && amount !== pi.amount) {
    if (!(OPEN as readonly string[]).includes(pi.status)) {
      throw unexpectedState(
        `This PaymentIntent's amount could not be updated because it has a status of ${pi.status}. You may only update the amount of a PaymentIntent with one of the following statuses: ${OPEN.join(', ')}.`,
      );
    }
    pi.amount = validAmount(amount, pi.currency);
  }
  pi.metadata = nextMetadata;
  if (description !== undefined) pi.description = description;
  if (suffix !== undefined) pi.statement_descriptor_suffix = suffix;
  if (receiptEmail !== undefined) pi.receipt_email = receiptEmail;
  return pi;
}

/** POST /v1/payment_intents/:id/confirm */
export function confirmPaymentIntent(core: StripeCore, id: string, p: Params, req: RequestInfo): PaymentIntent {
  const pi = getPaymentIntent(core, id);
  const pmParam = p.string('payment_method');
  const returnUrl = p.string('return_url');
  const receiptEmail = validEmail(p.nullableString('receipt_email', 800));
  const pm = pmParam ? resolvePaymentMethod(core, pmParam) : pi.payment_method ? core.store.state.paymentMethods[pi.payment_method] : undefined;
  checkConfirmable(pi, pm, returnUrl);
  if (receiptEmail !== undefined) pi.receipt_email = receiptEmail;
  runConfirmation(core, pi, pm!, returnUrl, req);
  return pi;
}

function checkConfirmable(pi: PaymentIntent, pm: PaymentMethod | undefined, returnUrl: string | undefined): void {
  if (pi.status === 'succeeded') {
    throw unexpectedState('You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.');
  }
  if (!(OPEN as readonly string[]).includes(pi.status)) {
    throw unexpectedState(`You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`);
  }
  if (!pm) {
    throw unexpectedState(
      "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
    );
  }
  if (returnUrl !== undefined) {
    let ok = false;
    try {
      ok = ['http:', 'https:'].includes(new URL(returnUrl).protocol);
    } catch {
      ok = false;
    }
    if (!ok) throw invalidParam('Not a valid URL', 'return_url', 'url_invalid');
  } else if (pi.automatic_payment_methods?.enabled && pi.automatic_payment_methods.allow_redirects !== 'never') {
    throw invalidParam(
      'A `return_url` must be specified because this Payment Intent is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed. If you do not want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.',
      'return_url',
    );
  }
}

/** Confirms with an already resolved PaymentMethod (the checkout page's typed card). */
export function confirmWithPaymentMethod(core: StripeCore, pi: PaymentIntent, pm: PaymentMethod, returnUrl: string, req: RequestInfo): void {
  checkConfirmable(pi, pm, returnUrl);
  runConfirmation(core, pi, pm, returnUrl, req);
}

/** A test token (`pm_card_visa`) makes a new PaymentMethod, as in Stripe; a `pm_` id must exist. */
export function resolvePaymentMethod(core: StripeCore, ref: string): PaymentMethod {
  const state = core.store.state;
  const existing = state.paymentMethods[ref];
  if (existing) return existing;
  const card = cardByToken(ref);
  if (!card) throw noSuch('PaymentMethod', ref, 'payment_method');
  const pm = buildPaymentMethod(card);
  state.paymentMethods[pm.id] = pm;
  state.cardOutcomes[pm.id] = card.outcome;
  return pm;
}

/** Stores a PaymentMethod made from card details typed on the checkout page. */
export function addPaymentMethod(core: StripeCore, pm: PaymentMethod, outcome: CardOutcome): void {
  core.store.state.paymentMethods[pm.id] = pm;
  core.store.state.cardOutcomes[pm.id] = outcome;
}

/**
 * Runs one confirmation with a checked PaymentMethod: the card succeeds, asks for authentication, or is
 * declined (then a 402 card_error is thrown after the PaymentIntent is updated, as Stripe answers).
 */
function runConfirmation(core: StripeCore, pi: PaymentIntent, pm: PaymentMethod, returnUrl: string | undefined, req: RequestInfo): void {
  const outcome = core.store.state.cardOutcomes[pm.id] ?? { kind: 'succeed' };
  pi.last_payment_error = null;
  if (outcome.kind === 'succeed') {
    const charge = succeed(core, pi, pm, req);
    if (outcome.dispute) openDispute(core, charge, outcome.dispute, req);
  } else if (outcome.kind === 'authenticate') {
    pi.status = 'requires_action';
    pi.payment_method = pm.id;
    const url = `${core.stack.publicUrl}/stripe/authenticate?client_secret=${encodeURIComponent(pi.client_secret)}`;
    pi.next_action = returnUrl
      ? { type: 'redirect_to_url', redirect_to_url: { return_url: returnUrl, url } }
      : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: url, source: newId('src') } };
    core.emit('payment_intent.requires_action', pi, req);
  } else {
    const charge = buildCharge(pi, pm, outcome);
    core.store.state.charges[charge.id] = charge;
    const error = { charge: charge.id, code: outcome.code, decline_code: outcome.declineCode, message: outcome.message };
    fail(pi, { type: 'card_error', doc_url: `https://stripe.com/docs/error-codes/${outcome.code.replace(/_/g, '-')}`, ...error, payment_method: pm });
    pi.latest_charge = charge.id;
    core.emit('charge.failed', charge, req);
    core.emit('payment_intent.payment_failed', pi, req);
    throw cardError({ ...error, payment_intent: structuredClone(pi), payment_method: pm });
  }
}

function succeed(core: StripeCore, pi: PaymentIntent, pm: PaymentMethod, req: RequestInfo): Charge {
  const charge = buildCharge(pi, pm, null);
  core.store.state.charges[charge.id] = charge;
  pi.status = 'succeeded';
  pi.amount_received = pi.amount;
  pi.latest_charge = charge.id;
  pi.payment_method = pm.id;
  pi.next_action = null;
  pi.last_payment_error = null;
  core.emit('charge.succeeded', charge, req);
  core.emit('payment_intent.succeeded', pi, req);
  return charge;
}

function fail(pi: PaymentIntent, error: NonNullable<PaymentIntent['last_payment_error']>): void {
  pi.status = 'requires_payment_method';
  pi.payment_method = null;
  pi.next_action = null;
  pi.last_payment_error = error;
}

/** Finishes a pending authentication from the test 3-D Secure page. */
export function finishAuthentication(core: StripeCore, pi: PaymentIntent, completed: boolean, req: RequestInfo): void {
  if (pi.status !== 'requires_action' || !pi.payment_method) throw unexpectedState(`This PaymentIntent has a status of ${pi.status}; nothing to authenticate.`);
  const pm = core.store.state.paymentMethods[pi.payment_method]!;
  if (completed) {
    succeed(core, pi, pm, req);
    return;
  }
  fail(pi, {
    type: 'invalid_request_error',
    code: 'payment_intent_authentication_failure',
    doc_url: 'https://stripe.com/docs/error-codes/payment-intent-authentication-failure',
    message:
      'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
    payment_method: pm,
  });
  core.emit('payment_intent.payment_failed', pi, req);
}

/** POST /v1/payment_intents/:id/cancel */
export function cancelPaymentIntent(core: StripeCore, id: string, p: Params, req: RequestInfo): PaymentIntent {
  const pi = getPaymentIntent(core, id);
  const reason = p.oneOf('cancellation_reason', ['abandoned', 'duplicate', 'fraudulent', 'requested_by_customer'] as const);
  if (!CANCELABLE.includes(pi.status)) {
    throw unexpectedState(
      `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
    );
  }
  pi.status = 'canceled';
  pi.canceled_at = nowSeconds();
  pi.cancellation_reason = reason ?? null;
  pi.next_action = null;
  core.emit('payment_intent.canceled', pi, req);
  return pi;
}

/** The PaymentIntent as returned, with `latest_charge` expanded when asked. */
export function renderPaymentIntent(core: StripeCore, pi: PaymentIntent, expand: readonly string[], prefix = ''): PaymentIntent {
  const out = structuredClone(pi);
  if (expand.includes(`${prefix}latest_charge`) && typeof pi.latest_charge === 'string') {
    out.latest_charge = structuredClone(core.store.state.charges[pi.latest_charge]) ?? pi.latest_charge;
  }
  return out;
}
