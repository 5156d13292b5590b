import type { ErrorBody } from './contract/error-body.ts';

export type { ErrorBody };

/** One problem of a submitted form: the input field and the message shown next to it. */
export type FieldProblem = readonly [field: string, message: string];

/**
 * An error with the HTTP status it should answer with. `message` is the reason shown to people; `code` a
 * stable machine code (the database's DETAIL when it came from an `api` function; derived from the status
 * when none is given, so every error body has one); `field` the input field a validation error is about;
 * `problems` every field problem of a form when there were several (`field`/`message` are the first).
 */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly code: string;
  /** Headers the answer carries whoever renders it (the Retry-After of a 429). */
  readonly headers: Record<string, string> = {};
  /** What happened inside (a database error's own words), for the server's log only: never answered. */
  internalDetail?: string;
  /** Figures the refusal names, in cents (ErrorBody.amounts). */
  amounts?: Record<string, number>;

  constructor(
    readonly status: number,
    message: string,
    code?: string,
    readonly field?: string,
    readonly problems: readonly FieldProblem[] = [],
  ) {
    super(message);
    this.code = code || codeOfStatus(status);
  }

  /** Keeps `detail` for the log (jsonHandler writes it) while the answer says only the message. */
  withInternalDetail(detail: string): this {
    this.internalDetail = detail;
    return this;
  }

  /** Names the figures of the refusal (a minimum, in cents) for clients to write in their own words. */
  withAmounts(amounts: Record<string, number>): this {
    this.amounts = amounts;
    return this;
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}), ...(this.amounts ? { amounts: this.amounts } : {}) };
  }
}

/** A 400 about one input field. */
export function invalid(field: string, message: string): HttpError {
  return new HttpError(400, message, 'validation_failed', field);
}

/** A 400 about several fields: the first is its field and message, all of them its problems. */
export function invalidFields(problems: readonly FieldProblem[], code = 'validation_failed'): HttpError {
  const [field, message] = problems[0] ?? ['', 'Invalid input'];
  return new HttpError(400, message, code, field || undefined, problems);
}

/** The code of an error raised without one: a client can still branch on a word rather than a number. */
function codeOfStatus(status: number): string {
  const codes: Record<number, string> = {
    400: 'bad_request',
    401: 'not_signed_in',
    403: 'forbidden',
    404: 'not_found',
    405: 'method_not_allowed',
    409: 'conflict',
    413: 'body_too_large',
    415: 'unsupported_media_type',
    429: 'rate_limited',
    502: 'upstream_failed',
    503: 'unavailable',
  };
  return codes[status] ?? (status >= 500 ? 'internal' : 'request_failed');
}
