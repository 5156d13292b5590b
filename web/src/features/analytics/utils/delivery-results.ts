import { csvDollars, toCsv } from '@/lib/csv';
import type { DeliveryResult } from '../types';

export interface DeliveryTotals {
  posts: number;
  views: number | null;
  engagements: number | null;
  costPerViewCents: number | null;
  costPerEngagementCents: number | null;
}

/** Sum of the reported values; null when no post reported it (so "—", not 0). */
function sumReported(values: ReadonlyArray<number | null>): number | null {
  const reported = values.filter((v): v is number => v !== null);
  return reported.length === 0 ? null : reported.reduce((a, b) => a + Number(b), 0);
}

/**
 * The campaign's totals: the cost per view divides the cost of the posts that report views by those views
 * (a post without views adds neither), so a platform that hides a metric does not make the others look cheaper.
 */
export function deliveryTotals(rows: readonly DeliveryResult[]): DeliveryTotals {
  const per = (metric: 'views' | 'engagements'): number | null => {
    const counted = rows.filter((r) => r[metric] !== null && Number(r[metric]) > 0 && r.cost_cents !== null);
    const amount = sumReported(counted.map((r) => Number(r[metric])));
    return amount ? counted.reduce((a, r) => a + Number(r.cost_cents), 0) / amount : null;
  };
  return {
    posts: rows.length,
    views: sumReported(rows.map((r) => (r.views === null ? null : Number(r.views)))),
    engagements: sumReported(rows.map((r) => (r.engagements === null ? null : Number(r.engagements)))),
    costPerViewCents: per('views'),
    costPerEngagementCents: per('engagements'),
  };
}

/** A fractional cost in cents as dollars with four decimals (a view often costs less than a cent); empty when null. */
const csvUnitDollars = (cents: number | null): string => (cents === null ? '' : (Number(cents) / 100).toFixed(4));

const COLUMNS: ReadonlyArray<readonly [string, (r: DeliveryResult) => unknown]> = [
  ['creator', (r) => r.creator_name],
  ['verification', (r) => r.outcome],
  ['latest_checkpoint', (r) => r.checkpoint],
  ['views', (r) => r.views],
  ['reach', (r) => r.reach],
  ['engagements', (r) => r.engagements],
  ['cost_usd', (r) => csvDollars(r.cost_cents)],
  ['cost_per_view_usd', (r) => csvUnitDollars(r.cost_per_view_cents)],
  ['cost_per_engagement_usd', (r) => csvUnitDollars(r.cost_per_engagement_cents)],
];

/** The campaign's post results as the CSV file the brand downloads: machine-readable, empty cells for "not reported". */
export function deliveryResultsCsv(rows: readonly DeliveryResult[]): string {
  const header = COLUMNS.map(([name]) => name);
  return toCsv(header, rows.map((r) => Object.fromEntries(COLUMNS.map(([name, get]) => [name, get(r)]))));
}

/** A file name safe on every system: the campaign's title in ASCII letters and digits, then the date. */
export function deliveryResultsFileName(title: string, day: Date): string {
  const slug = title.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'campaign';
  return `${slug}-post-results-${day.toISOString().slice(0, 10)}.csv`;
}
