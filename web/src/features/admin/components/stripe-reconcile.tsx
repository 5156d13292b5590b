import { Button } from '@/components/ui/button';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useReconcile } from '../api/reconcile';
import { adminErrorText } from '../messages/admin-text';
import { adminCatalog } from '../messages/catalog';

/**
 * "Compare with Stripe": the reconciliation report on request, with each drift named (a webhook that
 * never arrived, a change made in Stripe's dashboard, a payment Stripe has never seen).
 */
export function StripeReconcile() {
  const f = useFormat();
  const check = useReconcile();
  const { t } = useT(adminCatalog);
  const report = check.data;
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-slate-700">{t('admin.reconcile.lead')}</p>
        <Button variant="secondary" onClick={() => check.mutate()} disabled={check.isPending}>
          {check.isPending ? t('admin.reconcile.checking') : t('admin.reconcile.run')}
        </Button>
      </div>
      <div aria-live="polite">
        {check.error && (
          <p role="alert" className="text-red-700">
            {t('admin.reconcile.error', { reason: adminErrorText(t, check.error) })}
          </p>
        )}
        {report && (
          <>
            <p className={report.ok ? 'font-medium text-green-700' : 'font-medium text-red-700'}>
              {report.ok
                ? t('admin.reconcile.ok', { payments: f.number(report.checked.payments), payouts: f.number(report.checked.payouts) })
                : t('admin.reconcile.drift', { count: report.drift.length })}
            </p>
            {report.drift.length > 0 && (
              <ul className="mt-2 space-y-1 break-words text-slate-700">
                {report.drift.map((d) => (
                  <li key={`${d.kind}-${d.id}`}>
                    {t(`admin.reconcile.kind.${d.kind}`)} <code className="text-xs">{d.stripeId ?? d.id}</code>:{' '}
                    {t('admin.reconcile.compare', { ours: d.ours, stripe: d.stripe })}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </div>
  );
}
