const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Our ids (users, campaigns, deliverables, ...) are uuids. An id from a URL that is not one names
 * nothing: asking the database about it only earns a 400 (Postgres answers 22P02), so callers treat it
 * as "not found" without a request.
 */
export function isUuid(value: string | null | undefined): value is string {
  return typeof value === 'string' && UUID.test(value);
}
