import { useEffect, useId, useRef, useState } from 'react';
import { Card } from '@/components/ui/card';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useUser } from '@/lib/auth';
import { useCounterpart } from '../api/counterpart';
import { useHireReviews } from '../api/hire-reviews';
import { reviewsCatalog } from '../messages/catalog';
import type { HireReviews, PartyRole } from '../types';
import { ReviewForm } from './review-form';
import { WrittenReview } from './written-review';

/**
 * Both sides' reviews of a hire, on its deliverable page. Reviews are double-blind: each side writes
 * once the hire is complete, and sees the other's review only when both have written one or when the
 * reveal date (14 days after completion) has passed. Nothing shows for someone who is not a party.
 */
export function HireReviewPanel({ applicationId, viewerId }: { applicationId: string; viewerId: string }) {
  const { data, isPending, isError, error, refetch } = useHireReviews(applicationId);
  const complete = Boolean(data?.completed_at);
  const counterpart = useCounterpart(applicationId, viewerId, complete);
  const { profile } = useUser();
  const [justSubmitted, setJustSubmitted] = useState(false);
  const myHeading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => {
    if (justSubmitted && data?.my_review) myHeading.current?.focus();
  }, [justSubmitted, data?.my_review]);
  const { t } = useT(reviewsCatalog);

  if (isPending) return null;
  if (isError) {
    // A hire the viewer is not a party of answers PT404: there is nothing of theirs to show.
    if ((error as { code?: unknown }).code === 'PT404') return null;
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
        {t('reviews.panel.loadError')}
      </p>
    );
  }
  if (!data) return null;
  if (!complete) return <p className="text-sm text-slate-600">{t('reviews.panel.notComplete')}</p>;

  // Wait for the other side's name rather than flash "the brand" before it.
  if (counterpart.isPending) return null;
  const writing = data.can_review && !data.my_review;
  const otherRole: PartyRole = profile?.role === 'brand' ? 'creator' : 'brand';
  const name = counterpart.data?.name ?? t(`reviews.party.${counterpart.data?.role ?? otherRole}`);
  return (
    <Card className="p-6">
      <section aria-labelledby={headingId} className="space-y-5">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('reviews.panel.title')}
        </h2>
        {/* While the form is open its introduction already says when reviews are revealed. */}
        {!(writing && !data.their_review_written) && <TheirSide reviews={data} name={name} />}
        {writing && (
          <ReviewForm
            applicationId={applicationId}
            name={name}
            revealAt={data.reveal_at}
            onSubmitted={() => setJustSubmitted(true)}
            onStale={() => void refetch()}
          />
        )}
        {data.my_review && (
          <WrittenReview
            ref={myHeading}
            title={t('reviews.mine.title')}
            review={data.my_review}
            note={data.my_review.hidden ? t('reviews.mine.hidden', { name }) : undefined}
          />
        )}
      </section>
    </Card>
  );
}

/** The other side's review once revealed, else where it stands (written and waiting, or not yet written). */
function TheirSide({ reviews, name }: { reviews: HireReviews; name: string }) {
  const f = useFormat();
  const { t } = useT(reviewsCatalog);
  if (reviews.their_review) return <WrittenReview title={t('reviews.theirs.title', { name })} review={reviews.their_review} />;
  const date = reviews.reveal_at ? f.date(reviews.reveal_at) : '';
  const revealed = reviews.reveal_at !== null && new Date(reviews.reveal_at).getTime() <= Date.now();
  let text: string;
  if (reviews.their_review_written) {
    // Both written publishes both at once: theirs written, mine too, and not shown means an admin hid it.
    text = reviews.my_review ? t('reviews.theirs.hidden', { name }) : t('reviews.theirs.written', { name, date });
  } else {
    text = revealed ? t('reviews.theirs.none', { name }) : t('reviews.theirs.notYet', { date });
  }
  return <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">{text}</p>;
}
