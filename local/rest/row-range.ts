import { postgrestError } from './postgrest-error.ts';

/** The rows asked for: OFFSET and LIMIT (undefined: all). */
export interface RowRange {
  offset: number;
  limit: number | undefined;
}

const RANGE_HEADER = /^([0-9]+)-([0-9]*)$/;

/**
 * PostgREST's top-level range: `limit`/`offset`, intersected on GET with a `Range: first-last` header,
 * then capped by `db-max-rows` (`[api] max_rows`). `limit=0` is allowed; any other empty range is
 * 416 PGRST103.
 */
export function topLevelRange(opts: {
  limit: number | undefined;
  offset: number | undefined;
  rangeHeader: string | undefined;
  method: string;
  maxRows: number | undefined;
}): RowRange {
  const lower = opts.offset ?? 0;
  let from = lower;
  let to = opts.limit === undefined ? Infinity : lower + opts.limit - 1;
  let headerEmpty = false;
  const header = opts.method === 'GET' && opts.rangeHeader !== undefined ? RANGE_HEADER.exec(opts.rangeHeader) : null;
  if (header) {
    const hFrom = Number(header[1]);
    const hTo = header[2] ? Number(header[2]) : Infinity;
    headerEmpty = hTo < hFrom;
    from = Math.max(from, hFrom);
    to = Math.min(to, hTo);
  }
  if (opts.limit === 0) return { offset: 0, limit: 0 };
  if (to < from) {
    throw postgrestError(416, {
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: headerEmpty
        ? 'The lower boundary must be lower than or equal to the upper boundary in the Range header.'
        : 'Limit should be greater than or equal to zero.',
    });
  }
  if (opts.maxRows !== undefined) to = Math.min(to, from + opts.maxRows - 1);
  return { offset: from, limit: to === Infinity ? undefined : to - from + 1 };
}

/** Content-Range and status for `count` rows from `range.offset`, `total` when counted (rangeStatusHeader). */
export function contentRange(range: RowRange, count: number, total: number | undefined): { status: number; header: string } {
  const lower = range.offset;
  const upper = lower + count - 1;
  const span = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  const header = `${span}/${total === undefined ? '*' : total}`;
  let status = 200;
  if (total !== undefined) {
    if (lower > total) status = 416;
    else if (1 + upper - lower < total) status = 206;
  }
  return { status, header };
}
