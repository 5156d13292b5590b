import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { useApplicationDeliverables } from '../api/get-application-deliverables';
import { useReviewDeliverable, type ReviewDecision } from '../api/review-deliverable';
import { deliverablesCatalog } from '../messages/catalog';
import { deliverableErrorText } from '../messages/deliverables-text';
import type { Deliverable } from '../types';
import { DeliverablesLoader, DeliverableSummary } from './deliverable-summary';

/**
 * The brand's view of an accepted creator's content: each link with its status; content waiting for review
 * can be approved or rejected with feedback (with its automatic approval counting down on a funded hire);
 * approved content links to its payment screen. On a hire paid through escrow (`paidThroughEscrow`),
 * approving is the payment: the link only views the content.
 */
export function BrandDeliverablesPanel({ applicationId, creatorName, paidThroughEscrow = false }: { applicationId: string; creatorName: string; paidThroughEscrow?: boolean }) {
  const { t } = useT(deliverablesCatalog);
  const query = useApplicationDeliverables(applicationId);
  return (
    <section aria-label={t('deliverables.brand.region', { name: creatorName })} className="rounded-md border border-slate-200 bg-slate-50 p-3">
      <h4 className="text-sm font-semibold text-slate-900">{t('deliverables.submittedContent')}</h4>
      <div className="mt-2">
        <DeliverablesLoader query={query} loadingLabel={t('deliverables.brand.loading')}>
          {(items) => (
            <ul className="space-y-3">
              {items.map((d) => (
                <li key={d.id}>
                  <ReviewableDeliverable deliverable={d} applicationId={applicationId} paidThroughEscrow={paidThroughEscrow} />
                </li>
              ))}
            </ul>
          )}
        </DeliverablesLoader>
      </div>
    </section>
  );
}

function ReviewableDeliverable({ deliverable: d, applicationId, paidThroughEscrow }: { deliverable: Deliverable; applicationId: string; paidThroughEscrow: boolean }) {
  const { t } = useT(deliverablesCatalog);
  const [feedback, setFeedback] = useState('');
  const feedbackId = useId();
  const review = useReviewDeliverable(applicationId, {
    onSuccess: (status: ReviewDecision) => {
      setFeedback('');
      toast({
        title: t('deliverables.brand.toast.updated'),
        description: t(status === 'approved' ? 'deliverables.brand.toast.approved' : 'deliverables.brand.toast.rejected'),
      });
    },
    onError: (error) => toast({ title: t('deliverables.brand.toast.failed'), description: deliverableErrorText(t, 'review', error), variant: 'destructive' }),
  });
  const reviewable = d.status === 'pending' || d.status === 'submitted';
  return (
    <article className="space-y-2 rounded-md border border-slate-200 bg-white p-3">
      <DeliverableSummary deliverable={d} feedbackLabel={t('deliverables.brand.feedbackLabel')} audience="brand" />
      {reviewable && (
        <div className="space-y-2">
          {(paidThroughEscrow || d.review_due_at) && <p className="text-xs text-slate-600">{t('deliverables.brand.escrowNote')}</p>}
          <TextAreaField id={feedbackId} label={t('deliverables.brand.feedbackField')} rows={2} value={feedback} maxLength={5000} onChange={(e) => setFeedback(e.target.value)} />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" pending={review.isPending && review.variables?.status === 'approved'} disabled={review.isPending} onClick={() => review.mutate({ deliverableId: d.id, status: 'approved', feedback })}>
              {t('deliverables.brand.approve')}
            </Button>
            <Button size="sm" variant="secondary" pending={review.isPending && review.variables?.status === 'rejected'} disabled={review.isPending} onClick={() => review.mutate({ deliverableId: d.id, status: 'rejected', feedback })}>
              {t('deliverables.brand.reject')}
            </Button>
          </div>
        </div>
      )}
      {d.status === 'approved' &&
        (paidThroughEscrow ? (
          <Link to={paths.deliverable.getHref(d.id)} className={buttonClasses('secondary', 'sm')}>
            {t('deliverables.brand.viewDeliverable')}
          </Link>
        ) : (
          <Link to={paths.deliverable.getHref(d.id)} className={buttonClasses('primary', 'sm')}>
            {t('deliverables.brand.payCreator')}
          </Link>
        ))}
    </article>
  );
}
