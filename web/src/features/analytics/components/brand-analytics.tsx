import { useState } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/i18n/use-t';
import type { SeriesFilter } from '../api/get-analytics-series';
import { useBrandAnalytics } from '../api/get-brand-analytics';
import { analyticsCatalog } from '../messages/catalog';
import { AnalyticsFilters } from './analytics-filters';
import { AnalyticsSummary } from './analytics-summary';
import { BrandCharts } from './brand-charts';
import { CampaignAnalyticsTable } from './campaign-analytics-table';
import { PostResults } from './post-results';

/**
 * The brand's analytics: totals and figures per campaign, all computed by the database from real rows.
 * A brand without campaigns sees an honest empty state that leads to creating one.
 */
export function BrandAnalytics({ createCampaignHref, campaignHref }: { createCampaignHref: string; campaignHref: (id: string) => string }) {
  const { data, isPending, isError, refetch, isFetching } = useBrandAnalytics();
  const [filter, setFilter] = useState<SeriesFilter>({ days: 90, campaignId: null });
  const { t } = useT(analyticsCatalog);
  if (isPending) return <Spinner label={t('analytics.loading')} />;
  if (isError)
    return (
      <Card className="p-6">
        <p role="alert" className="text-sm text-red-800">
          {t('analytics.error')}
        </p>
        <button type="button" onClick={() => void refetch()} disabled={isFetching} className="mt-3 text-sm font-medium text-brand-700 underline">
          {t('analytics.retry')}
        </button>
      </Card>
    );
  if (data.campaigns.length === 0)
    return (
      <Card className="flex flex-col items-start gap-3 p-6">
        <h2 className="text-lg font-semibold text-slate-900">{t('analytics.empty.title')}</h2>
        <p className="text-sm text-slate-600">{t('analytics.empty.text')}</p>
        <ButtonLink to={createCampaignHref}>{t('analytics.empty.create')}</ButtonLink>
      </Card>
    );
  return (
    <div className="space-y-6">
      <AnalyticsSummary totals={data.totals} />
      <section aria-labelledby="analytics-over-time" className="space-y-4">
        <h2 id="analytics-over-time" className="text-lg font-semibold text-slate-900">{t('analytics.charts.title')}</h2>
        <AnalyticsFilters filter={filter} campaigns={data.campaigns} onChange={setFilter} />
        <BrandCharts filter={filter} />
      </section>
      <CampaignAnalyticsTable campaigns={data.campaigns} campaignHref={campaignHref} />
      <PostResults campaigns={data.campaigns} />
    </div>
  );
}
