import { describe, expect, test } from 'vitest';
import { byCreator, formatCostPer, formatCount, totalsOf, type DeliveryResultRow } from './delivery-results';

const row = (creator: string, views: number | string | null, engagements: number | null, cost: number | null, reach: number | null = null): DeliveryResultRow => ({
  creator_id: creator, creator_name: `Name ${creator}`, views, reach, engagements, cost_cents: cost,
});

describe('delivery results totals', () => {
  test('cost per view and per engagement from the hires\' cents', () => {
    const t = totalsOf([row('a', 2000, 200, 10000), row('b', '3000', 100, 20000, 2500)]);
    expect(t).toEqual({ views: 5000, reach: 2500, engagements: 300, costCents: 30000, costPerViewCents: 6, costPerEngagementCents: 100 });
  });

  test('an unknown metric stays null and does not lower the cost per view', () => {
    const t = totalsOf([row('a', 1000, null, 5000), row('b', null, null, 5000)]);
    expect(t.views).toBe(1000);
    expect(t.engagements).toBeNull();
    expect(t.costPerViewCents).toBe(5); // only the post with known views counts: 5000 / 1000
    expect(t.costPerEngagementCents).toBeNull();
  });

  test('zero views gives no cost per view rather than infinity', () => {
    expect(totalsOf([row('a', 0, 0, 5000)]).costPerViewCents).toBeNull();
    expect(totalsOf([]).costCents).toBe(0);
  });

  test('per creator: several posts of one creator are one line', () => {
    const lines = byCreator([row('a', 100, 10, 1000), row('b', 50, 5, 500), row('a', 300, 30, 1000)]);
    expect(lines.map((l) => [l.creatorId, l.views, l.costCents])).toEqual([['a', 400, 2000], ['b', 50, 500]]);
  });
});

describe('formatting', () => {
  test('two decimals of dollars, an em dash for unknown, never $0.00', () => {
    expect(formatCostPer(6)).toBe('$0.06');
    expect(formatCostPer(1234.5)).toBe('$12.35');
    expect(formatCostPer(null)).toBe('—');
    expect(formatCount(null, 'en-US')).toBe('—');
    expect(formatCount(12000, 'en-US')).toBe('12,000');
  });
});
