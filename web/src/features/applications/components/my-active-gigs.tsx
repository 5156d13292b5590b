import { Link } from 'react-router-dom';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { compensationTypeLabel, formatDate, formatMoney, titleCase } from '@/lib/format';
import type { ApplicationStatus } from '@/types/api';
import { useMyApplications } from '../api/get-my-applications';

const statusTone: Record<ApplicationStatus, BadgeTone> = { pending: 'yellow', accepted: 'green', rejected: 'red' };

/** The creator's applications (spec "My Active Gigs"), newest first as the server orders them. */
export function MyActiveGigs() {
  const { data, isPending, isError } = useMyApplications();
  return (
    <section aria-labelledby="my-active-gigs">
      <h2 id="my-active-gigs" className="text-lg font-semibold text-slate-900">
        My Active Gigs
      </h2>
      <Card className="mt-3">
        {isPending ? (
          <div className="p-5">
            <Spinner label="Loading your gigs..." />
          </div>
        ) : isError ? (
          <p role="alert" className="p-5 text-sm text-red-700">Could not load your applications.</p>
        ) : data.length === 0 ? (
          <p className="p-5 text-sm text-slate-600">You don't have any active gigs yet. Apply to campaigns to get started!</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {data.map((a) => (
              <li key={a.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <Link to={paths.campaign.getHref(a.campaign.id)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                    {a.campaign.title}
                  </Link>
                  <p className="text-sm text-slate-600">
                    {titleCase(a.campaign.content_type)} · {formatMoney(a.campaign.compensation_cents)} ({compensationTypeLabel(a.campaign.compensation_type)}) · Due{' '}
                    {formatDate(a.campaign.deadline)}
                  </p>
                </div>
                <Badge tone={statusTone[a.status] ?? 'neutral'}>{titleCase(a.status)}</Badge>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
