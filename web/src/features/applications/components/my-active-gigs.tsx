import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useMyApplications } from '../api/get-my-applications';
import { compensationTypeText, contentTypeText } from '../messages/applications-text';
import { applicationsCatalog } from '../messages/catalog';
import { ApplicationStatusBadge } from './application-status-badge';

/** The creator's applications (spec "My Active Gigs"), newest first as the server orders them. */
export function MyActiveGigs() {
  const f = useFormat();
  const { data, isPending, isError } = useMyApplications();
  // The last hook: see useT's note in messages/catalog.ts.
  const { t } = useT(applicationsCatalog);
  return (
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
        ) : data.length === 0 ? (
          <p className="p-5 text-sm text-slate-600">{t('applications.gigs.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {data.map((a) => (
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
                </div>
                <div className="self-start sm:self-center">
                  <ApplicationStatusBadge status={a.status} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
