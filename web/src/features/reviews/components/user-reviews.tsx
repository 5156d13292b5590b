import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useUserReviews } from '../api/user-reviews';
import { reviewsCatalog } from '../messages/catalog';
import { partyRoleText, reviewErrorText } from '../messages/reviews-text';
import type { UserReview } from '../types';
import { ReviewStars } from './review-stars';

/**
 * A user's published reviews, newest first (hidden ones and those still waiting for the other side are
 * not among them), twenty at a time with Load more.
 */
export function UserReviews({ userId }: { userId: string }) {
  const query = useUserReviews(userId);
  const headingId = useId();
  const { t } = useT(reviewsCatalog);
  const reviews = query.data?.pages.flat() ?? [];
  return (
    <Card className="p-6">
      <section aria-labelledby={headingId} aria-busy={query.isPending}>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('reviews.list.title')}
        </h2>
        {query.isPending ? (
          <Spinner className="mt-4" label={t('reviews.list.loading')} />
        ) : query.isError && reviews.length === 0 ? (
          <div role="alert" className="mt-3 text-sm text-red-700">
            <p>{`${t('reviews.list.error')} ${reviewErrorText(t, query.error)}`}</p>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
              {t('reviews.list.retry')}
            </Button>
          </div>
        ) : reviews.length === 0 ? (
          <div className="mt-3">
            <p className="font-medium text-slate-900">{t('reviews.list.empty')}</p>
            <p className="mt-1 text-sm text-slate-600">{t('reviews.list.emptyText')}</p>
          </div>
        ) : (
          <>
            <ul className="mt-2 divide-y divide-slate-200">
              {reviews.map((r) => (
                <li key={r.id} className="py-4 last:pb-0">
                  <UserReviewItem review={r} />
                </li>
              ))}
            </ul>
            {(query.hasNextPage || query.isFetchNextPageError) && (
              <div className="mt-2 flex justify-center">
                <Button variant="secondary" pending={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                  {t(query.isFetchingNextPage ? 'reviews.list.loadingMore' : 'reviews.list.loadMore')}
                </Button>
              </div>
            )}
            {query.isFetchNextPageError && (
              <p role="alert" className="mt-2 text-center text-sm text-red-700">
                {t('reviews.list.loadMoreError')}
              </p>
            )}
          </>
        )}
      </section>
    </Card>
  );
}

function UserReviewItem({ review }: { review: UserReview }) {
  const f = useFormat();
  const { t } = useT(reviewsCatalog);
  const name = review.reviewer_name ?? t('reviews.deletedUser');
  return (
    <article aria-label={t('reviews.list.item', { name })}>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <ReviewStars rating={review.rating} className="text-lg" />
        <p className="text-sm text-slate-600">{f.date(review.created_at)}</p>
      </div>
      <p className="mt-2 whitespace-pre-line break-words text-slate-800">{review.body}</p>
      <p className="mt-2 text-sm text-slate-600">
        <span className="font-medium text-slate-800">
          {t('reviews.list.by', { name, role: partyRoleText(t, review.reviewer_role) })}
        </span>
        {review.campaign_title && <span>{` · ${t('reviews.list.campaign', { campaign: review.campaign_title })}`}</span>}
      </p>
    </article>
  );
}
