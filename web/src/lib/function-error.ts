import type { ErrorBody } from '@contract/error-body';

/**
 * Any failure of an edge function call: the function's own `{code, message, field?}` with the HTTP
 * status, or status 0 when no answer arrived. `message` is what the screens show.
 */
export class FunctionError extends Error {
  override name = 'FunctionError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** Figures the refusal names, in cents (ErrorBody.amounts). */
    readonly amounts: Readonly<Record<string, number>> = {},
  ) {
    super(message);
  }
}

/**
 * The FunctionError of a non-2xx answer. The gateway's own refusals share the `{code, message}` shape
 * (e.g. 401 `UNAUTHORIZED_LEGACY_JWT`); an answer of another shape, or not JSON at all, keeps its status
 * text as the message.
 */
export async function functionErrorOf(res: Response): Promise<FunctionError> {
  const body = (await res.json().catch(() => null)) as Partial<ErrorBody> | null;
  const message = typeof body?.message === 'string' && body.message ? body.message : res.statusText || 'Request failed';
  const code = typeof body?.code === 'string' && body.code ? body.code : 'request_failed';
  const amounts = Object.fromEntries(Object.entries(body?.amounts ?? {}).filter(([, v]) => Number.isSafeInteger(v)));
  return new FunctionError(res.status, code, message, typeof body?.field === 'string' ? body.field : undefined, amounts);
}
