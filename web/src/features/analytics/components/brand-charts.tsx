import { bucketLabel } from '@/components/charts/buckets';
import { ChartCard } from '@/components/charts/chart-card';
import { peak, seriesTotals } from '@/components/charts/series';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { type SeriesFilter, useActivitySeries, useFunnel, useSpendSeries } from '../api/get-analytics-series';
import { analyticsCatalog } from '../messages/catalog';
import { activityChart, funnelChart, funnelTotals, spendChart } from '../utils/chart-data';
import { chartTexts } from './chart-texts';

/** /analytics' three charts for the chosen campaign and range; every figure is an api function's. */
export function BrandCharts({ filter }: { filter: SeriesFilter }) {
  const activity = useActivitySeries(filter);
  const spend = useSpendSeries(filter);
  const funnel = useFunnel(filter);
  const f = useFormat();
  const { t, locale } = useT(analyticsCatalog);
  const days = filter.days;

  const activityData = activity.data && activityChart(activity.data, (d) => bucketLabel(d, 'week', locale), {
    applications: t('analytics.charts.series.applications'),
    approved: t('analytics.charts.series.approved'),
  });
  const activityBusiest = activityData && peak(activityData, 'applications');
  const activityTotals = activityData && seriesTotals(activityData);

  const spendData = spend.data && spendChart(spend.data, (d) => bucketLabel(d, 'month', locale), {
    released: t('analytics.charts.series.released'),
    refunded: t('analytics.charts.series.refunded'),
    inEscrow: t('analytics.charts.series.inEscrow'),
  });
  const spendTotals = spendData && seriesTotals(spendData);

  const funnelData = funnel.data && funnelChart(funnel.data, {
    applied: t('analytics.charts.funnel.applied'),
    accepted: t('analytics.charts.funnel.accepted'),
    submitted: t('analytics.charts.funnel.submitted'),
    approved: t('analytics.charts.funnel.approved'),
    paid: t('analytics.charts.funnel.paid'),
  }, t('analytics.charts.series.applications'));
  const steps = funnel.data && funnelTotals(funnel.data);

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <ChartCard
        title={t('analytics.charts.activity.title')}
        summary={activityTotals && [
          t('analytics.charts.activity.summary', { days, applications: activityTotals.applications ?? 0, approved: activityTotals.approved ?? 0 }),
          activityBusiest ? t('analytics.charts.activity.busiest', { week: activityBusiest.bucket, count: activityBusiest.value }) : '',
        ].join(' ').trim()}
        data={activityData}
        isPending={activity.isPending}
        isError={activity.isError}
        onRetry={() => void activity.refetch()}
        format={f.number}
        texts={chartTexts(t, 'week', t('analytics.charts.activity.empty', { days }))}
      />
      <ChartCard
        title={t('analytics.charts.spend.title')}
        summary={spendTotals && spend.data && t('analytics.charts.spend.summary', {
          days,
          released: f.money(spendTotals.released ?? 0),
          refunded: f.money(spendTotals.refunded ?? 0),
          inEscrow: f.money(Number(spend.data.at(-1)?.in_escrow_cents ?? 0)),
        })}
        data={spendData}
        isPending={spend.isPending}
        isError={spend.isError}
        onRetry={() => void spend.refetch()}
        format={f.money}
        texts={chartTexts(t, 'month', t('analytics.charts.spend.empty', { days }))}
      />
      <div className="xl:col-span-2">
        <ChartCard
          title={t('analytics.charts.funnel.title')}
          summary={steps && t('analytics.charts.funnel.summary', { days, ...steps })}
          data={funnelData}
          isPending={funnel.isPending}
          isError={funnel.isError}
          onRetry={() => void funnel.refetch()}
          format={f.number}
          texts={chartTexts(t, 'step', t('analytics.charts.funnel.empty', { days }))}
        />
      </div>
    </div>
  );
}
