import { bucketLabel } from '@/components/charts/buckets';
import { ChartCard, type ChartTexts } from '@/components/charts/chart-card';
import { peak, seriesTotals } from '@/components/charts/series';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useApplicationSeries, useEarningsSeries } from '../api/get-creator-series';
import { creatorDashboardCatalog } from '../messages/catalog';
import { applicationsChart, earningsChart } from '../utils/chart-data';

/** The creator's year month by month: earnings and payouts, and applications by where they stand. */
export function CreatorCharts() {
  const earnings = useEarningsSeries();
  const applications = useApplicationSeries();
  const f = useFormat();
  const { t, locale } = useT(creatorDashboardCatalog);
  const texts = (empty: string): ChartTexts => ({
    loading: t('dashboard-creator.charts.loading'),
    error: t('dashboard-creator.charts.error'),
    retry: t('dashboard-creator.charts.retry'),
    empty,
    showTable: t('dashboard-creator.charts.showTable'),
    hideTable: t('dashboard-creator.charts.hideTable'),
    bucketHeader: t('dashboard-creator.charts.month'),
  });
  const month = (d: string) => bucketLabel(d, 'month', locale);

  const earningsData = earnings.data && earningsChart(earnings.data, month, {
    earned: t('dashboard-creator.charts.earned'),
    paidOut: t('dashboard-creator.charts.paidOut'),
  });
  const earned = earningsData && seriesTotals(earningsData);
  const best = earningsData && peak(earningsData, 'earned');

  const applicationsData = applications.data && applicationsChart(applications.data, month, {
    accepted: t('dashboard-creator.charts.status.accepted'),
    pending: t('dashboard-creator.charts.status.pending'),
    rejected: t('dashboard-creator.charts.status.rejected'),
    canceled: t('dashboard-creator.charts.status.canceled'),
  });
  const byStatus = applicationsData && seriesTotals(applicationsData);

  return (
    <section aria-labelledby="creator-charts" className="space-y-4">
      <h2 id="creator-charts" className="text-lg font-semibold text-slate-900">{t('dashboard-creator.charts.title')}</h2>
      <div className="grid gap-6 xl:grid-cols-2">
        <ChartCard
          title={t('dashboard-creator.charts.earnings.title')}
          summary={earned && [
            t('dashboard-creator.charts.earnings.summary', { earned: f.money(earned.earned ?? 0), paidOut: f.money(earned.paidOut ?? 0) }),
            best ? t('dashboard-creator.charts.earnings.best', { month: best.bucket, amount: f.money(best.value) }) : '',
          ].join(' ').trim()}
          data={earningsData}
          isPending={earnings.isPending}
          isError={earnings.isError}
          onRetry={() => void earnings.refetch()}
          format={f.money}
          texts={texts(t('dashboard-creator.charts.earnings.empty'))}
        />
        <ChartCard
          title={t('dashboard-creator.charts.applications.title')}
          summary={byStatus && t('dashboard-creator.charts.applications.summary', {
            total: (byStatus.accepted ?? 0) + (byStatus.pending ?? 0) + (byStatus.rejected ?? 0) + (byStatus.canceled ?? 0),
            accepted: byStatus.accepted ?? 0,
            pending: byStatus.pending ?? 0,
            rejected: byStatus.rejected ?? 0,
            canceled: byStatus.canceled ?? 0,
          })}
          data={applicationsData}
          isPending={applications.isPending}
          isError={applications.isError}
          onRetry={() => void applications.refetch()}
          format={f.number}
          stacked
          texts={texts(t('dashboard-creator.charts.applications.empty'))}
        />
      </div>
    </section>
  );
}
