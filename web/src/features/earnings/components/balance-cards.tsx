import { StatCard } from '@/components/ui/stat-card';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import type { PayoutsOverview } from '../api/earnings-types';
import { earningsCatalog } from '../messages/catalog';

/** Where the creator's money is, left to right in the order it moves: held, available, on its way, paid. */
export function BalanceCards({ overview: o }: { overview: PayoutsOverview }) {
  const f = useFormat();
  const { t } = useT(earningsCatalog);
  return (
    <section aria-labelledby="earnings-balance" className="space-y-3">
      <h2 id="earnings-balance" className="text-lg font-semibold text-slate-900">
        {t('earnings.balance.title')}
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label={t('earnings.balance.inEscrow')} value={f.money(o.in_escrow_cents)} hint={t('earnings.balance.inEscrow.hint')} />
        <StatCard label={t('earnings.balance.available')} value={f.money(o.available_cents)} hint={t('earnings.balance.available.hint')} />
        <StatCard label={t('earnings.balance.inTransit')} value={f.money(o.in_transit_cents)} hint={t('earnings.balance.inTransit.hint')} />
        <StatCard label={t('earnings.balance.paidOut')} value={f.money(o.paid_out_cents)} hint={t('earnings.balance.paidOut.hint')} />
      </div>
    </section>
  );
}
