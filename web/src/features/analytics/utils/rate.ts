/**
 * A numeric percentage from the API as a number, or null. Postgres numeric reaches the client as a JSON
 * number through PostgREST, but as a string through some drivers; the screen wants one type.
 */
export function toRate(value: number | string | null | undefined): number | null {
  if (value == null || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** "66.7%" for a rate, an en dash when nothing was decided yet (never a made-up 0%). */
export function formatRate(rate: number | null): string {
  return rate == null ? '–' : `${rate.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}
