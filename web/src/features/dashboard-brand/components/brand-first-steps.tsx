import { ButtonLink } from '@/components/ui/button';
import { FirstSteps } from '@/components/ui/first-steps';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { brandDashboardCatalog } from '../messages/catalog';

/** A brand without campaigns: create the first one, and what follows it (publish, review, fund and approve). */
export function BrandFirstSteps() {
  const { t } = useT(brandDashboardCatalog);
  return (
    <FirstSteps
      title={t('dashboard-brand.firstSteps.title')}
      lead={t('dashboard-brand.firstSteps.lead')}
      steps={[t('dashboard-brand.firstSteps.publish'), t('dashboard-brand.firstSteps.review'), t('dashboard-brand.firstSteps.fund')]}
      actions={<ButtonLink to={paths.campaignCreate.getHref()}>{t('dashboard-brand.firstSteps.create')}</ButtonLink>}
    />
  );
}
