import type { CompensationType } from '@/types/api';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Integer cents as US dollars with two decimals: 524000 -> "$5,240.00". */
export function formatMoney(cents: number): string {
  return usd.format(Math.round(cents) / 100);
}

// Intl rather than date-fns: this module is on every list screen's first render, date-fns is 5.5 KB gzip.
const dateParts = new Intl.DateTimeFormat('en-US', { month: 'long', day: '2-digit', year: 'numeric' });

/**
 * Dates as the spec shows them: 'MMMM dd, yyyy' (e.g. "March 05, 2026"), in local time. An invalid date
 * throws a RangeError, as date-fns' format does.
 */
export function formatDate(value: string | Date): string {
  const parts = dateParts.formatToParts(typeof value === 'string' ? new Date(value) : value);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('day')}, ${part('year').padStart(4, '0')}`;
}

/** Spec section 9: flat_fee is Flat fee, product is Product exchange, anything else Performance based. */
export function compensationTypeLabel(type: CompensationType | string): string {
  if (type === 'flat_fee') return 'Flat fee';
  if (type === 'product') return 'Product exchange';
  return 'Performance based';
}

/** "instagram" -> "Instagram"; for content types and platforms stored in lower case. */
export function titleCase(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

const PLATFORM_NAMES: Record<string, string> = {
  tiktok: 'TikTok',
  instagram: 'Instagram',
  youtube: 'YouTube',
  facebook: 'Facebook',
  twitter: 'Twitter',
};

/** A platform as its owner spells it ("tiktok" -> "TikTok"); unknown values are title-cased. */
export function platformLabel(platform: string): string {
  return PLATFORM_NAMES[platform.toLowerCase()] ?? titleCase(platform);
}
