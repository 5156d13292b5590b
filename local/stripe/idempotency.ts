import type { FormHash, FormValue } from './form-params.ts';
import type { IdempotencyEntry, StripeStore } from './store.ts';
import { StripeApiError } from './stripe-error.ts';

/** A request's parameters as canonical JSON (sorted keys), so equal parameters compare equal. */
export function canonicalParams(params: FormHash): string {
  const sort = (v: FormValue): unknown =>
    typeof v === 'string' ? v : Array.isArray(v) ? v.map(sort) : Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort(v[k]!)]));
  return JSON.stringify(sort(params));
}

function idempotencyError(status: number, message: string): StripeApiError {
  return new StripeApiError(status, { type: 'idempotency_error', message }, false);
}

/**
 * Stripe's idempotency layer for POST requests (https://docs.stripe.com/api/idempotent_requests): the
 * first response for a key is kept 24 hours and replayed for the same endpoint and parameters; reuse with
 * another endpoint or other parameters is an idempotency_error; a retry while the first is still running
 * gets 409 (which stripe-node retries).
 */
export class IdempotencyLayer {
  private readonly running = new Set<string>();

  constructor(private readonly store: StripeStore) {}

  /** The saved entry to replay, undefined to run the request, or throws the reuse error. */
  lookup(key: string, method: string, path: string, params: string): IdempotencyEntry | undefined {
    if (key.length > 255) throw new StripeApiError(400, { type: 'invalid_request_error', message: 'Idempotency keys can be at most 255 characters long.' }, false);
    if (this.running.has(key)) {
      throw idempotencyError(
        409,
        'There is currently another in-progress request using this Idempotent Key (probably means you are sending the same request concurrently). Please try again later.',
      );
    }
    const entry = this.store.state.idempotency[key];
    if (!entry || Date.now() - entry.createdAtMs > 24 * 3600_000) return undefined;
    if (entry.method !== method || entry.path !== path) {
      throw idempotencyError(
        400,
        `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${path}' vs '${entry.path}'). Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    if (entry.params !== params) {
      throw idempotencyError(
        400,
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    return entry;
  }

  begin(key: string): void {
    this.running.add(key);
  }

  end(key: string, entry: IdempotencyEntry | undefined): void {
    this.running.delete(key);
    if (entry) this.store.state.idempotency[key] = entry;
  }
}
