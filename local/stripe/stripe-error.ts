/** The `error` object of a Stripe API error response (https://docs.stripe.com/api/errors). */
export interface StripeErrorBody {
  /** v1's four types, or one of v2's specific types (`insufficient_funds`, `capability_not_enabled`, ...). */
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error' | V2ErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: unknown;
  payment_method?: unknown;
  request_log_url?: string;
}

/** v2 error types the double answers; stripe-node maps each to its own error class (generateV2Error). */
export type V2ErrorType = 'insufficient_funds' | 'capability_not_enabled' | 'invalid_payout_method' | 'not_cancelable' | 'already_canceled';

/**
 * An API error with the status and body Stripe answers. `saved` says whether the idempotency layer keeps
 * it: Stripe saves results once an endpoint started executing, not failures of parameter validation.
 */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
    readonly saved = true,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

function docUrl(code: string): string {
  return `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;
}

/** A 400 invalid_request_error raised while validating parameters (never saved for idempotency). */
export function invalidParam(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(
    400,
    { type: 'invalid_request_error', message, ...(code ? { code, doc_url: docUrl(code) } : {}), ...(param ? { param } : {}) },
    false,
  );
}

export function missingParam(param: string): StripeApiError {
  return invalidParam(`Missing required param: ${param}.`, param, 'parameter_missing');
}

/** A 400 about the object's state (e.g. confirming a canceled PaymentIntent); saved like Stripe does. */
export function unexpectedState(message: string, code = 'payment_intent_unexpected_state'): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', message, code, doc_url: docUrl(code) });
}

/** Stripe's 404 for an unknown id: `No such payment_intent: 'pi_123'`. */
export function noSuch(objectName: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(
    404,
    {
      type: 'invalid_request_error',
      code: 'resource_missing',
      doc_url: docUrl('resource_missing'),
      message: `No such ${objectName}: '${id}'`,
      param,
    },
    false,
  );
}

export function unrecognizedUrl(method: string, path: string): StripeApiError {
  return new StripeApiError(
    404,
    {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    },
    false,
  );
}

/** A 402 card_error, carrying the PaymentIntent and PaymentMethod as Stripe's decline does. */
export function cardError(fields: Omit<StripeErrorBody, 'type'> & { code: string }): StripeApiError {
  return new StripeApiError(402, { type: 'card_error', doc_url: docUrl(fields.code), ...fields });
}

/**
 * An API v2 error of a specific type (`insufficient_funds`, ...): stripe-node raises the matching class
 * (InsufficientFundsError, ...). It is a result of the operation, so v1 would save it; v2 retries do not
 * replay failures (see v2-api-handler.ts).
 */
export function v2Error(type: V2ErrorType, message: string, opts: { code?: string; status?: number } = {}): StripeApiError {
  return new StripeApiError(opts.status ?? 400, { type, message, ...(opts.code ? { code: opts.code } : {}) });
}
