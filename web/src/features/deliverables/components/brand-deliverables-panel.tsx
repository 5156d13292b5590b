import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useApplicationDeliverables } from '../api/get-application-deliverables';
import { useReviewDeliverable, type ReviewDecision } from '../api/review-deliverable';
import type { Deliverable } from '../types';
import { DeliverablesLoader, DeliverableSummary } from './deliverable-summary';

/**
 * The brand's view of an accepted creator's content: each link with its status; content waiting for review
 * can be approved or rejected with feedback; approved content links to its payment screen.
 */
export function BrandDeliverablesPanel({ applicationId, creatorName }: { applicationId: string; creatorName: string }) {
  const query = useApplicationDeliverables(applicationId);
  return (
    <section aria-label={`Content from ${creatorName}`} className="rounded-md border border-slate-200 bg-slate-50 p-3">
      <h4 className="text-sm font-semibold text-slate-900">Submitted content</h4>
      <div className="mt-2">
        <DeliverablesLoader query={query} loadingLabel="Loading content...">
          {(items) => (
            <ul className="space-y-3">
              {items.map((d) => (
                <li key={d.id}>
                  <ReviewableDeliverable deliverable={d} applicationId={applicationId} />
                </li>
              ))}
            </ul>
          )}
        </DeliverablesLoader>
      </div>
    </section>
  );
}

function ReviewableDeliverable({ deliverable: d, applicationId }: { deliverable: Deliverable; applicationId: string }) {
  const [feedback, setFeedback] = useState('');
  const feedbackId = useId();
  const review = useReviewDeliverable(applicationId, {
    onSuccess: (status: ReviewDecision) => {
      setFeedback('');
      toast({ title: 'Status updated', description: status === 'approved' ? 'The content has been approved.' : 'The content has been rejected.' });
    },
    onError: (error) => toast({ title: 'Error updating status', description: error.message, variant: 'destructive' }),
  });
  const reviewable = d.status === 'pending' || d.status === 'submitted';
  return (
    <article className="space-y-2 rounded-md border border-slate-200 bg-white p-3">
      <DeliverableSummary deliverable={d} feedbackLabel="Feedback:" />
      {reviewable && (
        <div className="space-y-2">
          <TextAreaField id={feedbackId} label="Feedback (optional)" rows={2} value={feedback} maxLength={5000} onChange={(e) => setFeedback(e.target.value)} />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" pending={review.isPending && review.variables?.status === 'approved'} disabled={review.isPending} onClick={() => review.mutate({ deliverableId: d.id, status: 'approved', feedback })}>
              Approve
            </Button>
            <Button size="sm" variant="secondary" pending={review.isPending && review.variables?.status === 'rejected'} disabled={review.isPending} onClick={() => review.mutate({ deliverableId: d.id, status: 'rejected', feedback })}>
              Reject
            </Button>
          </div>
        </div>
      )}
      {d.status === 'approved' && (
        <Link to={paths.deliverable.getHref(d.id)} className={buttonClasses('primary', 'sm')}>
          Pay creator
        </Link>
      )}
    </article>
  );
}
