import { DashboardWelcome } from '@/app/components/dashboard-welcome';
import { useMyApplications } from '@/features/applications/api/get-my-applications';
import { MyActiveGigs } from '@/features/applications/components/my-active-gigs';
import { AvailableCampaigns } from '@/features/campaigns/components/available-campaigns';
import { CreatorCharts } from '@/features/dashboard-creator/components/creator-charts';
import { CreatorFirstSteps } from '@/features/dashboard-creator/components/creator-first-steps';
import { CreatorStats } from '@/features/dashboard-creator/components/creator-stats';
import { RequireRole } from '@/lib/authorization';
import { appCatalog } from '@/app/messages/catalog';
import { useT } from '@/i18n/use-t';

/**
 * /dashboard/creator: figures, the year in charts, the first three open campaigns, and the creator's applications.
 * A creator who has not applied yet is led to complete the profile and browse, above the open campaigns.
 */
export function Component() {
  const { t } = useT(appCatalog);
  return (
    <RequireRole roles={['creator']}>
      <div className="space-y-8">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t('app.creatorDashboard.title')}</h1>
          <DashboardWelcome />
        </div>
        <CreatorDashboardBody />
      </div>
    </RequireRole>
  );
}

function CreatorDashboardBody() {
  const applications = useMyApplications();
  if (applications.data?.length === 0) {
    return (
      <>
        <CreatorFirstSteps />
        <AvailableCampaigns />
      </>
    );
  }
  return (
    <>
      <CreatorStats />
      <CreatorCharts />
      <AvailableCampaigns />
      <MyActiveGigs />
    </>
  );
}
