/**
 * An error that already knows the response it becomes, in the wire format of the Supabase service this
 * runtime stands in for: Kong's `{message}`, PostgREST's `{code, details, hint, message}` with its
 * Proxy-Status header, GoTrue's bodies. supabase-js parses those shapes, so they are not ours to choose.
 * That is why this is not the edge functions' HttpError (supabase/functions/_shared/http-error.ts), whose
 * `{code, message, field?}` is our own API's error body.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'string' ? body : JSON.stringify(body));
  }
}
