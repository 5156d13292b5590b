import { commonCatalog } from '@/i18n/common-catalog';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';

/**
 * A user's rating as computed from published reviews: "★ 4.7 (12 reviews)", or "New" when nobody has
 * reviewed them yet (never a made-up number).
 */
export function RatingSummary({ rating, reviewCount }: { rating: number | string | null | undefined; reviewCount: number | null | undefined }) {
  const f = useFormat();
  const { t } = useT(commonCatalog);
  const count = Number(reviewCount ?? 0);
  if (rating == null || count === 0) {
    return (
      <span className="inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
        {t('common.rating.new')}
      </span>
    );
  }
  const value = f.rating(Number(rating));
  return (
    <span className="inline-flex items-center gap-1 text-slate-900" role="img" aria-label={t('common.rating.label', { rating: value, count })}>
      <span aria-hidden="true" className="text-amber-500">
        ★
      </span>
      <span aria-hidden="true">{value}</span>
      <span aria-hidden="true" className="text-slate-600">
        {t('common.rating.count', { count })}
      </span>
    </span>
  );
}
