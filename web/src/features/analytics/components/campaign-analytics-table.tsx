import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { analyticsCatalog } from '../messages/catalog';
import type { CampaignAnalytics } from '../types';
import { CampaignAnalyticsCards } from './campaign-analytics-cards';
import { campaignStatusText } from './campaign-status';
import { RateText } from './rate-text';

const num = 'px-2 py-3 text-right tabular-nums';

/**
 * One row per campaign. From md up a table whose headers wrap (normal case, narrow padding), so its ten
 * columns fit the content column at 1280 px beside the sidebar; the region still scrolls sideways, and is
 * focusable for keyboards (axe: scrollable-region-focusable), should a narrow tablet need it. Below md the
 * same figures stack as one card per campaign (CampaignAnalyticsCards), as a table would not fit.
 */
export function CampaignAnalyticsTable({ campaigns, campaignHref }: { campaigns: CampaignAnalytics[]; campaignHref: (id: string) => string }) {
  const f = useFormat();
  const { t } = useT(analyticsCatalog);
  return (
    <Card className="overflow-hidden">
      <h2 id="campaign-analytics-caption" className="px-4 py-3 text-base font-semibold text-slate-900">
        {t('analytics.table.caption')}
      </h2>
      <div role="region" aria-labelledby="campaign-analytics-caption" tabIndex={0} className="relative hidden overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600 md:block">
        <table aria-labelledby="campaign-analytics-caption" className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left align-bottom text-xs font-semibold text-slate-600">
            <tr>
              <th scope="col" className="px-2 py-3">{t('analytics.table.campaign')}</th>
              <th scope="col" className="px-2 py-3">{t('analytics.table.status')}</th>
              <th scope="col" className="px-2 py-3 text-right">{t('analytics.table.applications')}</th>
              <th scope="col" className="px-2 py-3 text-right">{t('analytics.table.pending')}</th>
              <th scope="col" className="px-2 py-3 text-right">{t('analytics.table.accepted')}</th>
              <th scope="col" className="px-2 py-3 text-right">{t('analytics.table.rejected')}</th>
              <th scope="col" className="px-2 py-3 text-right">{t('analytics.table.acceptanceRate')}</th>
              <th scope="col" className="px-2 py-3 text-right">{t('analytics.table.contentSubmitted')}</th>
              <th scope="col" className="px-2 py-3 text-right">{t('analytics.table.contentApproved')}</th>
              <th scope="col" className="px-2 py-3 text-right">{t('analytics.table.released')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {campaigns.map((c) => (
              <tr key={c.campaign_id}>
                <th scope="row" className="max-w-52 min-w-32 px-2 py-3 text-left font-medium break-words">
                  <Link to={campaignHref(c.campaign_id)} className="text-brand-700 underline-offset-2 hover:underline">
                    {c.title}
                  </Link>
                </th>
                <td className="px-2 py-3 whitespace-nowrap text-slate-700">{campaignStatusText(t, c.status)}</td>
                <td className={`${num} text-slate-900`}>{c.applications_total}</td>
                <td className={`${num} text-slate-700`}>{c.applications_pending}</td>
                <td className={`${num} text-slate-700`}>{c.applications_accepted}</td>
                <td className={`${num} text-slate-700`}>{c.applications_rejected}</td>
                <td className={`${num} text-slate-900`}><RateText rate={c.acceptance_rate} /></td>
                <td className={`${num} text-slate-700`}>{c.deliverables_submitted}</td>
                <td className={`${num} text-slate-700`}>{c.deliverables_approved}</td>
                <td className={`${num} whitespace-nowrap text-slate-900`}>{f.money(c.amount_paid_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CampaignAnalyticsCards campaigns={campaigns} campaignHref={campaignHref} />
    </Card>
  );
}
