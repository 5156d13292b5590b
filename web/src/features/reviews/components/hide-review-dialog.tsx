import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n/use-t';
import { useHideReview } from '../api/admin-reviews';
import { HIDE_REASON_MAX, type HideReviewInput, hideReviewSchema } from '../api/hide-review-schema';
import { reviewsCatalog } from '../messages/catalog';
import { hideReviewValidationText, reviewErrorCode, reviewErrorText } from '../messages/reviews-text';
import type { AdminReview } from '../types';

/**
 * Hide a review that breaks the rules: the admin says why (required). The review is kept, marked hidden
 * with the reason, and leaves the ratings. The typed reason stays when the server refuses.
 */
export function HideReviewDialog({ review, onClose }: { review: AdminReview | null; onClose: () => void }) {
  const reasonRef = useRef<HTMLTextAreaElement | null>(null);
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm<HideReviewInput>({ resolver: zodResolver(hideReviewSchema), defaultValues: { reason: '' } });
  const hide = useHideReview({
    onSuccess: () => {
      form.reset({ reason: '' });
      setServerError(null);
      toast({ title: t('reviews.hide.toast') });
      onClose();
    },
    onError: (error) => {
      const code = reviewErrorCode(error);
      if (code === 'reason_required' || code === 'reason_too_long') form.setError('reason', { message: reviewErrorText(t, error) }, { shouldFocus: true });
      else setServerError(error);
    },
  });
  const open = review !== null;
  // Headless UI moves no focus on touch devices: focus the reason field once open (a keyboard may be attached).
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => reasonRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);
  // The last hook: useT may suspend (see i18n/use-t.ts).
  const { t } = useT(reviewsCatalog);

  const close = () => {
    if (hide.isPending) return;
    setServerError(null);
    form.reset({ reason: '' });
    onClose();
  };
  const { ref: registerRef, ...reasonField } = form.register('reason');
  const gone = t('reviews.deletedUser');
  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
        <DialogPanel className="w-full max-w-lg rounded-lg bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">{t('reviews.hide.title')}</DialogTitle>
          <Description className="mt-2 text-sm text-slate-700">
            {t('reviews.hide.description', { reviewer: review?.reviewer_name ?? gone, reviewee: review?.reviewee_name ?? gone })}
          </Description>
          {review && <blockquote className="mt-3 line-clamp-4 border-l-4 border-slate-200 pl-3 text-sm break-words text-slate-700">{review.body}</blockquote>}
          <form
            noValidate
            className="mt-4 space-y-4"
            onSubmit={form.handleSubmit(({ reason }) => {
              if (!review) return;
              setServerError(null);
              hide.mutate({ reviewId: review.id, reason });
            })}
          >
            <TextAreaField
              label={t('reviews.hide.reason')}
              hint={t('reviews.hide.reasonHint')}
              rows={3}
              maxLength={HIDE_REASON_MAX}
              required
              data-autofocus
              error={hideReviewValidationText(t, form.formState.errors.reason?.message)}
              ref={(el) => {
                registerRef(el);
                reasonRef.current = el;
              }}
              {...reasonField}
            />
            {serverError !== null && (
              <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
                {reviewErrorText(t, serverError)}
              </p>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={close} disabled={hide.isPending}>
                {t('reviews.hide.cancel')}
              </Button>
              <Button type="submit" variant="danger" pending={hide.isPending}>
                {t('reviews.hide.confirm')}
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
