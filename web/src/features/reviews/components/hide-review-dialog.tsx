import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
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
  const { t } = useT(reviewsCatalog);

  const close = () => {
    setServerError(null);
    form.reset({ reason: '' });
    onClose();
  };
  const gone = t('reviews.deletedUser');
  return (
    <FormDialog
      open={review !== null}
      onClose={close}
      pending={hide.isPending}
      title={t('reviews.hide.title')}
      description={t('reviews.hide.description', { reviewer: review?.reviewer_name ?? gone, reviewee: review?.reviewee_name ?? gone })}
      onSubmit={form.handleSubmit(({ reason }) => {
        if (!review) return;
        setServerError(null);
        hide.mutate({ reviewId: review.id, reason });
      })}
      error={serverError !== null && reviewErrorText(t, serverError)}
      cancelLabel={t('reviews.hide.cancel')}
      submitLabel={t('reviews.hide.confirm')}
      submitVariant="danger"
    >
      {review && <blockquote className="line-clamp-4 border-l-4 border-slate-200 pl-3 text-sm break-words text-slate-700">{review.body}</blockquote>}
      <TextAreaField
        label={t('reviews.hide.reason')}
        hint={t('reviews.hide.reasonHint')}
        rows={3}
        maxLength={HIDE_REASON_MAX}
        required
        data-autofocus
        error={hideReviewValidationText(t, form.formState.errors.reason?.message)}
        {...form.register('reason')}
      />
    </FormDialog>
  );
}
