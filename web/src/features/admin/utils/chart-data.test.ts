import { describe, expect, it } from 'vitest';
import { campaignsChart, moneyChart, signupsChart } from './chart-data';

const bucket = (d: string) => d;
const week = { week_start: '2026-11-02', brand_signups: 1, creator_signups: 2, admin_signups: 0, campaigns_created: 3 };

describe('admin chart data', () => {
  it('stacks sign-ups by role and counts campaigns per week', () => {
    const data = signupsChart([week], bucket, { creators: 'Creators', brands: 'Brands', admins: 'Admins' });
    expect(data.series.map((s) => [s.key, s.values[0]])).toEqual([['creators', 2], ['brands', 1], ['admins', 0]]);
    expect(campaignsChart([week], bucket, 'Campaigns').series[0]!.values).toEqual([3]);
  });

  it('reads every money column of the month, as numbers', () => {
    const data = moneyChart(
      [{ month_start: '2026-09-01', charged_cents: 20000, released_cents: '85000' as unknown as number, fees_cents: 15000, refunded_cents: 0, paid_out_cents: 85000 }],
      bucket,
      { charged: 'c', released: 'r', fees: 'f', refunded: 'x', paidOut: 'p' },
    );
    expect(data.series.map((s) => s.values[0])).toEqual([20000, 85000, 15000, 0, 85000]);
  });
});
