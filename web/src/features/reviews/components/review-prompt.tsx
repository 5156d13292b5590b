import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/i18n/use-t';
import { useHireReviews } from '../api/hire-reviews';
import { reviewsCatalog } from '../messages/catalog';
import { ReviewForm } from './review-form';

export interface ReviewPromptProps {
  applicationId: string;
  /** Who is reviewed: the creator (brand's side) or the brand's company (creator's side). */
  name: string;
}

/**
 * On the campaign page, for a completed hire (app.job_state 'completed', decision 0032): asks its brand to
 * review the creator, or its creator to review the brand, and opens the review form in place. Shows
 * nothing once the viewer has reviewed (the submitted review refreshes api.hire_reviews), nor while the
 * server says they cannot review.
 */
export function ReviewPrompt({ applicationId, name }: ReviewPromptProps) {
  const { data, refetch } = useHireReviews(applicationId);
  const [writing, setWriting] = useState(false);
  const headingId = useId();
  const { t } = useT(reviewsCatalog);
  if (!data || !data.can_review || data.my_review) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-md border border-amber-200 bg-amber-50 p-4">
      <h4 id={headingId} className="text-sm font-semibold text-amber-950">
        {t('reviews.prompt.title', { name })}
      </h4>
      {writing ? (
        <div className="mt-3 rounded-md bg-white p-4">
          <ReviewForm applicationId={applicationId} name={name} revealAt={data.reveal_at} onSubmitted={() => setWriting(false)} onStale={() => void refetch()} />
        </div>
      ) : (
        <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-amber-950">{t('reviews.prompt.text', { name })}</p>
          <Button size="sm" onClick={() => setWriting(true)}>
            {t('reviews.prompt.action')}
          </Button>
        </div>
      )}
    </section>
  );
}
