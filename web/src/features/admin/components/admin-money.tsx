import type { ReactNode } from 'react';
import { StatCard } from '@/components/ui/stat-card';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useAdminMoney } from '../api/money';
import { adminErrorText } from '../messages/admin-text';
import { adminCatalog } from '../messages/catalog';
import { StripeReconcile } from './stripe-reconcile';

/**
 * The platform's money from the ledger: what is held for hires, what the fees earned, what creators are
 * owed, payouts that failed, payout accounts to look at, and whether every ledger transaction balances.
 */
export function AdminMoney() {
  const f = useFormat();
  const { data, error, isPending } = useAdminMoney();
  const { t } = useT(adminCatalog);
  if (error) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('admin.money.loadError', { reason: adminErrorText(t, error) })}
      </p>
    );
  }
  const v = (render: (d: NonNullable<typeof data>) => ReactNode) => (isPending || !data ? '…' : render(data));
  const warn = (n: number, text: string) => <span className={n > 0 ? 'text-red-700' : undefined}>{text}</span>;
  return (
    <section aria-labelledby="admin-money" aria-busy={isPending} className="space-y-3">
      <h2 id="admin-money" className="text-lg font-semibold text-slate-900">
        {t('admin.money.title')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <StatCard label={t('admin.money.heldInEscrow')} value={v((d) => f.money(d.held_in_escrow_cents))} hint={t('admin.money.heldInEscrow.hint')} />
        <StatCard
          label={t('admin.money.feesEarned')}
          value={v((d) => f.money(d.fees_earned_cents))}
          hint={data && t('admin.money.losses', { amount: f.money(data.platform_losses_cents) })}
        />
        <StatCard
          label={t('admin.money.owedToCreators')}
          value={v((d) => f.money(d.owed_to_creators_cents))}
          hint={data && t('admin.money.inTransit', { inTransit: f.money(data.in_transit_cents), paidOut: f.money(data.paid_out_cents) })}
        />
        <StatCard
          label={t('admin.money.failedPayouts')}
          value={v((d) => warn(d.failed_payouts, f.number(d.failed_payouts)))}
          hint={data && t('admin.money.failedPayouts.hint', { amount: f.money(data.failed_payouts_cents) })}
        />
        <StatCard
          label={t('admin.money.accountsNeedingAttention')}
          value={v((d) => warn(d.accounts_needing_attention, f.number(d.accounts_needing_attention)))}
          hint={t('admin.money.accountsNeedingAttention.hint')}
        />
        <StatCard
          label={t('admin.money.ledger')}
          value={v((d) =>
            d.unbalanced_transactions === 0 ? (
              <span className="text-green-700">{t('admin.money.ledger.balanced')}</span>
            ) : (
              warn(d.unbalanced_transactions, t('admin.money.ledger.unbalanced', { count: d.unbalanced_transactions }))
            ),
          )}
          hint={data && t('admin.money.stripeBalance', { amount: f.money(data.stripe_balance_cents) })}
        />
      </div>
      <StripeReconcile />
    </section>
  );
}
