import { StatCard } from '@/components/ui/stat-card';
import { formatMoney } from '@/lib/format';
import { useCreatorDashboard } from '../api/get-creator-dashboard';

/** The four figures of the creator dashboard. The rating says so honestly when there is no review yet. */
export function CreatorStats() {
  const { data, isPending, isError } = useCreatorDashboard();
  if (isError) return <p role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-800">Could not load your figures. Please reload the page.</p>;
  const v = (render: () => string) => (isPending ? '—' : render());
  return (
    <section aria-label="Your figures" aria-busy={isPending} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard label="Active Gigs" value={v(() => String(data!.active_gigs))} />
      <StatCard label="Completed Jobs" value={v(() => String(data!.completed_jobs))} />
      <StatCard
        label="Rating"
        value={v(() => (data!.rating == null ? 'No reviews yet' : `${Number(data!.rating).toFixed(1)}/5`))}
        hint={data && data.rating != null ? `${data.review_count} review${data.review_count === 1 ? '' : 's'}` : undefined}
      />
      <StatCard label="Total Earnings" value={v(() => formatMoney(data!.total_earnings_cents))} />
    </section>
  );
}
