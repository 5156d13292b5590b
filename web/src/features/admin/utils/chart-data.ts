import type { ChartData } from '@/components/charts/types';
import type { GrowthWeek, MoneyMonth } from '../api/get-admin-series';

type Bucket = (date: string) => string;

/** Sign-ups per week, stacked by role (they add up to everyone who joined that week). */
export function signupsChart(rows: GrowthWeek[], bucket: Bucket, labels: { creators: string; brands: string; admins: string }): ChartData {
  return {
    buckets: rows.map((r) => bucket(r.week_start)),
    series: [
      { key: 'creators', label: labels.creators, values: rows.map((r) => Number(r.creator_signups)) },
      { key: 'brands', label: labels.brands, values: rows.map((r) => Number(r.brand_signups)) },
      { key: 'admins', label: labels.admins, values: rows.map((r) => Number(r.admin_signups)) },
    ],
  };
}

export function campaignsChart(rows: GrowthWeek[], bucket: Bucket, label: string): ChartData {
  return { buckets: rows.map((r) => bucket(r.week_start)), series: [{ key: 'campaigns', label, values: rows.map((r) => Number(r.campaigns_created)) }] };
}

export const MONEY_SERIES = ['charged', 'released', 'fees', 'refunded', 'paidOut'] as const;
export type MoneySeries = (typeof MONEY_SERIES)[number];
const COLUMN: Record<MoneySeries, keyof MoneyMonth> = {
  charged: 'charged_cents', released: 'released_cents', fees: 'fees_cents', refunded: 'refunded_cents', paidOut: 'paid_out_cents',
};

/** Money moved per month, side by side (the flows overlap: a charge is later released, then paid out). */
export function moneyChart(rows: MoneyMonth[], bucket: Bucket, labels: Record<MoneySeries, string>): ChartData {
  return {
    buckets: rows.map((r) => bucket(r.month_start)),
    series: MONEY_SERIES.map((k) => ({ key: k, label: labels[k], values: rows.map((r) => Number(r[COLUMN[k]])) })),
  };
}
