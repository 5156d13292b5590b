import { FormDialog } from '@/components/form-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/i18n/use-t';
import { useDisputedContentUrl } from '../api/dispute-content';
import { useHireDispute } from '../api/hire-dispute';
import { disputesCatalog } from '../messages/catalog';
import { disputeErrorText } from '../messages/disputes-text';
import type { ExistingDispute, QueuedDispute } from '../types';
import { DisputeDetails } from './dispute-details';
import { DisputeStatusBadge } from './dispute-status-badge';
import { DisputeThread } from './dispute-thread';
import { ResolveDisputeForm } from './resolve-dispute-form';

/**
 * An admin reviews one dispute of the queue: the delivered content, what the dispute is about, its
 * thread (where the admin may write), and the decision. Closed while nothing is being reviewed.
 */
export function ResolveDisputeDialog({ queued, onClose }: { queued: QueuedDispute | null; onClose: () => void }) {
  const { t } = useT(disputesCatalog);
  const gone = t('disputes.deletedUser');
  return (
    <FormDialog
      open={queued !== null}
      onClose={onClose}
      size="3xl"
      closeLabel={t('disputes.resolve.close')}
      title={t('disputes.resolve.title')}
      description={
        queued &&
        t('disputes.resolve.subtitle', {
          campaign: queued.campaign_title ?? t('disputes.admin.untitled'),
          brand: queued.brand_name ?? gone,
          creator: queued.creator_name ?? gone,
        })
      }
    >
      {queued && <ReviewBody queued={queued} onClose={onClose} />}
    </FormDialog>
  );
}

function ReviewBody({ queued, onClose }: { queued: QueuedDispute; onClose: () => void }) {
  const { data, isPending, isError, error } = useHireDispute(queued.application_id);
  const { t } = useT(disputesCatalog);
  if (isPending) return <Spinner className="mt-6" label={t('disputes.resolve.loading')} />;
  if (isError || !data?.id || !data.status) {
    return (
      <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
        {disputeErrorText(t, error ?? { details: 'dispute_not_found' })}
      </p>
    );
  }
  const dispute = data as ExistingDispute;
  const open = dispute.status === 'open' || dispute.status === 'resolving';
  return (
    <div className="mt-5 space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <DisputeStatusBadge status={dispute.status} />
        <DeliveredContent applicationId={queued.application_id} deliverableId={queued.deliverable_id} />
      </div>
      <DisputeDetails dispute={dispute} showHeld />
      <DisputeThread messages={dispute.messages} reply={open ? { disputeId: dispute.id, applicationId: queued.application_id } : undefined} />
      {open ? (
        <ResolveDisputeForm dispute={dispute} applicationId={queued.application_id} onResolved={onClose} onCancel={onClose} />
      ) : (
        <p role="status" className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
          {t('disputes.error.dispute_closed')}
        </p>
      )}
    </div>
  );
}

/** The link of the content the hire delivered, which the deliverable page (for the two parties only) would show. */
function DeliveredContent({ applicationId, deliverableId }: { applicationId: string; deliverableId: string | null }) {
  const { data } = useDisputedContentUrl(applicationId, deliverableId);
  const { t } = useT(disputesCatalog);
  if (!deliverableId) return <p className="text-sm text-slate-600">{t('disputes.resolve.noContent')}</p>;
  if (!data) return null;
  return (
    <p className="min-w-0 text-sm text-slate-700">
      <span className="font-medium">{t('disputes.resolve.content')}</span>{' '}
      <a href={data} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-brand-700 hover:underline">
        {data}
      </a>
    </p>
  );
}
