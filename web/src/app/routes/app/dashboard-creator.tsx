import { MyActiveGigs } from '@/features/applications/components/my-active-gigs';
import { AvailableCampaigns } from '@/features/campaigns/components/available-campaigns';
import { CreatorCharts } from '@/features/dashboard-creator/components/creator-charts';
import { CreatorStats } from '@/features/dashboard-creator/components/creator-stats';
import { RequireRole } from '@/lib/authorization';
import { useUser } from '@/lib/auth';
import { appCatalog } from '@/app/messages/catalog';
import { useT } from '@/i18n/use-t';

/** /dashboard/creator: figures, the year in charts, the first three open campaigns, and the creator's applications. */
export function Component() {
  const { profile } = useUser();
  const { t } = useT(appCatalog);
  return (
    <RequireRole roles={['creator']}>
      <div className="space-y-8">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t('app.creatorDashboard.title')}</h1>
          {profile && <p className="mt-1 text-slate-600">{t('app.creatorDashboard.welcome', { name: profile.full_name })}</p>}
        </div>
        <CreatorStats />
        <CreatorCharts />
        <AvailableCampaigns />
        <MyActiveGigs />
      </div>
    </RequireRole>
  );
}
