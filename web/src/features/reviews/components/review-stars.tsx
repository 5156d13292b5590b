import { cn } from '@/components/ui/cn';
import { useT } from '@/i18n/use-t';
import { STAR_VALUES } from '../api/review-schema';
import { reviewsCatalog } from '../messages/catalog';

/**
 * A review's stars, read out as "Rated 4 out of 5". Filled and empty stars differ in shape, not only in
 * colour.
 */
export function ReviewStars({ rating, className }: { rating: number; className?: string }) {
  const { t } = useT(reviewsCatalog);
  return (
    <span role="img" aria-label={t('reviews.stars.label', { rating })} className={cn('inline-flex gap-0.5 leading-none', className)}>
      {STAR_VALUES.map((v) => (
        <span key={v} aria-hidden="true" className={v <= rating ? 'text-amber-500' : 'text-slate-400'}>
          {v <= rating ? '★' : '☆'}
        </span>
      ))}
    </span>
  );
}
