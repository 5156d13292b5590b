// The usage rights a campaign buys (decision 0056), as one short line of a receipt or statement in the
// reader's language. The database sends the terms (app.document_licence); the words live here only.
import type { LicenceTerms } from '../contract/licence.ts';
import { platformDisplayName } from '../platforms/names.ts';
import { usd } from './pdf-text.ts';
import type { DocLanguage } from './texts.ts';

/** The licence on a document; a renewal payment (decision 0060) adds the days and price it bought, and the period (YYYY-MM-DD, UTC) once funded. */
export interface DocumentLicence extends LicenceTerms {
  renewal?: { term_days: number; price_cents: number; starts_on: string | null; ends_on: string | null } | null;
}

const words = {
  es: { organic: 'Solo publicación orgánica', paid: 'Uso pagado', worldwide: 'todo el mundo', territory: 'territorio', days: 'días', price: 'licencia', exclusivity: 'exclusividad', renewal: 'Renovación de', from: 'del', to: 'al' },
  en: { organic: 'Organic posting only', paid: 'Paid usage', worldwide: 'worldwide', territory: 'territory', days: 'days', price: 'licence', exclusivity: 'exclusivity', renewal: 'Renewal of', from: 'from', to: 'to' },
  pt: { organic: 'Somente publicação orgânica', paid: 'Uso pago', worldwide: 'mundo todo', territory: 'território', days: 'dias', price: 'licença', exclusivity: 'exclusividade', renewal: 'Renovação de', from: 'de', to: 'a' },
} as const satisfies Record<DocLanguage, Record<string, string>>;

/**
 * e.g. "Paid usage (Instagram, TikTok) · territory: US, MX · 90 days · licence USD 200.00 · exclusivity: skincare, 30 days";
 * a renewal payment: "Renewal of 30 days, from 2027-01-10 to 2027-02-09 · licence USD 150.00 · Paid usage (Instagram) · worldwide"
 * (what that payment bought; the exclusivity agreed at hire is not renewed).
 */
export function licenceText(l: DocumentLicence, language: DocLanguage): string {
  const w = words[language];
  const platforms = l.platforms.map((p) => platformDisplayName(p) ?? p).join(', ');
  const usage = l.kind === 'paid' ? `${w.paid}${platforms ? ` (${platforms})` : ''}` : w.organic;
  const territory = l.territory && l.territory.length ? `${w.territory}: ${l.territory.join(', ')}` : w.worldwide;
  const r = l.renewal;
  if (r) {
    const period = r.starts_on && r.ends_on ? `, ${w.from} ${r.starts_on} ${w.to} ${r.ends_on}` : '';
    return [`${w.renewal} ${r.term_days} ${w.days}${period}`, `${w.price} ${usd(r.price_cents)}`, usage, territory].join(' · ');
  }
  const parts = [usage, territory, `${l.term_days} ${w.days}`];
  if (l.kind === 'paid' && l.price_cents !== null) parts.push(`${w.price} ${usd(l.price_cents)}`);
  if (l.exclusivity_category && l.exclusivity_days) parts.push(`${w.exclusivity}: ${l.exclusivity_category}, ${l.exclusivity_days} ${w.days}`);
  return parts.join(' · ');
}
