import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { formatMoney, titleCase } from '@/lib/format';
import type { CampaignAnalytics } from '../types';
import { formatRate } from '../utils/rate';

/**
 * One row per campaign. On narrow screens the table scrolls sideways inside a focusable region, so
 * keyboard users can scroll it too (axe: scrollable-region-focusable). The region is `relative` so the
 * screen-reader-only texts (absolutely positioned) are clipped with it instead of widening the page.
 */
export function CampaignAnalyticsTable({ campaigns, campaignHref }: { campaigns: CampaignAnalytics[]; campaignHref: (id: string) => string }) {
  return (
    <Card className="overflow-hidden">
      <div role="region" aria-labelledby="campaign-analytics-caption" tabIndex={0} className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption id="campaign-analytics-caption" className="px-4 py-3 text-left text-base font-semibold text-slate-900">
            Figures per campaign
          </caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">Campaign</th>
              <th scope="col" className="px-4 py-3">Status</th>
              <th scope="col" className="px-4 py-3 text-right">Applications</th>
              <th scope="col" className="px-4 py-3 text-right">Pending</th>
              <th scope="col" className="px-4 py-3 text-right">Accepted</th>
              <th scope="col" className="px-4 py-3 text-right">Rejected</th>
              <th scope="col" className="px-4 py-3 text-right">Acceptance rate</th>
              <th scope="col" className="px-4 py-3 text-right">Content submitted</th>
              <th scope="col" className="px-4 py-3 text-right">Content approved</th>
              <th scope="col" className="px-4 py-3 text-right">Amount paid</th>
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
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">{titleCase(c.status)}</td>
                <td className="px-4 py-3 text-right text-slate-900 tabular-nums">{c.applications_total}</td>
                <td className="px-4 py-3 text-right text-slate-700 tabular-nums">{c.applications_pending}</td>
                <td className="px-4 py-3 text-right text-slate-700 tabular-nums">{c.applications_accepted}</td>
                <td className="px-4 py-3 text-right text-slate-700 tabular-nums">{c.applications_rejected}</td>
                <td className="px-4 py-3 text-right text-slate-900 tabular-nums">
                  {c.acceptance_rate == null ? (
                    <>
                      <span aria-hidden="true">{formatRate(null)}</span>
                      <span className="sr-only">No decisions yet</span>
                    </>
                  ) : (
                    formatRate(c.acceptance_rate)
                  )}
                </td>
                <td className="px-4 py-3 text-right text-slate-700 tabular-nums">{c.deliverables_submitted}</td>
                <td className="px-4 py-3 text-right text-slate-700 tabular-nums">{c.deliverables_approved}</td>
                <td className="px-4 py-3 text-right whitespace-nowrap text-slate-900 tabular-nums">{formatMoney(c.amount_paid_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
