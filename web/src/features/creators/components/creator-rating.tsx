import { useT } from '@/i18n/use-t';
import { creatorsCatalog } from '../messages/catalog';

/**
 * The rating as it honestly stands: there is no reviews table yet, so every creator reads 'No reviews yet'
 * until the api returns a score.
 */
export function CreatorRating({ rating, reviewCount }: { rating: number | null; reviewCount: number }) {
  const { t } = useT(creatorsCatalog);
  if (rating == null) return <span className="text-slate-600">{t('creators.rating.none')}</span>;
  return (
    <span className="text-slate-900">
      <span aria-hidden="true" className="text-amber-500">
        ★
      </span>{' '}
      {Number(rating).toFixed(1)}
      <span className="text-slate-600"> {t('creators.rating.reviews', { count: reviewCount })}</span>
    </span>
  );
}
