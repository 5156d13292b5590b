import { useParams } from 'react-router-dom';
import { ActivityTimeline } from '@/features/activity/components/activity-timeline';
import { DeliverableRevisions } from '@/features/deliverables/components/deliverable-revisions';
import { DisputePanel } from '@/features/disputes/components/dispute-panel';
import { useDeliverable } from '@/features/payments/api/get-deliverable';
import { DeliverableDetailView } from '@/features/payments/components/deliverable-detail-view';
import { HireReviewPanel } from '@/features/reviews/components/hire-review-panel';
import { RequireRole } from '@/lib/authorization';
import { useUser } from '@/lib/auth';

/**
 * /deliverables/{id}: one deliverable for its brand and its creator: the content and its payment, every
 * revision round, the hire's dispute, both sides' reviews and the hire's history.
 */
export function Component() {
  const { id = '' } = useParams();
  const { profile } = useUser();
  return (
    <RequireRole roles={['brand', 'creator']}>
      <DeliverablePage key={id} deliverableId={id} userId={profile?.id} />
    </RequireRole>
  );
}

function DeliverablePage({ deliverableId, userId }: { deliverableId: string; userId: string | undefined }) {
  const { data } = useDeliverable(deliverableId);
  const viewer = data && userId === data.brand_id ? 'brand' : 'creator';
  return (
    <div className="space-y-6">
      <DeliverableDetailView deliverableId={deliverableId} userId={userId} />
      {data && userId && (
        <div className="mx-auto max-w-3xl space-y-6">
          <DeliverableRevisions deliverableId={deliverableId} viewer={viewer} />
          <DisputePanel applicationId={data.application_id} viewerId={userId} />
          <HireReviewPanel applicationId={data.application_id} viewerId={userId} />
          <ActivityTimeline applicationId={data.application_id} viewerId={userId} />
        </div>
      )}
    </div>
  );
}
