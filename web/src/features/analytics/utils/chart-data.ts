import type { ChartData } from '@/components/charts/types';
import type { ActivityWeek, FunnelRow, SpendMonth } from '../api/get-analytics-series';

/** Series labels in the reader's language, by key. */
type Labels<K extends string> = Record<K, string>;
type Bucket = (date: string) => string;

/** Applications and approved content per week, in the API's week order. */
export function activityChart(rows: ActivityWeek[], bucket: Bucket, labels: Labels<'applications' | 'approved'>): ChartData {
  return {
    buckets: rows.map((r) => bucket(r.week_start)),
    series: [
      { key: 'applications', label: labels.applications, values: rows.map((r) => Number(r.applications)) },
      { key: 'approved', label: labels.approved, values: rows.map((r) => Number(r.approved_content)) },
    ],
  };
}

/** Released, refunded and held in escrow per month (cents; pg and PostgREST may send bigint as a string). */
export function spendChart(rows: SpendMonth[], bucket: Bucket, labels: Labels<'released' | 'refunded' | 'inEscrow'>): ChartData {
  return {
    buckets: rows.map((r) => bucket(r.month_start)),
    series: [
      { key: 'released', label: labels.released, values: rows.map((r) => Number(r.released_cents)) },
      { key: 'inEscrow', label: labels.inEscrow, values: rows.map((r) => Number(r.in_escrow_cents)) },
      { key: 'refunded', label: labels.refunded, values: rows.map((r) => Number(r.refunded_cents)) },
    ],
  };
}

export const FUNNEL_STEPS = ['applied', 'accepted', 'submitted', 'approved', 'paid'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** The funnel summed over the campaigns shown (one campaign when filtered), one bar per step. */
export function funnelTotals(rows: FunnelRow[]): Record<FunnelStep, number> {
  const totals = { applied: 0, accepted: 0, submitted: 0, approved: 0, paid: 0 };
  for (const r of rows) for (const step of FUNNEL_STEPS) totals[step] += Number(r[step]);
  return totals;
}

export function funnelChart(rows: FunnelRow[], steps: Labels<FunnelStep>, seriesLabel: string): ChartData {
  const totals = funnelTotals(rows);
  return {
    buckets: FUNNEL_STEPS.map((s) => steps[s]),
    series: [{ key: 'applications', label: seriesLabel, values: FUNNEL_STEPS.map((s) => totals[s]) }],
  };
}
