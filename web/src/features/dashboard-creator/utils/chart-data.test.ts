import { describe, expect, it } from 'vitest';
import { applicationsChart, earningsChart } from './chart-data';

const bucket = (d: string) => d.slice(0, 7);

describe('creator chart data', () => {
  it('keeps every month, cents as numbers', () => {
    const data = earningsChart(
      [
        { month_start: '2026-10-01', earned_cents: 0, paid_out_cents: 0 },
        { month_start: '2026-11-01', earned_cents: '55250' as unknown as number, paid_out_cents: 0 },
      ],
      bucket,
      { earned: 'Earned', paidOut: 'Paid out' },
    );
    expect(data.buckets).toEqual(['2026-10', '2026-11']);
    expect(data.series.map((s) => s.values)).toEqual([[0, 55250], [0, 0]]);
  });

  it('stacks applications by status in a fixed order', () => {
    const data = applicationsChart(
      [{ month_start: '2026-11-01', pending: 1, accepted: 2, rejected: 1, canceled: 0 }],
      bucket,
      { accepted: 'Accepted', pending: 'Pending', rejected: 'Rejected', canceled: 'Canceled' },
    );
    expect(data.series.map((s) => [s.key, s.values[0]])).toEqual([['accepted', 2], ['pending', 1], ['rejected', 1], ['canceled', 0]]);
  });
});
