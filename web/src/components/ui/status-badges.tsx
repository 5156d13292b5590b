import { HIRE_STATUS_TONES, type HireStatus } from '@contract/hire-states';
import { commonCatalog } from '@/i18n/common-catalog';
import { useT } from '@/i18n/use-t';
import { Badge, type BadgeTone } from './badge';
import { deliverableStatusWord } from './status-words';

/** A hire's state (Awaiting funding, Funded, In dispute, Released, Refund pending, Refunded, Canceled, Charged back) as a badge. */
export function HireStatusBadge({ status }: { status: HireStatus }) {
  const { t } = useT(commonCatalog);
  return <Badge tone={HIRE_STATUS_TONES[status]}>{t(`common.hire.status.${status}`)}</Badge>;
}

const DELIVERABLE_TONES: Record<ReturnType<typeof deliverableStatusWord>, BadgeTone> = {
  pending: 'yellow',
  changes_requested: 'yellow',
  approved: 'green',
  rejected: 'red',
  closed: 'neutral',
};

/**
 * Content's review state as a badge, the same words on every screen: awaiting review (pending, or the
 * legacy submitted), changes requested, approved, rejected, or closed (content nobody reviews any more:
 * its hire closed without the brand's decision, contract/hire.ts contentReviewState).
 */
export function DeliverableStatusBadge({ status }: { status: string }) {
  const { t } = useT(commonCatalog);
  const word = deliverableStatusWord(status);
  return <Badge tone={DELIVERABLE_TONES[word]}>{t(`common.deliverable.status.${word}`)}</Badge>;
}
