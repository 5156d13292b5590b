import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { TextAreaField } from '@/components/ui/textarea-field';
import { FEEDBACK_MAX, type ReviewDecisionInput, reviewDecisionSchema } from '../api/review-decision-schema';
import type { useReviewDeliverable } from '../api/review-deliverable';
import { deliverablesCatalog } from '../messages/catalog';
import { deliverableErrorField, deliverableErrorText, validationText } from '../messages/deliverables-text';
import { useT } from '@/i18n/use-t';

export interface ReviewDecisionDialogProps {
  /** Which decision the dialog asks the text for; null: closed. */
  decision: 'changes_requested' | 'rejected' | null;
  deliverableId: string;
  creatorName: string;
  /** The round a request for changes uses, and the rounds included. */
  round: number;
  included: number;
  /** What the brand already typed in the panel's feedback field, to start from. */
  initialFeedback: string;
  review: ReturnType<typeof useReviewDeliverable>;
  onClose: () => void;
}

/**
 * Request changes (feedback required) or Reject (a reason required, and final). The text the brand typed
 * stays when the server refuses; a refusal about the text shows under the field, any other in the dialog.
 * The text field gets the focus when it opens.
 */
export function ReviewDecisionDialog({ decision, deliverableId, creatorName, round, included, initialFeedback, review, onClose }: ReviewDecisionDialogProps) {
  // The schema follows the decision: its required-text message differs.
  const schema = useMemo(() => reviewDecisionSchema(decision ?? 'changes_requested'), [decision]);
  const form = useForm<ReviewDecisionInput>({ resolver: zodResolver(schema), defaultValues: { feedback: '' } });
  const [serverError, setServerError] = useState<unknown>(null);
  const open = decision !== null;
  useEffect(() => {
    if (!open) return;
    form.reset({ feedback: initialFeedback });
    setServerError(null);
  }, [open]);
  const { t } = useT(deliverablesCatalog);

  const close = () => {
    form.clearErrors();
    onClose();
  };
  const submit = form.handleSubmit(({ feedback }) => {
    if (!decision) return;
    setServerError(null);
    review.mutate(
      { deliverableId, status: decision, feedback },
      {
        onError: (error) => {
          if (deliverableErrorField(error) === 'feedback') form.setError('feedback', { message: deliverableErrorText(t, 'review', error) });
          else setServerError(error);
        },
      },
    );
  });
  const rejecting = decision === 'rejected';
  return (
    <FormDialog
      open={open}
      onClose={close}
      pending={review.isPending}
      title={t(rejecting ? 'deliverables.reject.title' : 'deliverables.changes.title')}
      description={
        rejecting ? t('deliverables.reject.description', { name: creatorName }) : t('deliverables.changes.description', { name: creatorName, round, included })
      }
      onSubmit={submit}
      error={serverError !== null && deliverableErrorText(t, 'review', serverError)}
      cancelLabel={t('deliverables.creator.cancel')}
      submitLabel={t(rejecting ? 'deliverables.reject.confirm' : 'deliverables.changes.confirm')}
      submitVariant={rejecting ? 'danger' : 'primary'}
    >
      <TextAreaField
        label={t(rejecting ? 'deliverables.reject.field' : 'deliverables.changes.field')}
        hint={t(rejecting ? 'deliverables.reject.hint' : 'deliverables.changes.hint', { name: creatorName })}
        rows={5}
        maxLength={FEEDBACK_MAX}
        data-autofocus
        error={validationText(t, form.formState.errors.feedback?.message)}
        {...form.register('feedback')}
      />
    </FormDialog>
  );
}
