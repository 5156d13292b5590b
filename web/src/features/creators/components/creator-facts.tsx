import { RatingSummary } from '@/components/ui/rating/rating-summary';
import { ReachValue } from '@/components/ui/reach/reach-value';
import { useT } from '@/i18n/use-t';
import { creatorsCatalog } from '../messages/catalog';
import { nicheText } from '../messages/creators-text';

export interface CreatorFactsProps {
  /** The audience the profile lists (app.creator_profiles.followers: one typed total across its platforms). */
  followers: number;
  /** app.verified_reach of the creator (0 without a connected account) and the accounts behind it. */
  verifiedReach?: number | string | null;
  socialAccounts?: unknown;
  niche: string | null;
  /** The average of published reviews, one decimal; null while nobody has reviewed the creator. */
  rating: number | string | null;
  reviewCount: number;
}

/**
 * What a brand weighs at a glance beside an applicant: followers (compact, decision 0032; verified or
 * self-reported, decision 0054), niche and rating
 * with its count, or "No reviews yet" (never a number nobody gave).
 */
export function CreatorFacts({ followers, verifiedReach, socialAccounts, niche, rating, reviewCount }: CreatorFactsProps) {
  const { t } = useT(creatorsCatalog);
  return (
    <dl className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
      <div className="flex gap-1">
        <dt className="sr-only">{t('creators.field.followers')}</dt>
        <dd>
          <ReachValue card={{ followers, verified_reach: verifiedReach, social_accounts: socialAccounts }} layout="inline" />
        </dd>
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
