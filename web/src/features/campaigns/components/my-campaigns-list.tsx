import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { useMyCampaigns } from '../api/get-my-campaigns';
import { daysLeftLabel } from '../utils/days-left';
import { campaignStatusBadge } from '../utils/status';

/** The brand's own campaigns on its dashboard: status, days left and the real number of applications. */
export function MyCampaignsList() {
  const { data, isPending, isError } = useMyCampaigns();
  return (
    <section aria-labelledby="my-campaigns">
      <h2 id="my-campaigns" className="text-lg font-semibold text-slate-900">
        Your Campaigns
      </h2>
      <Card className="mt-3">
        {isPending ? (
          <div className="p-5">
            <Spinner label="Loading your campaigns..." />
          </div>
        ) : isError ? (
          <p role="alert" className="p-5 text-sm text-red-800">Could not load your campaigns. Please reload the page.</p>
        ) : data.length === 0 ? (
          <p className="p-5 text-sm text-slate-600">No campaigns found</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {data.map((c) => {
              const badge = campaignStatusBadge(c.status);
              return (
                <li key={c.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <Link to={paths.campaign.getHref(c.id)} className="font-medium break-words text-slate-900 hover:text-brand-700 hover:underline">
                      {c.title}
                    </Link>
                    <p className="text-sm text-slate-600">
                      {daysLeftLabel(c.deadline)} · {c.application_count} {c.application_count === 1 ? 'application' : 'applications'}
                      {c.pending_application_count > 0 && ` (${c.pending_application_count} pending)`} · {formatMoney(c.compensation_cents)}
                    </p>
                  </div>
                  <Badge tone={badge.tone} className="self-start sm:self-center">
                    {badge.label}
                  </Badge>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </section>
  );
}
