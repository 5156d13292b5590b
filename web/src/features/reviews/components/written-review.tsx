import { forwardRef, useId } from 'react';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { reviewsCatalog } from '../messages/catalog';
import type { WrittenReview as Review } from '../types';
import { ReviewStars } from './review-stars';

/**
 * One side's review of a hire under its heading ("Your review", "GlowLab's review"). The heading takes
 * focus after the caller's own review was just submitted, as the form it replaces had it.
 */
export const WrittenReview = forwardRef<HTMLHeadingElement, { title: string; review: Review; note?: string | undefined }>(function WrittenReview(
  { title, review, note },
  ref,
) {
  const f = useFormat();
  const headingId = useId();
  const { t } = useT(reviewsCatalog);
  return (
    <section aria-labelledby={headingId} className="rounded-md border border-slate-200 p-4">
      <h3 id={headingId} ref={ref} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
        {title}
      </h3>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <ReviewStars rating={review.rating} className="text-lg" />
        <span className="text-sm text-slate-600">{t('reviews.written', { date: f.date(review.created_at) })}</span>
      </div>
      <p className="mt-2 whitespace-pre-line break-words text-slate-800">{review.body}</p>
      {note && <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">{note}</p>}
    </section>
  );
});
