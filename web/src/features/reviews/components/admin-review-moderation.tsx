import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useAdminReviews, useUnhideReview } from '../api/admin-reviews';
import { reviewsCatalog } from '../messages/catalog';
import { partyRoleText, reviewErrorText } from '../messages/reviews-text';
import type { AdminReview } from '../types';
import { HideReviewDialog } from './hide-review-dialog';
import { ReviewStars } from './review-stars';

/**
 * The admin dashboard's review moderation: the latest reviews, newest first, each in one state (hidden,
 * published, or waiting for the other side), Hide for one that breaks the rules (kept, marked hidden,
 * with the reason shown here) and Unhide for a hidden one (issue 30, item 9), after a confirmation.
 */
export function AdminReviewModeration() {
  const { data, isPending, isError, error } = useAdminReviews();
  const [hiding, setHiding] = useState<AdminReview | null>(null);
  const [unhiding, setUnhiding] = useState<AdminReview | null>(null);
  const unhide = useUnhideReview({
    onSuccess: () => {
      setUnhiding(null);
      toast({ title: t('reviews.unhide.toast') });
    },
    onError: (e) => {
      setUnhiding(null);
      toast({ title: t('reviews.unhide.error'), description: reviewErrorText(t, e), variant: 'destructive' });
    },
  });
  const headingId = useId();
  const { t } = useT(reviewsCatalog);
  const gone = t('reviews.deletedUser');
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
                <AdminReviewItem review={r} onHide={() => setHiding(r)} onUnhide={() => setUnhiding(r)} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <HideReviewDialog review={hiding} onClose={() => setHiding(null)} />
      <ConfirmDialog
        open={unhiding !== null}
        title={t('reviews.unhide.title')}
        description={t('reviews.unhide.description', { reviewer: unhiding?.reviewer_name ?? gone, reviewee: unhiding?.reviewee_name ?? gone })}
        confirmLabel={t('reviews.unhide.confirm')}
        pending={unhide.isPending}
        onConfirm={() => unhiding && unhide.mutate({ reviewId: unhiding.id })}
        onClose={() => setUnhiding(null)}
      />
    </Card>
  );
}

function AdminReviewItem({ review, onHide, onUnhide }: { review: AdminReview; onHide: () => void; onUnhide: () => void }) {
  const f = useFormat();
  const { t } = useT(reviewsCatalog);
  const gone = t('reviews.deletedUser');
  const reviewer = review.reviewer_name ?? gone;
  const hidden = review.hidden_at !== null;
  return (
    <article aria-label={t('reviews.list.item', { name: reviewer })} className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <ReviewStars rating={review.rating} />
          {/* One state: hidden wins over published (a hidden review is not shown to anyone but admins). */}
          {hidden ? (
            <Badge tone="red">{t('reviews.admin.hidden')}</Badge>
          ) : review.published ? (
            <Badge tone="green">{t('reviews.admin.published')}</Badge>
          ) : (
            <Badge tone="yellow">{t('reviews.admin.waiting')}</Badge>
          )}
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
      {hidden ? (
        <Button variant="secondary" size="sm" className="self-start" aria-label={t('reviews.admin.unhideLabel', { name: reviewer })} onClick={onUnhide}>
          {t('reviews.admin.unhide')}
        </Button>
      ) : (
        <Button variant="secondary" size="sm" className="self-start" aria-label={t('reviews.admin.hideLabel', { name: reviewer })} onClick={onHide}>
          {t('reviews.admin.hide')}
        </Button>
      )}
    </article>
  );
}
