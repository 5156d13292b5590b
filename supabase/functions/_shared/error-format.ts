import type { HttpError } from './http-error.ts';

/** How a function renders a failure: the body of an HttpError, and the message of an unexpected one. */
export interface ErrorFormat {
  /** The message of a 500 that no HttpError explains (the details go to the log only). */
  internalMessage: string;
  render(error: HttpError, headers: Headers): Response;
}

/** `{code, message, field?}` as JSON: what the web app and other clients of the functions read. */
export const jsonErrors: ErrorFormat = {
  internalMessage: 'Unexpected error',
  render(error, headers) {
    return Response.json(error.toBody(), { status: error.status, headers });
  },
};

/**
 * The reason as text/plain, for the /api facade: spec section 7's client shows "status: body". A
 * validation error is one "field: message" line per problem.
 */
export const plainTextErrors: ErrorFormat = {
  internalMessage: 'Internal error',
  render(error, headers) {
    headers.set('Content-Type', 'text/plain; charset=utf-8');
    return new Response(plainTextOf(error), { status: error.status, headers });
  },
};

function plainTextOf(error: HttpError): string {
  if (error.problems.length) return error.problems.map(([field, message]) => `${field}: ${message}`).join('\n');
  return error.field && error.status === 400 ? `${error.field}: ${error.message}` : error.message;
}
