import { useLocale } from './locale-store';
import { FORMAT_TAG as FORMAT_LOCALE, type Locale } from './locales';

export interface Formatters {
  /** Integer cents, always US dollars, written the reader's way: "$5,240.00" / "US$5,240.00"… */
  money(cents: number): string;
  /** A calendar date without a zero-padded day: "January 6, 2026" / "6 de enero de 2026". */
  date(value: string | Date): string;
  /** Date and time, medium length. */
  dateTime(value: string | Date): string;
  /** "5 minutes ago" / "hace 5 minutos", from now. */
  relative(value: string | Date, now?: Date): string;
  number(value: number): string;
  /**
   * The one compact count of the app (followers on every screen): Intl's compact notation with at most one
   * decimal, short in English ("48.2K", "120.4K", "1.3M"), long in Spanish ("48.2 mil", "1.3 millones",
   * where es-419's short form mixes "1 K" and "48.2 k"); counts under a thousand as they are.
   */
  compact(value: number): string;
  /** A rating out of 5 with one decimal always: "4.0" (en, es-419), "4,0" (pt-BR). */
  rating(value: number): string;
}

const toDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

/** One set per language, shared by every component: each Intl constructor costs a few ms on a phone. */
const cache = new Map<Locale, Formatters>();

/** A value built on first use. */
function lazy<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

export function formatters(locale: Locale): Formatters {
  let kept = cache.get(locale);
  if (!kept) cache.set(locale, (kept = build(locale)));
  return kept;
}

function build(locale: Locale): Formatters {
  const tag = FORMAT_LOCALE[locale];
  // Built when first used: a screen of cards that shows money and dates never pays for the rest.
  const money = lazy(() => new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  const longDate = lazy(() => new Intl.DateTimeFormat(tag, { month: 'long', day: 'numeric', year: 'numeric' }));
  const dateTime = lazy(() => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }));
  const relative = lazy(() => new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }));
  const number = lazy(() => new Intl.NumberFormat(tag));
  const rating = lazy(() => new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
  const compact = lazy(() => new Intl.NumberFormat(tag, { notation: 'compact', compactDisplay: locale === 'en' ? 'short' : 'long', maximumFractionDigits: 1 }));
  return {
    money: (cents) => money().format(Math.round(cents) / 100),
    date: (value) => longDate().format(toDate(value)),
    dateTime: (value) => dateTime().format(toDate(value)),
    relative: (value, now = new Date()) => {
      const seconds = Math.round((toDate(value).getTime() - now.getTime()) / 1000);
      const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
        ['year', 31_536_000],
        ['month', 2_592_000],
        ['week', 604_800],
        ['day', 86_400],
        ['hour', 3_600],
        ['minute', 60],
      ];
      for (const [unit, size] of units) if (Math.abs(seconds) >= size) return relative().format(Math.trunc(seconds / size), unit);
      return relative().format(seconds, 'second');
    },
    number: (value) => number().format(value),
    compact: (value) => compact().format(value),
    rating: (value) => rating().format(value),
  };
}

/** The formatters of the active language. */
export function useFormat(): Formatters {
  const locale = useLocale();
  return formatters(locale);
}
