import { ButtonLink } from '@/components/ui/button';
import { FirstSteps } from '@/components/ui/first-steps';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { creatorDashboardCatalog } from '../messages/catalog';

/** A creator who has not applied yet: complete the profile brands choose by, then browse and apply. */
export function CreatorFirstSteps() {
  const { t } = useT(creatorDashboardCatalog);
  return (
    <FirstSteps
      title={t('dashboard-creator.firstSteps.title')}
      lead={t('dashboard-creator.firstSteps.lead')}
      steps={[t('dashboard-creator.firstSteps.profile'), t('dashboard-creator.firstSteps.browse'), t('dashboard-creator.firstSteps.apply')]}
      actions={
        <>
          <ButtonLink to={paths.settings.getHref('profile')}>{t('dashboard-creator.firstSteps.completeProfile')}</ButtonLink>
          <ButtonLink variant="secondary" to={paths.campaigns.getHref()}>
            {t('dashboard-creator.firstSteps.browseCampaigns')}
          </ButtonLink>
        </>
      }
    />
  );
}
