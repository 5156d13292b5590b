// The usage rights a campaign buys (decision 0056), as one short line of a receipt or statement in the
// reader's language. The database sends the terms (app.document_licence); the words live here only.
import { platformDisplayName } from '../platforms/names.ts';
import { usd } from './pdf-text.ts';
import type { DocLanguage } from './texts.ts';

export interface LicenceTerms {
  usage: 'organic' | 'paid';
  platforms: string[];
  /** ISO 3166-1 alpha-2 codes; null means worldwide. */
  territory: string[] | null;
  term_days: number;
  /** Paid usage only: the licence's own price beside the content fee. */
  price_cents: number | null;
  exclusivity_category: string | null;
  exclusivity_days: number | null;
}


const words = {
  es: { organic: 'Solo publicación orgánica', paid: 'Uso pagado', worldwide: 'todo el mundo', territory: 'territorio', days: 'días', price: 'licencia', exclusivity: 'exclusividad' },
  en: { organic: 'Organic posting only', paid: 'Paid usage', worldwide: 'worldwide', territory: 'territory', days: 'days', price: 'licence', exclusivity: 'exclusivity' },
  pt: { organic: 'Somente publicação orgânica', paid: 'Uso pago', worldwide: 'mundo todo', territory: 'território', days: 'dias', price: 'licença', exclusivity: 'exclusividade' },
} as const satisfies Record<DocLanguage, Record<string, string>>;

/** e.g. "Paid usage (Instagram, TikTok) · territory: US, MX · 90 days · licence USD 200.00 · exclusivity: skincare, 30 days". */
export function licenceText(l: LicenceTerms, language: DocLanguage): string {
  const w = words[language];
  const platforms = l.platforms.map((p) => platformDisplayName(p) ?? p).join(', ');
  const parts = [
    l.usage === 'paid' ? `${w.paid}${platforms ? ` (${platforms})` : ''}` : w.organic,
    l.territory && l.territory.length ? `${w.territory}: ${l.territory.join(', ')}` : w.worldwide,
    `${l.term_days} ${w.days}`,
  ];
  if (l.usage === 'paid' && l.price_cents !== null) parts.push(`${w.price} ${usd(l.price_cents)}`);
  if (l.exclusivity_category && l.exclusivity_days) parts.push(`${w.exclusivity}: ${l.exclusivity_category}, ${l.exclusivity_days} ${w.days}`);
  return parts.join(' · ');
}
