import { StatCard } from '@/components/ui/stat-card';
import { formatMoney } from '@/lib/format';
import type { AnalyticsTotals } from '../types';
import { formatRate } from '../utils/rate';

/** The brand's totals as stat cards: every figure comes from api.brand_analytics_totals. */
export function AnalyticsSummary({ totals: t }: { totals: AnalyticsTotals }) {
  return (
    <section aria-label="Totals" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard label="Campaigns" value={String(t.campaigns)} hint={`${t.active_campaigns} active`} />
      <StatCard label="Applications" value={String(t.applications_total)} hint={`${t.applications_pending} pending · ${t.applications_accepted} accepted · ${t.applications_rejected} rejected`} />
      <StatCard
        label="Acceptance Rate"
        value={formatRate(t.acceptance_rate)}
        hint={t.acceptance_rate == null ? 'No applications decided yet' : 'Of decided applications'}
      />
      <StatCard label="Amount Paid" value={formatMoney(t.amount_paid_cents)} hint={`${t.deliverables_approved} of ${t.deliverables_submitted} content pieces approved`} />
    </section>
  );
}
