import { StatCard } from '@/components/ui/stat-card';
import { formatMoney } from '@/lib/format';
import { useAdminStats } from '../api/get-admin-overview';

/** Four live figures: users by role, active campaigns, applications, payments this month. */
export function AdminStats() {
  const { data, error, isPending } = useAdminStats();
  if (error) return <p role="alert" className="text-sm text-red-700">Could not load the platform figures: {error.message}</p>;
  const value = (n: number | undefined) => (isPending ? '…' : (n ?? 0).toLocaleString('en-US'));
  return (
    <section aria-label="Platform figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard label="Total Users" value={value(data?.total_users)} hint={data && `${data.brands} brands · ${data.creators} creators · ${data.admins} admins`} />
      <StatCard label="Active Campaigns" value={value(data?.active_campaigns)} />
      <StatCard label="Applications" value={value(data?.applications)} hint={data && `${data.pending_applications} pending review`} />
      <StatCard label="Payments This Month" value={value(data?.payments_this_month)} hint={data && `${formatMoney(data.paid_this_month_cents)} paid`} />
    </section>
  );
}
