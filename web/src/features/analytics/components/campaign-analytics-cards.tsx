import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { analyticsCatalog } from '../messages/catalog';
import type { CampaignAnalytics } from '../types';
import { campaignStatusText } from './campaign-status';
import { RateText } from './rate-text';

/**
 * Below md: one block per campaign with its figures as a term/value grid, readable at 390 px without
 * sideways scrolling. Hidden (display: none) from md up, where the table shows the same figures.
 */
export function CampaignAnalyticsCards({ campaigns, campaignHref }: { campaigns: CampaignAnalytics[]; campaignHref: (id: string) => string }) {
  const f = useFormat();
  const { t } = useT(analyticsCatalog);
  return (
    <ul aria-labelledby="campaign-analytics-caption" className="divide-y divide-slate-100 md:hidden">
      {campaigns.map((c) => {
        const figures: Array<[string, ReactNode]> = [
          [t('analytics.table.applications'), c.applications_total],
          [t('analytics.table.pending'), c.applications_pending],
          [t('analytics.table.accepted'), c.applications_accepted],
          [t('analytics.table.rejected'), c.applications_rejected],
          [t('analytics.table.acceptanceRate'), <RateText key="rate" rate={c.acceptance_rate} />],
          [t('analytics.table.contentSubmitted'), c.deliverables_submitted],
          [t('analytics.table.contentApproved'), c.deliverables_approved],
          [t('analytics.table.released'), f.money(c.amount_paid_cents)],
        ];
        return (
          <li key={c.campaign_id} className="px-4 py-3">
            <div className="flex items-start justify-between gap-3">
              <h3 className="font-medium break-words">
                <Link to={campaignHref(c.campaign_id)} className="text-brand-700 underline-offset-2 hover:underline">
                  {c.title}
                </Link>
              </h3>
              <span className="shrink-0 text-sm text-slate-600">{campaignStatusText(t, c.status)}</span>
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              {figures.map(([label, value]) => (
                <div key={label} className="flex justify-between gap-2">
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
