import { StatCard } from '@/components/ui/stat-card';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useBrandDashboard } from '../api/get-brand-dashboard';
import { brandDashboardCatalog } from '../messages/catalog';

/**
 * The four figures of the brand dashboard, all real: working creators are distinct accepted creators,
 * content delivered counts approved deliverables, released to creators is the glossary's "released" (decision 0031).
 */
export function BrandStats() {
  const f = useFormat();
  const { data, isPending, isError } = useBrandDashboard();
  const { t } = useT(brandDashboardCatalog);
  if (isError) {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-800">
        {t('dashboard-brand.error')}
      </p>
    );
  }
  const v = (render: () => string) => (isPending ? '—' : render());
  return (
    <section aria-label={t('dashboard-brand.figures')} aria-busy={isPending} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard label={t('dashboard-brand.activeCampaigns')} value={v(() => f.number(data!.active_campaigns))} />
      <StatCard label={t('dashboard-brand.workingCreators')} value={v(() => f.number(data!.working_creators))} />
      <StatCard label={t('dashboard-brand.contentDelivered')} value={v(() => f.number(data!.content_delivered))} />
      <StatCard label={t('dashboard-brand.releasedToCreators')} value={v(() => f.money(data!.total_spent_cents))} />
    </section>
  );
}
