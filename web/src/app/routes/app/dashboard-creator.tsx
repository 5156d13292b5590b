import { MyActiveGigs } from '@/features/applications/components/my-active-gigs';
import { AvailableCampaigns } from '@/features/campaigns/components/available-campaigns';
import { CreatorStats } from '@/features/dashboard-creator/components/creator-stats';
import { RequireRole } from '@/lib/authorization';
import { useUser } from '@/lib/auth';

/** /dashboard/creator: figures, the first three open campaigns, and the creator's applications. */
export function Component() {
  const { profile } = useUser();
  return (
    <RequireRole roles={['creator']}>
      <div className="space-y-8">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Creator Dashboard</h1>
          {profile && <p className="mt-1 text-slate-600">Welcome back, {profile.full_name}.</p>}
        </div>
        <CreatorStats />
        <AvailableCampaigns />
        <MyActiveGigs />
      </div>
    </RequireRole>
  );
}
