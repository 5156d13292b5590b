import type { Params } from './params.ts';
import { invalidParam, noSuch } from './stripe-error.ts';

/** A page of a Stripe list: `{ object: 'list', data, has_more, url }`. */
export interface ListPage<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/**
 * Pages through objects newest first with Stripe's cursor parameters: `limit` (1..100, default 10),
 * `starting_after` (older than that id) or `ending_before` (newer than it).
 */
export function listPage<T extends { id: string }>(newestFirst: T[], p: Params, url: string, objectName: string): ListPage<T> {
  const limit = p.int('limit') ?? 10;
  if (limit < 1) throw invalidParam('This value must be greater than or equal to 1.', 'limit');
  if (limit > 100) throw invalidParam('This value must be less than or equal to 100.', 'limit');
  const after = p.string('starting_after');
  const before = p.string('ending_before');
  if (after && before) throw invalidParam('You may only specify one of these parameters: ending_before, starting_after.', 'ending_before');
  const indexOf = (id: string, param: string) => {
    const i = newestFirst.findIndex((o) => o.id === id);
    if (i < 0) throw noSuch(objectName, id, param);
    return i;
  };
  if (before) {
    const end = indexOf(before, 'ending_before');
    const start = Math.max(0, end - limit);
    return { object: 'list', data: newestFirst.slice(start, end), has_more: start > 0, url };
  }
  const start = after ? indexOf(after, 'starting_after') + 1 : 0;
  const data = newestFirst.slice(start, start + limit);
  return { object: 'list', data, has_more: start + limit < newestFirst.length, url };
}

/** Stored objects newest first (insertion order is creation order). */
export function newestFirst<T>(record: Record<string, T>): T[] {
  return Object.values(record).reverse();
}
