import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useAdminReviews } from '../api/admin-reviews';
import { reviewsCatalog } from '../messages/catalog';
import { partyRoleText, reviewErrorText } from '../messages/reviews-text';
import type { AdminReview } from '../types';
import { HideReviewDialog } from './hide-review-dialog';
import { ReviewStars } from './review-stars';

/**
 * The admin dashboard's review moderation: the latest reviews, newest first, whether each is published
 * or still waiting for the other side, and Hide for one that breaks the rules (kept, marked hidden, with
 * the reason shown here).
 */
export function AdminReviewModeration() {
  const { data, isPending, isError, error } = useAdminReviews();
  const [hiding, setHiding] = useState<AdminReview | null>(null);
  const headingId = useId();
  // The last hook: useT may suspend (see i18n/use-t.ts).
  const { t } = useT(reviewsCatalog);
  return (
    <Card className="p-5">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('reviews.admin.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('reviews.admin.subtitle')}</p>
        {isPending ? (
          <Spinner className="mt-4" label={t('reviews.admin.loading')} />
        ) : isError ? (
          <p role="alert" className="mt-3 text-sm text-red-700">{`${t('reviews.admin.loadError')} ${reviewErrorText(t, error)}`}</p>
        ) : data.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t('reviews.admin.empty')}</p>
        ) : (
          <ul aria-label={t('reviews.admin.list')} className="mt-3 divide-y divide-slate-100">
            {data.map((r) => (
              <li key={r.id} className="py-3">
                <AdminReviewItem review={r} onHide={() => setHiding(r)} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <HideReviewDialog review={hiding} onClose={() => setHiding(null)} />
    </Card>
  );
}

function AdminReviewItem({ review, onHide }: { review: AdminReview; onHide: () => void }) {
  const { t } = useT(reviewsCatalog);
  const f = useFormat();
  const gone = t('reviews.deletedUser');
  const reviewer = review.reviewer_name ?? gone;
  const hidden = review.hidden_at !== null;
  return (
    <article aria-label={t('reviews.list.item', { name: reviewer })} className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <ReviewStars rating={review.rating} />
          {review.published ? <Badge tone="green">{t('reviews.admin.published')}</Badge> : <Badge tone="yellow">{t('reviews.admin.waiting')}</Badge>}
          {hidden && <Badge tone="red">{t('reviews.admin.hidden')}</Badge>}
          <span className="text-xs text-slate-600">{f.dateTime(review.created_at)}</span>
        </div>
        <p className="text-sm font-medium text-slate-900">
          {t('reviews.admin.route', { reviewer, reviewee: review.reviewee_name ?? gone, role: partyRoleText(t, review.reviewee_role) })}
        </p>
        {review.campaign_title && <p className="text-xs text-slate-600">{t('reviews.list.campaign', { campaign: review.campaign_title })}</p>}
        <p className="text-sm whitespace-pre-line break-words text-slate-800">{review.body}</p>
        {hidden && review.hidden_reason && (
          <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">{t('reviews.admin.hiddenReason', { reason: review.hidden_reason })}</p>
        )}
      </div>
      {!hidden && (
        <Button variant="secondary" size="sm" className="self-start" aria-label={t('reviews.admin.hideLabel', { name: reviewer })} onClick={onHide}>
          {t('reviews.admin.hide')}
        </Button>
      )}
    </article>
  );
}
