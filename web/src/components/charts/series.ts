import type { ChartData } from './types';

/** The sum of each series over all buckets, by series key. */
export function seriesTotals(data: ChartData): Record<string, number> {
  return Object.fromEntries(data.series.map((s) => [s.key, s.values.reduce((a, b) => a + b, 0)]));
}

/** True when every value is 0: the chart shows its empty state rather than a row of empty bars. */
export function isAllZero(data: ChartData): boolean {
  return data.series.every((s) => s.values.every((v) => v === 0));
}

/**
 * The bucket where a series peaks (the first of equal peaks, so the sentence names the earliest), or null
 * when the series is all zeros (there is no "best week" of nothing).
 */
export function peak(data: ChartData, key: string): { bucket: string; value: number } | null {
  const s = data.series.find((x) => x.key === key);
  if (!s) return null;
  let best = -1;
  s.values.forEach((v, i) => {
    if (v > 0 && (best < 0 || v > s.values[best]!)) best = i;
  });
  return best < 0 ? null : { bucket: data.buckets[best]!, value: s.values[best]! };
}

/** The last value of a series (the current week or month), 0 when there is none. */
export function latest(data: ChartData, key: string): number {
  return data.series.find((x) => x.key === key)?.values.at(-1) ?? 0;
}

/**
 * The largest value the y axis must reach: the tallest bar, or the tallest stack when stacked. At least 1,
 * so an axis over zeros still has a scale.
 */
export function maxValue(data: ChartData, stacked: boolean): number {
  let max = 0;
  data.buckets.forEach((_, i) => {
    const values = data.series.map((s) => s.values[i] ?? 0);
    max = Math.max(max, stacked ? values.reduce((a, b) => a + b, 0) : Math.max(0, ...values));
  });
  return Math.max(max, 1);
}
