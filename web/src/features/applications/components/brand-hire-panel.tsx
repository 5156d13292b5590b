import { type ReactNode, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useHasContent } from '../api/get-has-content';
import type { Hire } from '@contract/hire';
import { applicationsCatalog } from '../messages/catalog';
import type { CampaignApplication } from '../types';
import { type BrandHireNotice, brandHireNotice, canCancel, canFund, cancelReasonOf } from '../utils/hire';
import { CancelHireDialog } from './cancel-hire-dialog';

const look: Record<BrandHireNotice, string> = {
  awaiting_funding: 'border-amber-200 bg-amber-50 text-amber-950',
  funded: 'border-blue-200 bg-blue-50 text-blue-950',
  disputed: 'border-red-200 bg-red-50 text-red-950',
  released: 'border-green-200 bg-green-50 text-green-950',
  released_auto: 'border-green-200 bg-green-50 text-green-950',
  released_dispute: 'border-green-200 bg-green-50 text-green-950',
  refund_pending: 'border-slate-200 bg-slate-50 text-slate-800',
  refunded: 'border-slate-200 bg-slate-50 text-slate-800',
  canceled: 'border-slate-200 bg-slate-50 text-slate-800',
  charged_back: 'border-red-200 bg-red-50 text-red-950',
};

export interface BrandHirePanelProps {
  application: CampaignApplication;
  hire: Hire;
  /** The card checkout funding this hire (from the payments feature); without it there is no Fund action. */
  renderFunding?: (application: CampaignApplication) => ReactNode;
}

/**
 * The brand's side of a paid hire: where the money is, with Fund (opens the checkout below) while it
 * awaits funding and Cancel hire until content is submitted; after a cancellation, the reason given.
 */
export function BrandHirePanel({ application: a, hire, renderFunding }: BrandHirePanelProps) {
  const f = useFormat();
  const regionId = useId();
  const checkoutId = useId();
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const [funding, setFunding] = useState(false);
  // The hire as it was when the dialog opened: what it says must not change under the brand's eyes when
  // the list refreshes after the cancellation.
  const [canceling, setCanceling] = useState<Hire | null>(null);
  const content = useHasContent(a.id, hire.status === 'funded');
  const { t } = useT(applicationsCatalog);

  const notice = brandHireNotice(hire);
  const name = a.creator.full_name;
  const fundable = canFund(hire) && renderFunding !== undefined;
  // A funded hire can be canceled once we know no content was submitted; the server checks again.
  const cancelable = canCancel(hire, hire.status === 'funded' ? content.data !== false : false);
  const reason = notice === 'refund_pending' || notice === 'refunded' || notice === 'canceled' ? cancelReasonOf(hire, a.cancel_reason) : null;
  const values = {
    amount: f.money(hire.amount_cents),
    net: f.money(hire.creator_cents),
    fee: f.money(hire.fee_cents),
    name,
    date: hire.released_at ? f.date(hire.released_at) : '',
  };

  return (
    <section aria-labelledby={regionId} className={cn('rounded-md border p-3 text-sm', look[notice])}>
      <h4 id={regionId} className="sr-only">
        {t('applications.hire.region', { name })}
      </h4>
      <p ref={noticeRef} tabIndex={-1} className="outline-none">
        {t(`applications.hire.brand.${notice}`, values)}
      </p>
      {reason && <p className="mt-1 break-words whitespace-pre-line">{t('applications.hire.brand.reason', { reason })}</p>}
      {(fundable || cancelable) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {fundable && (
            <Button size="sm" aria-expanded={funding} aria-controls={checkoutId} onClick={() => setFunding((open) => !open)}>
              {funding ? t('applications.hire.fund.hide') : t('applications.hire.fund', { amount: values.amount })}
            </Button>
          )}
          {cancelable && (
            <Button size="sm" variant="secondary" className="text-red-700" onClick={() => setCanceling(hire)}>
              {t('applications.hire.cancel')}
            </Button>
          )}
        </div>
      )}
      {fundable && (
        <div id={checkoutId} hidden={!funding} className="mt-3 rounded-md border border-slate-200 bg-white p-4 text-slate-900">
          {funding && renderFunding?.(a)}
        </div>
      )}
      <CancelHireDialog
        open={canceling !== null}
        applicationId={a.id}
        creatorName={name}
        hire={canceling ?? hire}
        onClose={() => setCanceling(null)}
        onCanceled={() => {
          setCanceling(null);
          setFunding(false);
          // The Cancel button is gone: put focus on the hire's new state rather than lose it.
          setTimeout(() => noticeRef.current?.focus(), 50);
        }}
      />
    </section>
  );
}
