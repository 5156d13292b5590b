import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { campaignsCatalog } from '../messages/catalog';

/** The spec's text for a campaign that failed to load, is missing or is not visible to the user. */
export function CampaignLoadError() {
  const { t } = useT(campaignsCatalog);
  return (
    <Card role="alert" className="mx-auto max-w-xl p-6 text-center">
      <p className="text-slate-800">{t('campaigns.detail.loadError')}</p>
      <ButtonLink to={paths.dashboard.getHref()} className="mt-4">
        {t('campaigns.detail.backToDashboard')}
      </ButtonLink>
    </Card>
  );
}
