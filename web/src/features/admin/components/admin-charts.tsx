import { useState } from 'react';
import { bucketLabel } from '@/components/charts/buckets';
import { ChartCard, type ChartTexts } from '@/components/charts/chart-card';
import { seriesTotals } from '@/components/charts/series';
import { SelectField } from '@/components/ui/select-field';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useGrowthSeries, useMoneySeries } from '../api/get-admin-series';
import { adminCatalog } from '../messages/catalog';
import { campaignsChart, moneyChart, signupsChart } from '../utils/chart-data';

const RANGES = [30, 90, 365] as const;

/** The platform over time: sign-ups by role and campaigns per week, money moved per month. */
export function AdminCharts() {
  const [days, setDays] = useState<number>(365);
  const growth = useGrowthSeries(days);
  const money = useMoneySeries(days);
  const f = useFormat();
  const { t, locale } = useT(adminCatalog);
  const texts = (unit: 'week' | 'month', empty: string): ChartTexts => ({
    loading: t('admin.charts.loading'),
    error: t('admin.charts.error'),
    retry: t('admin.charts.retry'),
    empty,
    showTable: t('admin.charts.showTable'),
    hideTable: t('admin.charts.hideTable'),
    bucketHeader: t(`admin.charts.${unit}`),
  });
  const week = (d: string) => bucketLabel(d, 'week', locale);

  const signups = growth.data && signupsChart(growth.data, week, {
    creators: t('admin.charts.signups.creators'), brands: t('admin.charts.signups.brands'), admins: t('admin.charts.signups.admins'),
  });
  const joined = signups && seriesTotals(signups);
  const campaigns = growth.data && campaignsChart(growth.data, week, t('admin.charts.campaigns.series'));
  const created = campaigns && seriesTotals(campaigns);
  const moneyData = money.data && moneyChart(money.data, (d) => bucketLabel(d, 'month', locale), {
    charged: t('admin.charts.money.charged'), released: t('admin.charts.money.released'), fees: t('admin.charts.money.fees'),
    refunded: t('admin.charts.money.refunded'), paidOut: t('admin.charts.money.paidOut'),
  });
  const moved = moneyData && seriesTotals(moneyData);

  return (
    <section aria-labelledby="admin-charts" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="admin-charts" className="text-lg font-semibold text-slate-900">{t('admin.charts.title')}</h2>
        <SelectField
          label={t('admin.charts.range')}
          className="sm:w-56"
          value={String(days)}
          onChange={(e) => setDays(Number(e.target.value))}
          options={RANGES.map((d) => ({ value: String(d), label: t('admin.charts.days', { days: d }) }))}
        />
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <ChartCard
          title={t('admin.charts.signups.title')}
          summary={joined && t('admin.charts.signups.summary', { days, creators: joined.creators ?? 0, brands: joined.brands ?? 0, admins: joined.admins ?? 0 })}
          data={signups}
          isPending={growth.isPending}
          isError={growth.isError}
          onRetry={() => void growth.refetch()}
          format={f.number}
          stacked
          texts={texts('week', t('admin.charts.signups.empty', { days }))}
        />
        <ChartCard
          title={t('admin.charts.campaigns.title')}
          summary={created && t('admin.charts.campaigns.summary', { days, count: created.campaigns ?? 0 })}
          data={campaigns}
          isPending={growth.isPending}
          isError={growth.isError}
          onRetry={() => void growth.refetch()}
          format={f.number}
          texts={texts('week', t('admin.charts.campaigns.empty', { days }))}
        />
        <div className="xl:col-span-2">
          <ChartCard
            title={t('admin.charts.money.title')}
            summary={moved && t('admin.charts.money.summary', {
              days,
              charged: f.money(moved.charged ?? 0),
              released: f.money(moved.released ?? 0),
              fees: f.money(moved.fees ?? 0),
              refunded: f.money(moved.refunded ?? 0),
              paidOut: f.money(moved.paidOut ?? 0),
            })}
            data={moneyData}
            isPending={money.isPending}
            isError={money.isError}
            onRetry={() => void money.refetch()}
            format={f.money}
            texts={texts('month', t('admin.charts.money.empty', { days }))}
          />
        </div>
      </div>
    </section>
  );
}
