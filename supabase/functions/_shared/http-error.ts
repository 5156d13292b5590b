/**
 * An error with the HTTP status it should answer with. `message` is the reason shown to people; `code` a
 * stable machine code (the database's DETAIL when it came from an `api` function); `field` the input
 * field a validation error is about.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** A 400 about one input field. */
export function invalid(field: string, message: string): HttpError {
  return new HttpError(400, message, 'validation_failed', field);
}
