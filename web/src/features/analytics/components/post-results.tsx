import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { useFormat } from '@/i18n/format';
import { FORMAT_TAG } from '@/i18n/locales';
import { useT } from '@/i18n/use-t';
import { useCampaignDeliveryResults } from '../api/get-campaign-delivery-results';
import { analyticsCatalog, type AnalyticsT } from '../messages/catalog';
import type { DeliveryResult } from '../types';
import { deliveryResultsCsv, deliveryResultsFileName, deliveryTotals } from '../utils/delivery-results';

const OUTCOMES = ['pending', 'verified', 'not_owner', 'published_before_hire', 'missing_disclosure', 'no_connected_account', 'post_not_found', 'platform_unavailable'] as const;
const outcomeText = (t: AnalyticsT, outcome: string) => t(`analytics.posts.outcome.${OUTCOMES.find((o) => o === outcome) ?? 'pending'}`);
const checkpointText = (t: AnalyticsT, checkpoint: string | null) =>
  checkpoint === '24h' || checkpoint === '7d' || checkpoint === '30d' ? t(`analytics.posts.checkpoint.${checkpoint}`) : '—';

/** Figures as the reader writes them; "—" for what the platform did not report (never 0). */
function useFigures() {
  const f = useFormat();
  const { locale } = useT(analyticsCatalog);
  // A view usually costs a fraction of a cent: up to four decimals, at least the usual two.
  const unit = new Intl.NumberFormat(FORMAT_TAG[locale], { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 });
  return {
    count: (v: number | null) => (v === null ? '—' : f.number(Number(v))),
    money: (cents: number | null) => (cents === null ? '—' : f.money(Number(cents))),
    unitCost: (cents: number | null) => (cents === null ? '—' : unit.format(Number(cents) / 100)),
  };
}

/**
 * The delivered posts of one campaign (decision 0055): per creator, the verification and the latest metrics
 * snapshot, with the hire's cost per view and per engagement; the campaign's totals; and a CSV download.
 */
export function PostResults({ campaigns }: { campaigns: Array<{ campaign_id: string; title: string; deliverables_submitted: number }> }) {
  // Opens on the first campaign with delivered content, not on a draft that has none.
  const [campaignId, setCampaignId] = useState<string | null>((campaigns.find((c) => Number(c.deliverables_submitted) > 0) ?? campaigns[0])?.campaign_id ?? null);
  const query = useCampaignDeliveryResults(campaignId);
  const { t } = useT(analyticsCatalog);
  const title = campaigns.find((c) => c.campaign_id === campaignId)?.title ?? '';
  const download = (rows: DeliveryResult[]) => {
    const url = URL.createObjectURL(new Blob([deliveryResultsCsv(rows)], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = deliveryResultsFileName(title, new Date());
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Card className="space-y-4 p-4">
      <div className="space-y-1">
        <h2 id="post-results-caption" className="text-base font-semibold text-slate-900">{t('analytics.posts.title')}</h2>
        <p className="text-sm text-slate-600">{t('analytics.posts.intro')}</p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1 sm:max-w-sm">
          <SelectField
            label={t('analytics.posts.campaign')}
            value={campaignId ?? ''}
            onChange={(e) => setCampaignId(e.target.value || null)}
            options={campaigns.map((c) => ({ value: c.campaign_id, label: c.title }))}
          />
        </div>
        {query.data && query.data.length > 0 && (
          <Button variant="secondary" onClick={() => download(query.data)}>
            {t('analytics.posts.export')}
          </Button>
        )}
      </div>
      {query.isPending && campaignId !== null ? (
        <Spinner label={t('analytics.loading')} />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-800">{t('analytics.error')}</p>
      ) : !query.data || query.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('analytics.posts.empty')}</p>
      ) : (
        <PostResultsFigures rows={query.data} />
      )}
    </Card>
  );
}

function PostResultsFigures({ rows }: { rows: DeliveryResult[] }) {
  const fig = useFigures();
  const { t } = useT(analyticsCatalog);
  const totals = deliveryTotals(rows);
  const num = 'px-2 py-2 text-right tabular-nums whitespace-nowrap';
  const figures = (r: DeliveryResult): Array<[string, ReactNode]> => [
    [t('analytics.posts.latest'), checkpointText(t, r.checkpoint)],
    [t('analytics.posts.views'), fig.count(r.views)],
    [t('analytics.posts.engagements'), fig.count(r.engagements)],
    [t('analytics.posts.cost'), fig.money(r.cost_cents)],
    [t('analytics.posts.costPerView'), fig.unitCost(r.cost_per_view_cents)],
    [t('analytics.posts.costPerEngagement'), fig.unitCost(r.cost_per_engagement_cents)],
  ];
  return (
    <>
      <div role="region" aria-labelledby="post-results-caption" tabIndex={0} className="hidden overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600 md:block">
        <table aria-labelledby="post-results-caption" className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left align-bottom text-xs font-semibold text-slate-600">
            <tr>
              <th scope="col" className="px-2 py-2">{t('analytics.posts.creator')}</th>
              <th scope="col" className="px-2 py-2">{t('analytics.posts.verification')}</th>
              {figures(rows[0]!).map(([label], i) => (
                <th key={label} scope="col" className={i === 0 ? 'px-2 py-2' : 'px-2 py-2 text-right'}>{label}</th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {rows.map((r) => (
              <tr key={r.deliverable_id}>
                <th scope="row" className="px-2 py-2 text-left font-medium break-words text-slate-900">{r.creator_name ?? '—'}</th>
                <td className="px-2 py-2 text-slate-700">{outcomeText(t, r.outcome)}</td>
                {figures(r).map(([label, value], i) => (
                  <td key={label} className={i === 0 ? 'px-2 py-2 whitespace-nowrap text-slate-700' : `${num} text-slate-900`}>{value}</td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot className="bg-slate-50 font-medium">
            <tr>
              <th scope="row" colSpan={3} className="px-2 py-2 text-left text-slate-900">{t('analytics.posts.total', { count: totals.posts })}</th>
              <td className={num}>{fig.count(totals.views)}</td>
              <td className={num}>{fig.count(totals.engagements)}</td>
              <td className={num} />
              <td className={num}>{fig.unitCost(totals.costPerViewCents)}</td>
              <td className={num}>{fig.unitCost(totals.costPerEngagementCents)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <ul aria-labelledby="post-results-caption" className="divide-y divide-slate-100 md:hidden">
        {rows.map((r) => (
          <li key={r.deliverable_id} className="space-y-1 py-3">
            <p className="font-medium text-slate-900">{r.creator_name ?? '—'}</p>
            <p className="text-sm text-slate-700">{outcomeText(t, r.outcome)}</p>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              {figures(r).map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="text-right font-medium text-slate-900 tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
        <li className="space-y-1 py-3">
          <p className="font-medium text-slate-900">{t('analytics.posts.total', { count: totals.posts })}</p>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">{t('analytics.posts.views')}</dt>
            <dd className="text-right font-medium tabular-nums">{fig.count(totals.views)}</dd>
            <dt className="text-slate-600">{t('analytics.posts.costPerView')}</dt>
            <dd className="text-right font-medium tabular-nums">{fig.unitCost(totals.costPerViewCents)}</dd>
            <dt className="text-slate-600">{t('analytics.posts.costPerEngagement')}</dt>
            <dd className="text-right font-medium tabular-nums">{fig.unitCost(totals.costPerEngagementCents)}</dd>
          </dl>
        </li>
      </ul>
    </>
  );
}
