import { HttpError } from './http-error.ts';

/** An error as supabase-js reports a failed rpc: PostgREST's body (Postgres's message, SQLSTATE, DETAIL). */
export interface RpcFailure {
  message: string;
  details?: string | null;
  hint?: string | null;
  code?: string;
}

/**
 * A refusal an `api` function raises on purpose carries a stable machine code in DETAIL (app.fail, or
 * `raise exception ... using detail = 'not_admin'`; decision 0003). Postgres's and PostgREST's own errors
 * have none, or a sentence ("Key (email)=(...) already exists.", "Failing row contains ...").
 */
const DELIBERATE_CODE = /^[a-z][a-z0-9_]*$/;

/** What a caller reads when the database refused for its own reasons: by status, stable, naming nothing inside. */
const GENERIC: Record<number, readonly [message: string, code: string]> = {
  400: ['The request is not valid', 'bad_request'],
  401: ['Not signed in', 'not_signed_in'],
  403: ['You do not have permission to do that', 'forbidden'],
  404: ['Not found', 'not_found'],
  409: ['This conflicts with the current state; reload and try again', 'conflict'],
};

/**
 * The figures a deliberate refusal names, as the database gives them in its HINT (`{"minimum_cents": 100}`,
 * app.payout_begin): integers only, passed on as the error body's `amounts` so a client writes them in
 * its reader's language instead of reading them out of the English message. Null for any other hint.
 */
function amountsOfHint(hint: string | null | undefined): Record<string, number> | null {
  if (!hint || !hint.startsWith('{')) return null;
  try {
    const parsed = JSON.parse(hint) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const entries = Object.entries(parsed as Record<string, unknown>);
    if (!entries.length || !entries.every(([k, v]) => /^[a-z_]+_cents$/.test(k) && Number.isSafeInteger(v))) return null;
    return Object.fromEntries(entries) as Record<string, number>;
  } catch {
    return null;
  }
}

/**
 * The error a failed rpc becomes. A deliberate refusal keeps its message and code with PostgREST's status
 * (which follows the SQLSTATE: 400, 403, 404, 409). Anything else, such as "permission denied for function
 * admin_money_summary" (no execute right: 401 signed out), a constraint or a PostgREST error, answers the
 * generic message of its status, and the original goes to the server's log only (`internalDetail`, which
 * jsonHandler logs). A 5xx, or no status at all, is an unexpected failure: a plain Error, which
 * jsonHandler logs and answers as its 500.
 */
export function rpcError(fn: string, error: RpcFailure, status: number): Error {
  if (typeof error.details === 'string' && DELIBERATE_CODE.test(error.details) && status >= 400 && status < 500) {
    const refusal = new HttpError(status, error.message || 'Request failed', error.details);
    const amounts = amountsOfHint(error.hint);
    return amounts ? refusal.withAmounts(amounts) : refusal;
  }
  const detail = `${fn}: ${[error.code, error.message, error.details, error.hint].filter(Boolean).join(' | ')}`;
  if (status < 400 || status >= 500) return new Error(`${detail} (HTTP ${status})`);
  const [message, code] = GENERIC[status] ?? ['The request could not be completed', undefined];
  return new HttpError(status, message, code).withInternalDetail(detail);
}
