import { useParams } from 'react-router-dom';
import { RequireRole } from '@/lib/authorization';
import { useUser } from '@/lib/auth';
import { DeliverableDetailView } from '@/features/payments/components/deliverable-detail-view';

/** /deliverables/{id}: one deliverable and its payment, for its brand and its creator. */
export function Component() {
  const { id = '' } = useParams();
  const { profile } = useUser();
  return (
    <RequireRole roles={['brand', 'creator']}>
      <DeliverableDetailView key={id} deliverableId={id} userId={profile?.id} />
    </RequireRole>
  );
}
