import { StatCard } from '@/components/ui/stat-card';
import { formatMoney } from '@/lib/format';
import { useBrandDashboard } from '../api/get-brand-dashboard';

/**
 * The four figures of the brand dashboard, all real: working creators are distinct accepted creators,
 * content delivered counts approved deliverables, total spent sums completed payments.
 */
export function BrandStats() {
  const { data, isPending, isError } = useBrandDashboard();
  if (isError) return <p role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-800">Could not load your figures. Please reload the page.</p>;
  const v = (render: () => string) => (isPending ? '—' : render());
  return (
    <section aria-label="Your figures" aria-busy={isPending} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard label="Active Campaigns" value={v(() => String(data!.active_campaigns))} />
      <StatCard label="Working Creators" value={v(() => String(data!.working_creators))} />
      <StatCard label="Content Delivered" value={v(() => String(data!.content_delivered))} />
      <StatCard label="Total Spent" value={v(() => formatMoney(data!.total_spent_cents))} />
    </section>
  );
}
