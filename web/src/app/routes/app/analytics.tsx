import { paths } from '@/config/paths';
import { BrandAnalytics } from '@/features/analytics/components/brand-analytics';
import { RequireRole } from '@/lib/authorization';

/** /analytics: the brand's figures per campaign and in total. Brands only (the database refuses others too). */
export function Component() {
  return (
    <RequireRole roles={['brand']}>
      <div className="space-y-6">
        <h1 className="text-2xl font-bold text-slate-900">Analytics</h1>
        <BrandAnalytics createCampaignHref={paths.campaignCreate.getHref()} campaignHref={paths.campaign.getHref} />
      </div>
    </RequireRole>
  );
}
