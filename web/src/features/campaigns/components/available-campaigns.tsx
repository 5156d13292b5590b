import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { useBrowseCampaigns } from '../api/browse-campaigns';
import { contentTypeText } from '../messages/campaign-text';
import { campaignsCatalog } from '../messages/catalog';
import { CampaignFacts } from './campaign-facts';

/** The first three open campaigns, for the creator dashboard (spec: "Available Campaigns (first 3)"). */
export function AvailableCampaigns() {
  const { data, isPending, isError } = useBrowseCampaigns({ page_size: 3 });
  const { t } = useT(campaignsCatalog);
  return (
    <section aria-labelledby="available-campaigns">
      <div className="flex items-center justify-between gap-3">
        <h2 id="available-campaigns" className="text-lg font-semibold text-slate-900">
          {t('campaigns.available.title')}
        </h2>
        <Link to={paths.campaigns.getHref()} className="shrink-0 text-sm font-medium text-brand-700 hover:underline">
          {t('campaigns.available.browseAll')}
        </Link>
      </div>
      <div className="mt-3">
        {isPending ? (
          <Spinner label={t('campaigns.loading')} />
        ) : isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t('campaigns.loadFailed')}
          </p>
        ) : data.length === 0 ? (
          <p className="text-sm text-slate-600">{t('campaigns.available.empty')}</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-3">
            {data.map((c) => (
              <li key={c.id}>
                <Card className="flex h-full flex-col p-5">
                  <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">{contentTypeText(t, c.content_type)}</p>
                  <h3 className="mt-1 font-semibold text-slate-900">{c.title}</h3>
                  <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
                    <Avatar src={c.brand_logo_url} name={c.brand_name} size="sm" decorative />
                    <span className="min-w-0 break-words">{c.brand_name}</span>
                  </p>
                  <CampaignFacts campaign={c} />
                  <ButtonLink
                    to={paths.campaign.getHref(c.id)}
                    variant={c.has_applied ? 'secondary' : 'primary'}
                    className="mt-4 w-full"
                    aria-label={t(c.has_applied ? 'campaigns.card.viewDetails.label' : 'campaigns.card.viewDetailsApply.label', { title: c.title })}
                  >
                    {t(c.has_applied ? 'campaigns.card.viewDetails' : 'campaigns.card.viewDetailsApply')}
                  </ButtonLink>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
