import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/i18n/use-t';
import { adminCatalog } from '../messages/catalog';
import { AdminMoney } from './admin-money';
import { AdminStats } from './admin-stats';
import { CreateBrandDialog } from './create-brand-dialog';
import { PlatformHealth } from './platform-health';
import { PlatformSettingsCard } from './platform-settings-form';
import { RecentActivity } from './recent-activity';
import { UserTable } from './user-table';

/** /dashboard/admin for admins: figures, money, the user table, brand accounts, activity, health and the money settings. */
export function AdminDashboard({ currentUserId }: { currentUserId: string }) {
  const { t } = useT(adminCatalog);
  const [creatingBrand, setCreatingBrand] = useState(false);
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-semibold text-slate-900">{t('admin.title')}</h1>
        <Button onClick={() => setCreatingBrand(true)}>{t('admin.createBrand.title')}</Button>
      </div>
      <AdminStats />
      <AdminMoney />
      <UserTable currentUserId={currentUserId} />
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentActivity />
        <PlatformHealth />
      </div>
      <PlatformSettingsCard />
      {creatingBrand && <CreateBrandDialog onClose={() => setCreatingBrand(false)} />}
    </div>
  );
}
