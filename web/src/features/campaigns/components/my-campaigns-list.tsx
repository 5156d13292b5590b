import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useMyCampaigns } from '../api/get-my-campaigns';
import { campaignStatusText, daysLeftText } from '../messages/campaign-text';
import { campaignsCatalog } from '../messages/catalog';
import { campaignStatusTone } from '../utils/status';

/** The brand's own campaigns on its dashboard: status, days left and the real number of applications. */
export function MyCampaignsList() {
  const f = useFormat();
  const { data, isPending, isError } = useMyCampaigns();
  const { t } = useT(campaignsCatalog);
  return (
    <section aria-labelledby="my-campaigns">
      <h2 id="my-campaigns" className="text-lg font-semibold text-slate-900">
        {t('campaigns.mine.title')}
      </h2>
      <Card className="mt-3">
        {isPending ? (
          <div className="p-5">
            <Spinner label={t('campaigns.mine.loading')} />
          </div>
        ) : isError ? (
          <p role="alert" className="p-5 text-sm text-red-800">
            {t('campaigns.mine.error')}
          </p>
        ) : data.length === 0 ? (
          <p className="p-5 text-sm text-slate-600">{t('campaigns.mine.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {data.map((c) => (
              <li key={c.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <Link to={paths.campaign.getHref(c.id)} className="font-medium break-words text-slate-900 hover:text-brand-700 hover:underline">
                    {c.title}
                  </Link>
                  <p className="text-sm text-slate-600">
                    {/* No count of days for a completed campaign (its badge says so). */}
                    {[daysLeftText(t, c), t('campaigns.mine.summary', {
                      applications: c.application_count,
                      pending: c.pending_application_count,
                      amount: f.money(c.compensation_cents),
                    })].filter(Boolean).join(' · ')}
                  </p>
                </div>
                <Badge tone={campaignStatusTone(c.status)} className="self-start sm:self-center">
                  {campaignStatusText(t, c.status)}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
