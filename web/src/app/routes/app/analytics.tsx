import { paths } from '@/config/paths';
import { BrandAnalytics } from '@/features/analytics/components/brand-analytics';
import { RequireRole } from '@/lib/authorization';
import { appCatalog } from '@/app/messages/catalog';
import { useT } from '@/i18n/use-t';

/** /analytics: the brand's figures per campaign and in total. Brands only (the database refuses others too). */
export function Component() {
  const { t } = useT(appCatalog);
  return (
    <RequireRole roles={['brand']}>
      <div className="space-y-6">
        <h1 className="text-2xl font-bold text-slate-900">{t('app.analytics.title')}</h1>
        <BrandAnalytics createCampaignHref={paths.campaignCreate.getHref()} campaignHref={paths.campaign.getHref} />
      </div>
    </RequireRole>
  );
}
