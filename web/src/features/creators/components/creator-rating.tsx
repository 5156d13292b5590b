/**
 * The rating as it honestly stands: there is no reviews table yet, so every creator reads 'No reviews yet'
 * until the api returns a score.
 */
export function CreatorRating({ rating, reviewCount }: { rating: number | null; reviewCount: number }) {
  if (rating == null) return <span className="text-slate-600">No reviews yet</span>;
  return (
    <span className="text-slate-900">
      <span aria-hidden="true" className="text-amber-500">★</span> {Number(rating).toFixed(1)}
      <span className="text-slate-600"> ({reviewCount} review{reviewCount === 1 ? '' : 's'})</span>
    </span>
  );
}
