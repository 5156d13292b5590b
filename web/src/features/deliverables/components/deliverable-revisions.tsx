import { contentReviewState, parseHire } from '@contract/hire';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/i18n/use-t';
import { useDeliverableRounds, useRevisionState } from '../api/get-revisions';
import { awaitsReview } from '../utils/revision-rules';
import { deliverablesCatalog } from '../messages/catalog';
import type { RevisionState } from '../types';
import { ResubmitForm } from './resubmit-form';
import { ReviewActions } from './review-actions';
import { RevisionRoundsList } from './revision-rounds-list';

/**
 * The deliverable page's revisions: how many of the campaign's revision rounds are used, every round
 * (link, note, decision, feedback, who and when) and what the reader can do now: the brand decides on
 * content awaiting review, the creator resubmits content the brand asked changes on. Reads its own copy
 * of api.deliverable_detail (the payments card above keeps its own), refreshed on window focus.
 */
export function DeliverableRevisions({ deliverableId, viewer }: { deliverableId: string; viewer: 'brand' | 'creator' }) {
  const state = useRevisionState(deliverableId);
  const rounds = useDeliverableRounds(deliverableId);
  const { t } = useT(deliverablesCatalog);
  const d = state.data;
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <section aria-labelledby={`revisions-${deliverableId}`} className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={`revisions-${deliverableId}`} className="text-lg font-semibold text-slate-900">
            {t('deliverables.revisions.title')}
          </h2>
          {d && (
            <p className="text-sm text-slate-700">
              {t('deliverables.review.roundsUsed', { used: d.revision_rounds_used, included: d.revision_rounds_included })}
            </p>
          )}
        </div>
        {state.isPending || rounds.isPending ? (
          <Spinner label={t('deliverables.revisions.loading')} />
        ) : state.isError || rounds.isError || !d ? (
          <p role="alert" className="text-sm text-red-800">
            {t('deliverables.revisions.error')}
          </p>
        ) : (
          <>
            <RevisionRoundsList rounds={rounds.data} viewer={viewer} closed={contentReviewState(d.status, parseHire(d.hire)) === 'closed'} />
            <NextStep state={d} viewer={viewer} />
          </>
        )}
      </section>
    </Card>
  );
}

/** What the reader can do with the content now, or who it waits for. */
function NextStep({ state: d, viewer }: { state: RevisionState; viewer: 'brand' | 'creator' }) {
  const { t } = useT(deliverablesCatalog);
  const creatorName = d.creator_name ?? t('deliverables.round.deletedAccount');
  // A hire an admin closed (a dispute's decision) or refunded leaves nothing to review, whatever the
  // content's own status still says.
  if (contentReviewState(d.status, parseHire(d.hire)) === 'closed') return <p className="text-sm text-slate-700">{t('deliverables.hireClosed')}</p>;
  if (viewer === 'brand') {
    if (awaitsReview(d.status)) {
      return (
        <ReviewActions
          deliverable={d}
          applicationId={d.application_id}
          creatorName={creatorName}
          paidThroughEscrow={d.hire !== null || d.review_due_at !== null}
          disputed={parseHire(d.hire)?.status === 'disputed'}
          hire={parseHire(d.hire)}
          showRoundsUsed={false}
        />
      );
    }
    if (d.status === 'changes_requested') return <p className="text-sm text-slate-700">{t('deliverables.brand.waitingCreator', { name: creatorName })}</p>;
    return null;
  }
  if (d.status === 'changes_requested') {
    // A fresh form for each request: it starts from the link the brand commented on.
    return <ResubmitForm key={`${d.content_url}:${d.revision_rounds_used}`} deliverableId={d.id} applicationId={d.application_id} currentUrl={d.content_url} />;
  }
  if (awaitsReview(d.status)) return <p className="text-sm text-slate-700">{t('deliverables.creator.waitingBrand')}</p>;
  return null;
}
