import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { MyCampaignsList } from '@/features/campaigns/components/my-campaigns-list';
import { RecommendedCreators } from '@/features/campaigns/components/recommended-creators';
import { BrandMoney } from '@/features/dashboard-brand/components/brand-money';
import { BrandStats } from '@/features/dashboard-brand/components/brand-stats';
import { RequireRole } from '@/lib/authorization';
import { appCatalog } from '@/app/messages/catalog';
import { useT } from '@/i18n/use-t';

/** /dashboard/brand: the brand's figures, its campaigns, its money per campaign and creators worth inviting. */
export function Component() {
  const { t } = useT(appCatalog);
  return (
    <RequireRole roles={['brand']}>
      <div className="space-y-8">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-2xl font-bold text-slate-900">{t('app.brandDashboard.title')}</h1>
          <ButtonLink to={paths.campaignCreate.getHref()}>{t('app.brandDashboard.createCampaign')}</ButtonLink>
        </div>
        <BrandStats />
        <MyCampaignsList />
        <BrandMoney />
        <RecommendedCreators />
      </div>
    </RequireRole>
  );
}
