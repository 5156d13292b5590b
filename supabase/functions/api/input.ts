import { isUuid } from '../_shared/admin-user-input.ts';
import { HttpError, invalid } from '../_shared/http-error.ts';
import type { RequestContext } from './context.ts';

/** A path parameter that must be a uuid; anything else cannot exist, so 404 with the resource's name. */
export function idParam(ctx: RequestContext, name: string, resource: string): string {
  const value = ctx.params[name] ?? '';
  if (!isUuid(value)) throw new HttpError(404, `${resource} not found`, 'not_found');
  return value;
}

/** An optional text field: undefined when absent, 400 when not text. */
export function optionalText(body: Record<string, unknown>, field: string): string | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw invalid(field, 'must be text');
  return v;
}

/** A required text field (non-blank). */
export function requiredText(body: Record<string, unknown>, field: string, message: string): string {
  const v = optionalText(body, field);
  if (v === undefined || !v.trim()) throw invalid(field, message);
  return v;
}

/** A required uuid field of a body. */
export function uuidField(body: Record<string, unknown>, field: string): string {
  const v = body[field];
  if (typeof v !== 'string' || !isUuid(v)) throw invalid(field, 'must be an id');
  return v;
}

/** The first row of a set-returning function, or 404. */
export function firstOr404<T>(rows: T[] | T | null, what: string): T {
  const row = Array.isArray(rows) ? rows[0] : rows;
  if (!row) throw new HttpError(404, `${what} not found`, 'not_found');
  return row;
}
