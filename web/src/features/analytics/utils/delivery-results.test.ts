import { describe, expect, test } from 'vitest';
import type { DeliveryResult } from '../types';
import { deliveryResultsCsv, deliveryResultsFileName, deliveryTotals } from './delivery-results';

const row = (over: Partial<DeliveryResult>): DeliveryResult => ({
  creator_id: 'c1', creator_name: 'Ana Cruz', deliverable_id: 'd1', outcome: 'verified', checkpoint: '7d',
  views: 1000, reach: 800, engagements: 100, cost_cents: 50_000, cost_per_view_cents: 50, cost_per_engagement_cents: 500, ...over,
});

describe('deliveryTotals', () => {
  test('sums the reported metrics and divides the cost of the posts that report them', () => {
    const totals = deliveryTotals([row({}), row({ deliverable_id: 'd2', views: 4000, engagements: null, cost_cents: 30_000 })]);
    expect(totals).toEqual({ posts: 2, views: 5000, engagements: 100, costPerViewCents: 80_000 / 5000, costPerEngagementCents: 50_000 / 100 });
  });

  test('nothing reported stays null (shown "—"), never 0', () => {
    const totals = deliveryTotals([row({ views: null, reach: null, engagements: null, checkpoint: null, cost_per_view_cents: null, cost_per_engagement_cents: null })]);
    expect(totals).toEqual({ posts: 1, views: null, engagements: null, costPerViewCents: null, costPerEngagementCents: null });
  });

  test('bigint columns that come back as strings are added as numbers', () => {
    const totals = deliveryTotals([row({ views: '1000' as unknown as number }), row({ views: '500' as unknown as number })]);
    expect(totals.views).toBe(1500);
  });
});

describe('deliveryResultsCsv', () => {
  test('one quoted line per post; dollars with two decimals, unit costs with four; empty cells for null', () => {
    const csv = deliveryResultsCsv([row({}), row({ creator_name: '=cmd, "x"', views: null, cost_per_view_cents: null, cost_per_engagement_cents: 0.5 })]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('"creator","verification","latest_checkpoint","views","reach","engagements","cost_usd","cost_per_view_usd","cost_per_engagement_usd"');
    expect(lines[1]).toBe('"Ana Cruz","verified","7d","1000","800","100","500.00","0.5000","5.0000"');
    expect(lines[2]).toBe('"\'=cmd, ""x""","verified","7d","","800","100","500.00","","0.0050"');
    expect(lines[3]).toBe('');
  });

  test('the file is named after the campaign in ASCII, with the day', () => {
    expect(deliveryResultsFileName('Lanzamiento de Verano ☀️ 2026', new Date('2026-11-28T10:00:00Z'))).toBe('lanzamiento-de-verano-2026-post-results-2026-11-28.csv');
    expect(deliveryResultsFileName('☀️', new Date('2026-11-28T10:00:00Z'))).toBe('campaign-post-results-2026-11-28.csv');
  });
});
