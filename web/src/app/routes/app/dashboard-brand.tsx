import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useMyCampaigns } from '@/features/campaigns/api/get-my-campaigns';
import { BrandApprovalBanner } from '@/features/campaigns/components/brand-approval-banner';
import { MyCampaignsList } from '@/features/campaigns/components/my-campaigns-list';
import { RecommendedCreators } from '@/features/campaigns/components/recommended-creators';
import { BrandFirstSteps } from '@/features/dashboard-brand/components/brand-first-steps';
import { BrandMoney } from '@/features/dashboard-brand/components/brand-money';
import { BrandStats } from '@/features/dashboard-brand/components/brand-stats';
import { RequireRole } from '@/lib/authorization';
import { appCatalog } from '@/app/messages/catalog';
import { DashboardWelcome } from '@/app/components/dashboard-welcome';
import { useT } from '@/i18n/use-t';

/**
 * /dashboard/brand: the brand's figures, its campaigns, its money per campaign and creators worth inviting.
 * A brand without campaigns (drafts count) is led to create the first one instead of reading zeros.
 */
export function Component() {
  const { t } = useT(appCatalog);
  return (
    <RequireRole roles={['brand']}>
      <div className="space-y-8">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold text-slate-900">{t('app.brandDashboard.title')}</h1>
            <DashboardWelcome />
          </div>
          <ButtonLink to={paths.campaignCreate.getHref()}>{t('app.brandDashboard.createCampaign')}</ButtonLink>
        </div>
        <BrandApprovalBanner />
        <BrandDashboardBody />
      </div>
    </RequireRole>
  );
}

function BrandDashboardBody() {
  const campaigns = useMyCampaigns();
  if (campaigns.data?.length === 0) {
    return (
      <>
        <BrandFirstSteps />
        <RecommendedCreators />
      </>
    );
  }
  return (
    <>
      <BrandStats />
      <MyCampaignsList />
      <BrandMoney />
      <RecommendedCreators />
    </>
  );
}
