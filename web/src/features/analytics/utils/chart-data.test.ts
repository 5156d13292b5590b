import { describe, expect, it } from 'vitest';
import { activityChart, funnelChart, funnelTotals, spendChart } from './chart-data';

const bucket = (d: string) => `w${d.slice(5)}`;

describe('analytics chart data', () => {
  it('keeps every week of the series, quiet ones as 0, in order', () => {
    const data = activityChart(
      [
        { week_start: '2026-11-02', applications: 3, approved_content: 0 },
        { week_start: '2026-11-09', applications: 0, approved_content: 0 },
        { week_start: '2026-11-16', applications: 2, approved_content: 1 },
      ],
      bucket,
      { applications: 'Applications', approved: 'Approved' },
    );
    expect(data.buckets).toEqual(['w11-02', 'w11-09', 'w11-16']);
    expect(data.series.map((s) => s.values)).toEqual([[3, 0, 2], [0, 0, 1]]);
  });

  it('reads cents sent as strings (bigint through some drivers) as numbers', () => {
    const data = spendChart(
      [{ month_start: '2026-10-01', released_cents: '65000' as unknown as number, refunded_cents: 0, in_escrow_cents: 80000 }],
      bucket,
      { released: 'Released', refunded: 'Refunded', inEscrow: 'In escrow' },
    );
    expect(data.series.map((s) => [s.key, s.values[0]])).toEqual([['released', 65000], ['inEscrow', 80000], ['refunded', 0]]);
  });

  it('sums the funnel over campaigns, one bar per step in the funnel order', () => {
    const rows = [
      { id: 'a', title: 'A', applied: 2, accepted: 1, submitted: 1, approved: 1, paid: 1 },
      { id: 'b', title: 'B', applied: 3, accepted: 2, submitted: 1, approved: 0, paid: 0 },
    ];
    expect(funnelTotals(rows)).toEqual({ applied: 5, accepted: 3, submitted: 2, approved: 1, paid: 1 });
    const data = funnelChart(rows, { applied: 'Applied', accepted: 'Accepted', submitted: 'Submitted', approved: 'Approved', paid: 'Paid' }, 'Applications');
    expect(data.buckets).toEqual(['Applied', 'Accepted', 'Submitted', 'Approved', 'Paid']);
    expect(data.series[0]!.values).toEqual([5, 3, 2, 1, 1]);
    expect(funnelTotals([])).toEqual({ applied: 0, accepted: 0, submitted: 0, approved: 0, paid: 0 });
  });
});
