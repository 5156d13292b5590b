import type { ReactNode } from 'react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/i18n/use-t';
import { adminCatalog } from '../messages/catalog';
import { AdminCharts } from './admin-charts';
import { AdminMoney } from './admin-money';
import { AdminStats } from './admin-stats';
import { AuditLog } from './audit-log';
import { BrandQueue } from './brand-queue';
import { CreateBrandDialog } from './create-brand-dialog';
import { PlatformHealth } from './platform-health';
import { PlatformSettingsCard } from './platform-settings-form';
import { RecentActivity } from './recent-activity';
import { RemovedPosts } from './removed-posts';
import { TaxFormsAttention } from './tax-forms-attention';
import { UserTable } from './user-table';

/** /dashboard/admin for admins: figures, brands waiting for approval, tax forms, disputes, removed posts, money, charts over time, the user table, brand accounts, activity, health, the money settings and the audit log. */
/**
 * disputes and reviews: the dispute queue and review moderation, owned by their own features and placed
 * here by the route (a feature does not import another's internals).
 */
export function AdminDashboard({ currentUserId, disputes, reviews }: { currentUserId: string; disputes?: ReactNode; reviews?: ReactNode }) {
  const [creatingBrand, setCreatingBrand] = useState(false);
  const { t } = useT(adminCatalog);
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-semibold text-slate-900">{t('admin.title')}</h1>
        <Button onClick={() => setCreatingBrand(true)}>{t('admin.createBrand.title')}</Button>
      </div>
      <AdminStats />
      <BrandQueue />
      <TaxFormsAttention />
      {disputes}
      <RemovedPosts />
      <AdminMoney />
      <AdminCharts />
      <UserTable currentUserId={currentUserId} />
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentActivity />
        <PlatformHealth />
      </div>
      {reviews}
      <PlatformSettingsCard />
      <AuditLog />
      {creatingBrand && <CreateBrandDialog onClose={() => setCreatingBrand(false)} />}
    </div>
  );
}
