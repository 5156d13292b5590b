/**
 * The two parts of a hire's amount the fund screen names (decision 0056): the content fee and the paid-usage
 * licence's price. Null when there is no licence price: the amount is the content fee alone, nothing to split.
 */
export function amountParts(quote: { content_cents: number | string; licence_cents: number | string }): { contentCents: number; licenceCents: number } | null {
  const licenceCents = Number(quote.licence_cents);
  if (!(licenceCents > 0)) return null;
  return { contentCents: Number(quote.content_cents), licenceCents };
}
