import { isUuid } from '../_shared/admin-user-input.ts';
import { HttpError } from '../_shared/http-error.ts';
import type { RequestContext } from './context.ts';

/** A path parameter that must be a uuid; anything else cannot exist, so 404 with the resource's name. */
export function idParam(ctx: RequestContext, name: string, resource: string): string {
  const value = ctx.params[name] ?? '';
  if (!isUuid(value)) throw new HttpError(404, `${resource} not found`, 'not_found');
  return value;
}

/** The first row of a set-returning function, or 404. */
export function firstOr404<T>(rows: T[] | T | null, what: string): T {
  const row = Array.isArray(rows) ? rows[0] : rows;
  if (!row) throw new HttpError(404, `${what} not found`, 'not_found');
  return row;
}
