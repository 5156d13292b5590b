import { SelectField } from '@/components/ui/select-field';
import { useT } from '@/i18n/use-t';
import type { SeriesFilter } from '../api/get-analytics-series';
import { analyticsCatalog } from '../messages/catalog';

export const RANGES = [30, 90, 365] as const;

/** The charts' campaign filter and date range: native selects (keyboard, screen readers and phones for free). */
export function AnalyticsFilters({ filter, campaigns, onChange }: {
  filter: SeriesFilter;
  campaigns: Array<{ campaign_id: string; title: string }>;
  onChange: (next: SeriesFilter) => void;
}) {
  const { t } = useT(analyticsCatalog);
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:max-w-2xl">
      <SelectField
        label={t('analytics.filters.campaign')}
        value={filter.campaignId ?? ''}
        onChange={(e) => onChange({ ...filter, campaignId: e.target.value || null })}
        options={[{ value: '', label: t('analytics.filters.allCampaigns') }, ...campaigns.map((c) => ({ value: c.campaign_id, label: c.title }))]}
      />
      <SelectField
        label={t('analytics.filters.range')}
        value={String(filter.days)}
        onChange={(e) => onChange({ ...filter, days: Number(e.target.value) })}
        options={RANGES.map((days) => ({ value: String(days), label: t('analytics.filters.days', { days }) }))}
      />
    </div>
  );
}
