import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { MyCampaignsList } from '@/features/campaigns/components/my-campaigns-list';
import { RecommendedCreators } from '@/features/campaigns/components/recommended-creators';
import { BrandStats } from '@/features/dashboard-brand/components/brand-stats';
import { RequireRole } from '@/lib/authorization';

/** /dashboard/brand: the brand's figures, its campaigns and creators worth inviting. */
export function Component() {
  return (
    <RequireRole roles={['brand']}>
      <div className="space-y-8">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-2xl font-bold text-slate-900">Brand Dashboard</h1>
          <ButtonLink to={paths.campaignCreate.getHref()}>Create Campaign</ButtonLink>
        </div>
        <BrandStats />
        <MyCampaignsList />
        <RecommendedCreators />
      </div>
    </RequireRole>
  );
}
