import { bpsToPercent } from '@contract/money';
import type { ReactNode } from 'react';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import type { Hire } from '@contract/hire';
import { paymentsCatalog } from '../messages/catalog';
import type { DeliverableDetail } from '../types';
import { hireMoneyFields } from '../utils/hire-money';
import { HireStatusBadge } from '@/components/ui/status-badges';
import { ReviewCountdown } from '@/components/ui/countdown/review-countdown';
import { showsReviewCountdown } from '@/lib/countdown';

/**
 * The payment of content on a hire paid through escrow, for its brand and its creator: the hire's state,
 * what the brand paid, the platform fee and what the creator receives (what they received, from the
 * ledger, once released) and any refund to the brand; while the content awaits review,
 * the countdown to its automatic approval; once released, when (and whether automatically); after a
 * cancellation, the brand's reason.
 */
export function HireSummary({ deliverable: d, hire, isBrand }: { deliverable: DeliverableDetail; hire: Hire; isBrand: boolean }) {
  const f = useFormat();
  const { t } = useT(paymentsCatalog);
  const awaitingReview = showsReviewCountdown({ hireStatus: hire.status, contentStatus: d.status, reviewDueAt: d.review_due_at });
  const released = hire.status === 'released' && hire.released_at;
  const reason = (hire.status === 'refunded' || hire.status === 'canceled' || hire.status === 'refund_pending') && hire.cancel_reason?.trim();
  const state =
    hire.status === 'released'
      ? released
        ? t(releasedKey(hire.release_reason), { date: f.date(hire.released_at!) })
        : null
      : t(`payments.escrow.${hire.status}`);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{t('payments.summary.title')}</h2>
        <HireStatusBadge status={hire.status} />
      </div>
      {awaitingReview && <ReviewCountdown dueAt={d.review_due_at!} audience={isBrand ? 'brand' : 'creator'} />}
      {state && <p className="text-sm text-slate-700">{state}</p>}
      {reason && <p className="text-sm break-words whitespace-pre-line text-slate-700">{t('payments.escrow.reason', { reason })}</p>}
      <dl className="grid gap-4 sm:grid-cols-3">
        {hireMoneyFields(hire, isBrand ? 'brand' : 'creator').map((field) => (
          <Field key={field.key} label={t(field.key, { percent: f.number(bpsToPercent(hire.fee_bps)) })}>
            {field.strong ? <span className="font-semibold">{f.money(field.cents)}</span> : f.money(field.cents)}
          </Field>
        ))}
      </dl>
    </div>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function releasedKey(reason: Hire['release_reason']) {
  if (reason === 'auto_approved') return 'payments.escrow.releasedAuto' as const;
  return reason === 'dispute' ? ('payments.escrow.releasedDispute' as const) : ('payments.escrow.released' as const);
}
