import { RatingSummary } from '@/components/ui/rating/rating-summary';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { creatorsCatalog } from '../messages/catalog';
import { nicheText } from '../messages/creators-text';

export interface CreatorFactsProps {
  /** The audience the profile lists (app.creator_profiles.followers: one total across its platforms). */
  followers: number;
  niche: string | null;
  /** The average of published reviews, one decimal; null while nobody has reviewed the creator. */
  rating: number | string | null;
  reviewCount: number;
}

/**
 * What a brand weighs at a glance beside an applicant: followers (compact, decision 0032), niche and rating
 * with its count, or "No reviews yet" (never a number nobody gave).
 */
export function CreatorFacts({ followers, niche, rating, reviewCount }: CreatorFactsProps) {
  const f = useFormat();
  const { t } = useT(creatorsCatalog);
  return (
    <dl className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
      <div className="flex gap-1">
        <dt className="sr-only">{t('creators.field.followers')}</dt>
        <dd>{t('creators.facts.followers', { followers: f.compact(followers) })}</dd>
      </div>
      {niche && (
        <div className="flex gap-1">
          <dt className="sr-only">{t('creators.field.niche')}</dt>
          <dd>{nicheText(t, niche)}</dd>
        </div>
      )}
      <div className="flex gap-1">
        <dt className="sr-only">{t('creators.field.rating')}</dt>
        <dd>{reviewCount > 0 && rating != null ? <RatingSummary rating={rating} reviewCount={reviewCount} /> : t('creators.facts.noReviews')}</dd>
      </div>
    </dl>
  );
}
