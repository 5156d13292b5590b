import type { ChartData } from '@/components/charts/types';
import type { ApplicationsMonth, EarningsMonth } from '../api/get-creator-series';

type Bucket = (date: string) => string;

/** Earned (after the fee) and paid out per month, in cents (bigint may arrive as a string). */
export function earningsChart(rows: EarningsMonth[], bucket: Bucket, labels: { earned: string; paidOut: string }): ChartData {
  return {
    buckets: rows.map((r) => bucket(r.month_start)),
    series: [
      { key: 'earned', label: labels.earned, values: rows.map((r) => Number(r.earned_cents)) },
      { key: 'paidOut', label: labels.paidOut, values: rows.map((r) => Number(r.paid_out_cents)) },
    ],
  };
}

export const APPLICATION_STATUSES = ['accepted', 'pending', 'rejected', 'canceled'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Applications sent per month, stacked by where each stands now. */
export function applicationsChart(rows: ApplicationsMonth[], bucket: Bucket, labels: Record<ApplicationStatus, string>): ChartData {
  return {
    buckets: rows.map((r) => bucket(r.month_start)),
    series: APPLICATION_STATUSES.map((s) => ({ key: s, label: labels[s], values: rows.map((r) => Number(r[s])) })),
  };
}
