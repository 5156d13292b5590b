import { FORMAT_TAG as TAG, type Locale } from '@/i18n/locales';

/** A country's name in the reader's language ("MX" -> "Mexico" / "México"); the code when Intl has none. */
export function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([TAG[locale]], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Countries as select options, sorted by their name in the reader's language. */
export function countryOptions(codes: readonly string[], locale: Locale): Array<{ value: string; label: string }> {
  const collator = new Intl.Collator(TAG[locale]);
  return codes.map((code) => ({ value: code, label: countryName(code, locale) })).sort((a, b) => collator.compare(a.label, b.label));
}
