import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
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
 * Focus goes to the text field when it opens (Headless UI moves none on touch devices).
 */
export function ReviewDecisionDialog({ decision, deliverableId, creatorName, round, included, initialFeedback, review, onClose }: ReviewDecisionDialogProps) {
  // The schema follows the decision: its required-text message differs.
  const schema = useMemo(() => reviewDecisionSchema(decision ?? 'changes_requested'), [decision]);
  const form = useForm<ReviewDecisionInput>({ resolver: zodResolver(schema), defaultValues: { feedback: '' } });
  const [serverError, setServerError] = useState<unknown>(null);
  const fieldRef = useRef<HTMLTextAreaElement | null>(null);
  const open = decision !== null;
  useEffect(() => {
    if (!open) return;
    form.reset({ feedback: initialFeedback });
    setServerError(null);
    const frame = requestAnimationFrame(() => fieldRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);
  // The last hook: see useT's note in messages/catalog.ts.
  const { t } = useT(deliverablesCatalog);

  const close = () => {
    if (review.isPending) return;
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
  const { ref: registerRef, ...field } = form.register('feedback');
  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
        <DialogPanel className="w-full max-w-lg rounded-lg bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">{t(rejecting ? 'deliverables.reject.title' : 'deliverables.changes.title')}</DialogTitle>
          <Description className="mt-2 text-sm text-slate-700">
            {rejecting
              ? t('deliverables.reject.description', { name: creatorName })
              : t('deliverables.changes.description', { name: creatorName, round, included })}
          </Description>
          <form noValidate className="mt-4 space-y-4" onSubmit={submit}>
            <TextAreaField
              label={t(rejecting ? 'deliverables.reject.field' : 'deliverables.changes.field')}
              hint={t(rejecting ? 'deliverables.reject.hint' : 'deliverables.changes.hint', { name: creatorName })}
              rows={5}
              maxLength={FEEDBACK_MAX}
              data-autofocus
              error={validationText(t, form.formState.errors.feedback?.message)}
              ref={(el) => {
                registerRef(el);
                fieldRef.current = el;
              }}
              {...field}
            />
            {serverError !== null && (
              <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
                {deliverableErrorText(t, 'review', serverError)}
              </p>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={close} disabled={review.isPending}>
                {t('deliverables.creator.cancel')}
              </Button>
              <Button type="submit" variant={rejecting ? 'danger' : 'primary'} pending={review.isPending}>
                {t(rejecting ? 'deliverables.reject.confirm' : 'deliverables.changes.confirm')}
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
