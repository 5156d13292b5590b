import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { cn } from '@/components/ui/cn';
import type { Hire } from '@contract/hire';
import { applicationsCatalog } from '../messages/catalog';
import { cancelReasonOf, type CreatorHireNotice as Notice, creatorHireNotice } from '../utils/hire';

const look: Record<Notice, string> = {
  awaiting_funding: 'bg-amber-50 text-amber-900',
  funded: 'bg-blue-50 text-blue-900',
  disputed: 'bg-red-50 text-red-900',
  released: 'bg-green-50 text-green-900',
  released_auto: 'bg-green-50 text-green-900',
  released_dispute: 'bg-green-50 text-green-900',
  refund_pending: 'bg-slate-100 text-slate-800',
  canceled: 'bg-slate-100 text-slate-800',
  charged_back: 'bg-red-50 text-red-900',
};

/**
 * What the creator is told about their hire: waiting for the brand's payment, the money held for them,
 * the money released (and whether automatically), or the brand's cancellation with its reason. A
 * canceled application without a hire says so too. `compact` drops the box, for lists.
 */
export function CreatorHireNotice({ hire, cancelReason, compact }: { hire: Hire | null; cancelReason?: string | null; compact?: boolean }) {
  const f = useFormat();
  const { t } = useT(applicationsCatalog);
  const notice: Notice = hire ? creatorHireNotice(hire) : 'canceled';
  const amount = f.money(hire?.creator_cents ?? 0);
  const reason = notice === 'canceled' || notice === 'refund_pending' ? cancelReasonOf(hire, cancelReason) : null;
  return (
    <div className={cn('text-sm', compact ? 'text-slate-700' : cn('rounded-md p-4', look[notice]))}>
      <p className={compact ? undefined : 'font-medium'}>{t(`applications.hire.creator.${notice}`, { amount })}</p>
      {reason && <p className="mt-1 break-words whitespace-pre-line">{t('applications.hire.creator.reason', { reason })}</p>}
    </div>
  );
}
