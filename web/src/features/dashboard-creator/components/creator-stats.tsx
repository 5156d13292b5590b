import { StatCard } from '@/components/ui/stat-card';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useCreatorDashboard } from '../api/get-creator-dashboard';
import { creatorDashboardCatalog } from '../messages/catalog';

/** The four figures of the creator dashboard. The rating reads "New" until the first review is published. */
export function CreatorStats() {
  const f = useFormat();
  const { data, isPending, isError } = useCreatorDashboard();
  const { t } = useT(creatorDashboardCatalog);
  if (isError) {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-800">
        {t('dashboard-creator.error')}
      </p>
    );
  }
  const v = (render: () => string) => (isPending ? '—' : render());
  // Like every rating of the app (RatingSummary): "New" until a published review counts, never a made-up number.
  const rating = data?.rating == null || !data.review_count ? null : Number(data.rating);
  return (
    <section aria-label={t('dashboard-creator.figures')} aria-busy={isPending} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard label={t('dashboard-creator.activeGigs')} value={v(() => f.number(data!.active_gigs))} />
      <StatCard label={t('dashboard-creator.completedJobs')} value={v(() => f.number(data!.completed_jobs))} />
      <StatCard
        label={t('dashboard-creator.rating')}
        // One decimal always ("4.0/5", "4,0/5" in Portuguese).
        value={v(() => (rating === null ? t('dashboard-creator.rating.none') : t('dashboard-creator.rating.value', { rating: f.rating(rating) })))}
        hint={data ? (rating === null ? t('dashboard-creator.rating.noneHint') : t('dashboard-creator.rating.reviews', { count: data.review_count })) : undefined}
      />
      <StatCard label={t('dashboard-creator.totalEarnings')} value={v(() => f.money(data!.total_earnings_cents))} />
    </section>
  );
}
