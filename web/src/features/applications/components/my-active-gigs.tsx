import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useMyApplications } from '../api/get-my-applications';
import { compensationTypeText, contentTypeText } from '../messages/applications-text';
import { applicationsCatalog } from '../messages/catalog';
import type { MyApplicationRow } from '../types';
import { showsCreatorHireBadge } from '../utils/hire';
import { ApplicationStatusBadge } from './application-status-badge';
import { CreatorHireNotice } from './creator-hire-notice';
import { HireStatusBadge } from '@/components/ui/status-badges';

/**
 * The creator's jobs, newest first as the server orders them, in two lists by the one job-state rule
 * (app.job_state, which the dashboard's counts use too): "My active jobs" holds exactly the jobs counted
 * as active (hired and not finished); applications waiting for a brand, finished, rejected and canceled
 * jobs follow under their own heading. A paid hire says where its money is or why the brand canceled it.
 */
export function MyActiveGigs() {
  const { data, isPending, isError } = useMyApplications();
  const { t } = useT(applicationsCatalog);
  const active = data?.filter((a) => a.job_state === 'active') ?? [];
  const others = data?.filter((a) => a.job_state !== 'active') ?? [];
  return (
    <>
      <section aria-labelledby="my-active-gigs">
        <h2 id="my-active-gigs" className="text-lg font-semibold text-slate-900">
          {t('applications.gigs.title')}
        </h2>
        <Card className="mt-3">
          {isPending ? (
            <div className="p-5">
              <Spinner label={t('applications.gigs.loading')} />
            </div>
          ) : isError ? (
            <p role="alert" className="p-5 text-sm text-red-700">
              {t('applications.gigs.error')}
            </p>
          ) : active.length === 0 ? (
            <p className="p-5 text-sm text-slate-600">{t('applications.gigs.empty')}</p>
          ) : (
            <JobList jobs={active} />
          )}
        </Card>
      </section>
      {others.length > 0 && (
        <section aria-labelledby="my-other-applications">
          <h2 id="my-other-applications" className="text-lg font-semibold text-slate-900">
            {t('applications.gigs.othersTitle')}
          </h2>
          <Card className="mt-3">
            <JobList jobs={others} />
          </Card>
        </section>
      )}
    </>
  );
}

function JobList({ jobs }: { jobs: MyApplicationRow[] }) {
  const f = useFormat();
  const { t } = useT(applicationsCatalog);
  return (
    <ul className="divide-y divide-slate-200">
      {jobs.map((a) => (
        <li key={a.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <Link to={paths.campaign.getHref(a.campaign.id)} className="font-medium break-words text-slate-900 hover:text-brand-700 hover:underline">
              {a.campaign.title}
            </Link>
            <p className="text-sm text-slate-600">
              {t('applications.gigs.summary', {
                type: contentTypeText(t, a.campaign.content_type),
                amount: f.money(a.campaign.compensation_cents),
                compensationType: compensationTypeText(t, a.campaign.compensation_type),
                date: f.date(a.campaign.deadline),
              })}
            </p>
            {(a.hire || a.status === 'canceled') && (
              <div className="mt-1">
                <CreatorHireNotice hire={a.hire} cancelReason={a.cancel_reason} compact />
              </div>
            )}
          </div>
          <div className="flex flex-wrap gap-2 self-start sm:flex-col sm:items-end sm:self-center">
            {a.job_state === 'completed' ? <Badge tone="blue">{t('applications.gigs.completed')}</Badge> : <ApplicationStatusBadge status={a.status} />}
            {showsCreatorHireBadge(a.hire) && <HireStatusBadge status={a.hire.status} />}
          </div>
        </li>
      ))}
    </ul>
  );
}
