import { FORMAT_TAG as TAG, type Locale } from '@/i18n/locales';

/**
 * A bucket's label from the API's date (yyyy-mm-dd, the first day of a week or month). Read and written in
 * UTC: the date names a calendar day, and the reader's own time zone must not move it to the day before.
 */
export function bucketLabel(date: string, unit: 'week' | 'month', locale: Locale): string {
  const options: Intl.DateTimeFormatOptions =
    unit === 'week' ? { month: 'short', day: 'numeric', timeZone: 'UTC' } : { month: 'short', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(TAG[locale], options).format(new Date(`${date}T00:00:00Z`));
}
