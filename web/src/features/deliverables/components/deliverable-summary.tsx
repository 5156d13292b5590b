import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import type { Deliverable } from '../types';
import { ContentLink } from './content-link';
import { DeliverableStatusBadge } from './deliverable-status-badge';

/**
 * The deliverables of an application in their three waiting states (loading, failed, none yet), or the
 * list the caller renders. Shared by the brand's review panel and the creator's own list.
 */
export function DeliverablesLoader({ query, loadingLabel, children }: { query: UseQueryResult<Deliverable[]>; loadingLabel: string; children: (items: Deliverable[]) => ReactNode }) {
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError) return <p role="alert" className="text-sm text-red-800">Error loading deliverables.</p>;
  if (query.data.length === 0) return <p className="text-sm text-slate-600">No content submitted yet.</p>;
  return children(query.data);
}

/** One deliverable's link, review status, submission date and the brand's feedback, if any. */
export function DeliverableSummary({ deliverable: d, feedbackLabel }: { deliverable: Deliverable; feedbackLabel: string }) {
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <ContentLink url={d.content_url} />
        <DeliverableStatusBadge status={d.status} />
      </div>
      <p className="text-xs text-slate-600">Submitted {formatDate(d.created_at)}</p>
      {d.feedback && (
        <p className="rounded bg-slate-50 p-2 text-sm text-slate-800">
          <span className="font-medium">{feedbackLabel}</span> {d.feedback}
        </p>
      )}
    </>
  );
}
