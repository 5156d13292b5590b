import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { deliverablesCatalog } from '../messages/catalog';
import type { Deliverable } from '../types';
import { ContentLink } from './content-link';
import { DeliverableStatusBadge } from './deliverable-status-badge';
import type { ReviewAudience } from '@/components/ui/countdown/countdown-text';
import { ReviewCountdown } from '@/components/ui/countdown/review-countdown';

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

/**
 * One deliverable's link, review status, submission date and the brand's feedback, if any; while it
 * awaits review on a funded hire, the countdown to its automatic approval for this reader.
 */
export function DeliverableSummary({ deliverable: d, feedbackLabel, audience }: { deliverable: Deliverable; feedbackLabel: string; audience: ReviewAudience }) {
  const { t } = useT(deliverablesCatalog);
  const f = useFormat();
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <ContentLink url={d.content_url} />
        <DeliverableStatusBadge status={d.status} />
      </div>
      <p className="text-xs text-slate-600">{t('deliverables.submittedOn', { date: f.date(d.created_at) })}</p>
      {d.review_due_at && (d.status === 'pending' || d.status === 'submitted') && <ReviewCountdown dueAt={d.review_due_at} audience={audience} />}
      {d.feedback && (
        <p className="rounded bg-slate-50 p-2 text-sm text-slate-800">
          <span className="font-medium">{feedbackLabel}</span> {d.feedback}
        </p>
      )}
    </>
  );
}
