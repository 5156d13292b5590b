import { compensationTypeLabel, formatDate, formatMoney, platformLabel } from '@/lib/format';
import type { CampaignListItem } from '@/types/api';
import { daysLeftLabel } from '../utils/days-left';

/**
 * The platforms, compensation and deadline of a campaign card, as terms and descriptions. The browse list
 * adds the days left to the deadline; the dashboard's short list leaves them out.
 */
export function CampaignFacts({ campaign: c, showDaysLeft = false }: { campaign: CampaignListItem; showDaysLeft?: boolean }) {
  return (
    <dl className="mt-3 space-y-1 text-sm">
      <div className="flex justify-between gap-2">
        <dt className="text-slate-600">Platforms</dt>
        <dd className="text-right text-slate-900">{c.platforms.map(platformLabel).join(', ')}</dd>
      </div>
      <div className="flex justify-between gap-2">
        <dt className="text-slate-600">Compensation</dt>
        <dd className="text-right text-slate-900">
          {formatMoney(c.compensation_cents)} · {compensationTypeLabel(c.compensation_type)}
        </dd>
      </div>
      <div className="flex justify-between gap-2">
        <dt className="text-slate-600">Deadline</dt>
        <dd className="text-right text-slate-900">
          {formatDate(c.deadline)}
          {showDaysLeft && <> <span className="text-slate-600">({daysLeftLabel(c.deadline)})</span></>}
        </dd>
      </div>
    </dl>
  );
}
