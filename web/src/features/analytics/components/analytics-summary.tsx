import { StatCard } from '@/components/ui/stat-card';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { analyticsCatalog } from '../messages/catalog';
import type { AnalyticsTotals } from '../types';
import { formatRate } from '../utils/rate';

/** The brand's totals as stat cards: every figure comes from api.brand_analytics_totals. */
export function AnalyticsSummary({ totals: s }: { totals: AnalyticsTotals }) {
  const f = useFormat();
  const { t } = useT(analyticsCatalog);
  return (
    <section aria-label={t('analytics.totals')} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard label={t('analytics.totals.campaigns')} value={String(s.campaigns)} hint={t('analytics.totals.active', { count: s.active_campaigns })} />
      <StatCard
        label={t('analytics.totals.applications')}
        value={String(s.applications_total)}
        hint={t('analytics.totals.applicationsHint', { pending: s.applications_pending, accepted: s.applications_accepted, rejected: s.applications_rejected })}
      />
      <StatCard
        label={t('analytics.totals.acceptanceRate')}
        value={formatRate(s.acceptance_rate)}
        hint={t(s.acceptance_rate == null ? 'analytics.totals.noneDecided' : 'analytics.totals.ofDecided')}
      />
      <StatCard
        label={t('analytics.totals.released')}
        value={f.money(s.amount_paid_cents)}
        hint={t('analytics.totals.contentApproved', { approved: s.deliverables_approved, submitted: s.deliverables_submitted })}
      />
    </section>
  );
}
