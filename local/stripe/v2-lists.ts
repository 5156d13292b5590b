import type { JsonParams } from './json-params.ts';
import { invalidParam } from './stripe-error.ts';

/** A page of a v2 list: the next page is fetched by its URL, which carries an opaque `page` token. */
export interface V2List<T> {
  data: T[];
  next_page_url: string | null;
  previous_page_url: string | null;
}

/**
 * Pages through objects newest first: `limit` (1..100, default 10) and `page`, a token naming the last
 * object of the previous page. `query` keeps the list's filters on the next page's URL.
 */
export function v2Page<T extends { id: string }>(newestFirst: T[], p: JsonParams, path: string, query: Record<string, string | string[] | undefined> = {}): V2List<T> {
  const limit = p.int('limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalidParam('limit must be between 1 and 100.', 'limit');
  const page = p.string('page');
  let start = 0;
  if (page) {
    const after = Buffer.from(page, 'base64url').toString('utf8');
    const i = newestFirst.findIndex((o) => o.id === after);
    if (i < 0) throw invalidParam('The page token is invalid or has expired.', 'page');
    start = i + 1;
  }
  const data = newestFirst.slice(start, start + limit);
  let next: string | null = null;
  if (start + limit < newestFirst.length && data.length > 0) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
      if (typeof v === 'string') q.append(k, v);
      else if (v) v.forEach((x, i) => q.append(`${k}[${i}]`, x));
    }
    q.set('limit', String(limit));
    q.set('page', Buffer.from(data[data.length - 1]!.id).toString('base64url'));
    next = `${path}?${q.toString()}`;
  }
  return { data, next_page_url: next, previous_page_url: null };
}
