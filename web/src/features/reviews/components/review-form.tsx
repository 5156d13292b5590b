import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/toast';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { REVIEW_BODY_MAX, type ReviewInput, reviewSchema } from '../api/review-schema';
import { useSubmitReview } from '../api/submit-review';
import { reviewsCatalog } from '../messages/catalog';
import { reviewErrorCode, reviewErrorField, reviewErrorText, reviewValidationText } from '../messages/reviews-text';
import { StarRatingInput } from './star-rating-input';

export interface ReviewFormProps {
  applicationId: string;
  /** Who is reviewed, as the form names them. */
  name: string;
  revealAt: string | null;
  /** After the review was saved (the panel then shows it instead of the form). */
  onSubmitted: () => void;
  /** The server says the hire's state changed (already reviewed, not complete): read it again. */
  onStale: () => void;
}

/**
 * Review the other side of a hire: 1 to 5 stars and a text of at most 2000 characters. What was typed
 * stays when the server refuses; its reason shows next to the field it concerns, else under the form.
 */
export function ReviewForm({ applicationId, name, revealAt, onSubmitted, onStale }: ReviewFormProps) {
  const f = useFormat();
  const headingId = useId();
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm<ReviewInput>({ resolver: zodResolver(reviewSchema), defaultValues: { rating: 0, body: '' } });
  const submit = useSubmitReview({
    onSuccess: () => {
      toast({ title: t('reviews.form.toast') });
      onSubmitted();
    },
    onError: (error) => {
      const field = reviewErrorField(error);
      if (field) {
        form.setError(field, { message: reviewErrorText(t, error) }, { shouldFocus: field === 'body' });
        return;
      }
      setServerError(error);
      const code = reviewErrorCode(error);
      if (code === 'already_reviewed' || code === 'hire_not_complete' || code === 'not_party') onStale();
    },
  });
  const bodyLength = form.watch('body').length;
  const { t } = useT(reviewsCatalog);
  const { errors } = form.formState;

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {t('reviews.form.title', { name })}
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        {revealAt && new Date(revealAt).getTime() > Date.now() ? t('reviews.form.intro', { name, date: f.date(revealAt) }) : t('reviews.form.introRevealed', { name })}
      </p>
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={form.handleSubmit(({ rating, body }) => {
          setServerError(null);
          submit.mutate({ applicationId, rating, body });
        })}
      >
        <Controller
          control={form.control}
          name="rating"
          render={({ field }) => (
            <StarRatingInput
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={reviewValidationText(t, errors.rating?.message)}
              disabled={submit.isPending}
            />
          )}
        />
        <TextAreaField
          label={t('reviews.form.body', { name })}
          hint={
            <span className="flex flex-wrap justify-between gap-x-3">
              <span>{t('reviews.form.bodyHint', { name })}</span>
              <span className="tabular-nums">{t('reviews.form.counter', { count: bodyLength, max: REVIEW_BODY_MAX })}</span>
            </span>
          }
          rows={5}
          maxLength={REVIEW_BODY_MAX}
          required
          error={reviewValidationText(t, errors.body?.message)}
          {...form.register('body')}
        />
        {serverError !== null && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {t('reviews.form.failed', { reason: reviewErrorText(t, serverError) })}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" pending={submit.isPending} className="w-full sm:w-auto">
            {t('reviews.form.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
