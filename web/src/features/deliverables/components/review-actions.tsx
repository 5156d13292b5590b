import { useId, useState } from 'react';
import type { Hire } from '@contract/hire';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextAreaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/toast';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { FEEDBACK_MAX } from '../api/review-decision-schema';
import { type ReviewDecision, useReviewDeliverable } from '../api/review-deliverable';
import { hasRoundsLeft } from '../utils/revision-rules';
import { deliverablesCatalog } from '../messages/catalog';
import { deliverableErrorText, type DeliverablesT } from '../messages/deliverables-text';
import { ReviewDecisionDialog } from './review-decision-dialog';

export interface ReviewActionsProps {
  deliverable: { id: string; revision_rounds_included: number; revision_rounds_used: number };
  applicationId: string;
  creatorName: string;
  /** Approving releases the money held in escrow: say so next to the button. */
  paidThroughEscrow: boolean;
  /** Whether to count the rounds used here (false where the screen already shows the count). */
  showRoundsUsed?: boolean;
  /** A dispute froze the hire: approving (which releases the money) waits for an admin's decision. */
  disputed?: boolean;
  /** The hire as the api reads it: when funded, Approve first says what it releases and asks to confirm. */
  hire?: Hire | null;
}

const decisionToast: Record<ReviewDecision, Parameters<DeliverablesT>[0]> = {
  approved: 'deliverables.brand.toast.approved',
  changes_requested: 'deliverables.brand.toast.changesRequested',
  rejected: 'deliverables.brand.toast.rejected',
};

/**
 * The brand's three decisions on content awaiting review: Approve (with optional feedback), Request
 * changes (feedback required, offered only while an included revision round is left) and Reject (a
 * reason required; final). The two that need a text ask for it in a dialog, starting from what was typed
 * in the feedback field. Shared by the campaign's review panel and the deliverable page.
 */
export function ReviewActions({ deliverable: d, applicationId, creatorName, paidThroughEscrow, showRoundsUsed = true, disputed = false, hire = null }: ReviewActionsProps) {
  const [feedback, setFeedback] = useState('');
  const [asking, setAsking] = useState<'changes_requested' | 'rejected' | null>(null);
  const [confirmingRelease, setConfirmingRelease] = useState(false);
  const f = useFormat();
  const feedbackId = useId();
  const review = useReviewDeliverable(applicationId, {
    onSuccess: (status) => {
      setFeedback('');
      setAsking(null);
      setConfirmingRelease(false);
      toast({ title: t('deliverables.brand.toast.updated'), description: t(decisionToast[status]) });
    },
  });
  const { t } = useT(deliverablesCatalog);
  const roundsLeft = hasRoundsLeft(d);
  const approve = () =>
    review.mutate(
      { deliverableId: d.id, status: 'approved', feedback },
      {
        onError: (error) => {
          setConfirmingRelease(false);
          toast({ title: t('deliverables.brand.toast.failed'), description: deliverableErrorText(t, 'review', error), variant: 'destructive' });
        },
      },
    );
  // Approving content of a funded hire releases the money held in escrow: the api's figures (gross held,
  // the fee and the creator's net, the glossary's words), stated before anything moves.
  const releases = hire?.status === 'funded' ? { gross: f.money(hire.held_cents), fee: f.money(hire.fee_cents), net: f.money(hire.creator_cents) } : null;
  return (
    <div className="space-y-2">
      {disputed ? (
        <p className="text-xs text-slate-600">{t('deliverables.review.disputed')}</p>
      ) : (
        paidThroughEscrow && <p className="text-xs text-slate-600">{t('deliverables.brand.escrowNote')}</p>
      )}
      {d.revision_rounds_included === 0 ? (
        <p className="text-xs text-slate-600">{t('deliverables.review.noRounds')}</p>
      ) : (
        (showRoundsUsed || !roundsLeft) && (
          <p className="text-xs text-slate-600">
            {showRoundsUsed && t('deliverables.review.roundsUsed', { used: d.revision_rounds_used, included: d.revision_rounds_included })}
            {showRoundsUsed && !roundsLeft && ' '}
            {!roundsLeft && t('deliverables.review.noRoundsLeft')}
          </p>
        )
      )}
      <TextAreaField id={feedbackId} label={t('deliverables.brand.feedbackField')} rows={2} value={feedback} maxLength={FEEDBACK_MAX} onChange={(e) => setFeedback(e.target.value)} />
      <div className="flex flex-wrap gap-2">
        {!disputed && (
          <Button size="sm" pending={review.isPending && review.variables?.status === 'approved'} disabled={review.isPending} onClick={releases ? () => setConfirmingRelease(true) : approve}>
            {t('deliverables.brand.approve')}
          </Button>
        )}
        {roundsLeft && (
          <Button size="sm" variant="secondary" disabled={review.isPending} onClick={() => setAsking('changes_requested')}>
            {t('deliverables.review.requestChanges')}
          </Button>
        )}
        <Button size="sm" variant="secondary" className="text-red-700" disabled={review.isPending} onClick={() => setAsking('rejected')}>
          {t('deliverables.brand.reject')}
        </Button>
      </div>
      {releases && (
        <ConfirmDialog
          open={confirmingRelease}
          title={t('deliverables.approveRelease.title')}
          description={t('deliverables.approveRelease.text', { ...releases, name: creatorName })}
          confirmLabel={t('deliverables.approveRelease.confirm', { net: releases.net })}
          pending={review.isPending}
          onConfirm={approve}
          onClose={() => setConfirmingRelease(false)}
        />
      )}
      <ReviewDecisionDialog
        decision={asking}
        deliverableId={d.id}
        creatorName={creatorName}
        round={d.revision_rounds_used + 1}
        included={d.revision_rounds_included}
        initialFeedback={feedback}
        review={review}
        onClose={() => setAsking(null)}
      />
    </div>
  );
}
