import type { ChartTexts } from '@/components/charts/chart-card';
import type { AnalyticsT } from '../messages/catalog';

/** The chart cards' own words, from this feature's catalog (shared components own no texts). */
export function chartTexts(t: AnalyticsT, bucket: 'week' | 'month' | 'step', empty: string): ChartTexts {
  return {
    loading: t('analytics.charts.loading'),
    error: t('analytics.charts.error'),
    retry: t('analytics.retry'),
    empty,
    showTable: t('analytics.charts.showTable'),
    hideTable: t('analytics.charts.hideTable'),
    bucketHeader: t(`analytics.charts.bucket.${bucket}`),
  };
}
