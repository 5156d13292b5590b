import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { titleCase } from '@/lib/format';
import { analyticsCatalog } from '../messages/catalog';
import type { CampaignAnalytics } from '../types';
import { formatRate } from '../utils/rate';

/**
 * One row per campaign. On narrow screens the table scrolls sideways inside a focusable region, so
 * keyboard users can scroll it too (axe: scrollable-region-focusable). The region is `relative` so the
 * screen-reader-only texts (absolutely positioned) are clipped with it instead of widening the page.
 */
export function CampaignAnalyticsTable({ campaigns, campaignHref }: { campaigns: CampaignAnalytics[]; campaignHref: (id: string) => string }) {
  const { t } = useT(analyticsCatalog);
  const f = useFormat();
  return (
    <Card className="overflow-hidden">
      <div role="region" aria-labelledby="campaign-analytics-caption" tabIndex={0} className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption id="campaign-analytics-caption" className="px-4 py-3 text-left text-base font-semibold text-slate-900">
            {t('analytics.table.caption')}
          </caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">{t('analytics.table.campaign')}</th>
              <th scope="col" className="px-4 py-3">{t('analytics.table.status')}</th>
              <th scope="col" className="px-4 py-3 text-right">{t('analytics.table.applications')}</th>
              <th scope="col" className="px-4 py-3 text-right">{t('analytics.table.pending')}</th>
              <th scope="col" className="px-4 py-3 text-right">{t('analytics.table.accepted')}</th>
              <th scope="col" className="px-4 py-3 text-right">{t('analytics.table.rejected')}</th>
              <th scope="col" className="px-4 py-3 text-right">{t('analytics.table.acceptanceRate')}</th>
              <th scope="col" className="px-4 py-3 text-right">{t('analytics.table.contentSubmitted')}</th>
              <th scope="col" className="px-4 py-3 text-right">{t('analytics.table.contentApproved')}</th>
              <th scope="col" className="px-4 py-3 text-right">{t('analytics.table.amountPaid')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {campaigns.map((c) => (
              <tr key={c.campaign_id}>
                <th scope="row" className="max-w-64 px-4 py-3 text-left font-medium break-words">
                  <Link to={campaignHref(c.campaign_id)} className="text-brand-700 underline-offset-2 hover:underline">
                    {c.title}
                  </Link>
                </th>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">{campaignStatusText(t, c.status)}</td>
                <td className="px-4 py-3 text-right text-slate-900 tabular-nums">{c.applications_total}</td>
                <td className="px-4 py-3 text-right text-slate-700 tabular-nums">{c.applications_pending}</td>
                <td className="px-4 py-3 text-right text-slate-700 tabular-nums">{c.applications_accepted}</td>
                <td className="px-4 py-3 text-right text-slate-700 tabular-nums">{c.applications_rejected}</td>
                <td className="px-4 py-3 text-right text-slate-900 tabular-nums">
                  {c.acceptance_rate == null ? (
                    <>
                      <span aria-hidden="true">{formatRate(null)}</span>
                      <span className="sr-only">{t('analytics.table.noDecisions')}</span>
                    </>
                  ) : (
                    formatRate(c.acceptance_rate)
                  )}
                </td>
                <td className="px-4 py-3 text-right text-slate-700 tabular-nums">{c.deliverables_submitted}</td>
                <td className="px-4 py-3 text-right text-slate-700 tabular-nums">{c.deliverables_approved}</td>
                <td className="px-4 py-3 text-right whitespace-nowrap text-slate-900 tabular-nums">{f.money(c.amount_paid_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'completed'] as const;

/** A campaign's status by name; the database allows no other, anything new shows as stored. */
function campaignStatusText(t: (key: `analytics.campaignStatus.${(typeof CAMPAIGN_STATUSES)[number]}`) => string, status: string): string {
  const known = CAMPAIGN_STATUSES.find((s) => s === status);
  return known ? t(`analytics.campaignStatus.${known}`) : titleCase(status);
}
