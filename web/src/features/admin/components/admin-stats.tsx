import { StatCard } from '@/components/ui/stat-card';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useAdminStats } from '../api/get-admin-overview';
import { adminErrorText } from '../messages/admin-text';
import { adminCatalog } from '../messages/catalog';

/** Four live figures: users by role, active campaigns, applications, payments this month. */
export function AdminStats() {
  const f = useFormat();
  const { data, error, isPending } = useAdminStats();
  const { t } = useT(adminCatalog);
  if (error) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('admin.stats.loadError', { reason: adminErrorText(t, error) })}
      </p>
    );
  }
  const value = (n: number | undefined) => (isPending ? '…' : f.number(n ?? 0));
  return (
    <section aria-label={t('admin.stats.label')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label={t('admin.stats.totalUsers')}
        value={value(data?.total_users)}
        hint={data && t('admin.stats.usersByRole', { brands: data.brands, creators: data.creators, admins: data.admins })}
      />
      <StatCard label={t('admin.stats.activeCampaigns')} value={value(data?.active_campaigns)} />
      <StatCard
        label={t('admin.stats.applications')}
        value={value(data?.applications)}
        hint={data && t('admin.stats.pendingReview', { count: data.pending_applications })}
      />
      <StatCard
        label={t('admin.stats.paymentsThisMonth')}
        value={value(data?.payments_this_month)}
        hint={data && t('admin.stats.paid', { amount: f.money(data.paid_this_month_cents) })}
      />
    </section>
  );
}
