import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ReviewAudience } from '@/components/ui/countdown/countdown-text';
import { ReviewCountdown } from '@/components/ui/countdown/review-countdown';
import { showsReviewCountdown } from '@/lib/countdown';
import { Spinner } from '@/components/ui/spinner';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { awaitsReview } from '../utils/revision-rules';
import { deliverablesCatalog } from '../messages/catalog';
import type { DeliverablesT } from '../messages/deliverables-text';
import type { Deliverable } from '../types';
import { ContentLink } from './content-link';
import { DeliveryProofPanel } from './delivery-proof';
import { DeliverableStatusBadge } from '@/components/ui/status-badges';

/**
 * The deliverables of an application in their three waiting states (loading, failed, none yet), or the
 * list the caller renders. Shared by the brand's review panel and the creator's own list.
 */
export function DeliverablesLoader({ query, loadingLabel, children }: { query: UseQueryResult<Deliverable[]>; loadingLabel: string; children: (items: Deliverable[]) => ReactNode }) {
  const { t } = useT(deliverablesCatalog);
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError) return <p role="alert" className="text-sm text-red-800">{t('deliverables.list.error')}</p>;
  if (query.data.length === 0) return <p className="text-sm text-slate-600">{t('deliverables.list.empty')}</p>;
  return children(query.data);
}

/** How the brand's latest decision text is introduced: what changes were asked, why it was rejected, or plain feedback. */
function feedbackLabel(t: DeliverablesT, status: string, audience: ReviewAudience): string {
  if (status === 'changes_requested') return t(audience === 'brand' ? 'deliverables.brand.changesLabel' : 'deliverables.creator.changesLabel');
  if (status === 'rejected') return t(audience === 'brand' ? 'deliverables.brand.reasonLabel' : 'deliverables.creator.reasonLabel');
  return t(audience === 'brand' ? 'deliverables.brand.feedbackLabel' : 'deliverables.creator.feedbackLabel');
}

/**
 * One deliverable's link, review status, submission date, the creator's note on the latest round and the
 * brand's decision text; while it awaits review on a funded hire (`hireStatus`, lib/countdown's rule), the countdown to its automatic approval
 * for this reader. The decision text of an earlier round is not shown on content back in review: it
 * answered the previous link (the rounds list on the deliverable page keeps it).
 */
export function DeliverableSummary({ deliverable: d, audience, hireStatus }: { deliverable: Deliverable; audience: ReviewAudience; hireStatus: string | null }) {
  const f = useFormat();
  const { t } = useT(deliverablesCatalog);
  const waiting = awaitsReview(d.status);
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <ContentLink url={d.content_url} />
        <DeliverableStatusBadge status={d.status} />
      </div>
      <p className="text-xs text-slate-600">{t('deliverables.submittedOn', { date: f.date(d.created_at) })}</p>
      {showsReviewCountdown({ hireStatus, contentStatus: d.status, reviewDueAt: d.review_due_at }) && <ReviewCountdown dueAt={d.review_due_at!} audience={audience} />}
      <DeliveryProofPanel deliverableId={d.id} audience={audience} />
      {d.note && (
        <p className="rounded bg-slate-50 p-2 text-sm break-words whitespace-pre-line text-slate-800">
          <span className="font-medium">{t(audience === 'brand' ? 'deliverables.brand.noteLabel' : 'deliverables.creator.noteLabel')}</span> {d.note}
        </p>
      )}
      {d.feedback && !waiting && (
        <p
          className={
            d.status === 'changes_requested'
              ? 'rounded border-l-4 border-amber-400 bg-amber-50 p-2 text-sm break-words whitespace-pre-line text-slate-900'
              : 'rounded bg-slate-50 p-2 text-sm break-words whitespace-pre-line text-slate-800'
          }
        >
          <span className="font-medium">{feedbackLabel(t, d.status, audience)}</span> {d.feedback}
        </p>
      )}
    </>
  );
}
