import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CATALOG_FILE } from '../../build/message-catalogs';
import { filesUnder } from './source-scan';

// Issue 30 / decision 0031: one word per money term in each language. Escrow is "escrow" in English and
// "garantía" in Spanish everywhere (catalogs and the emails' texts); "custodia" was a second word for it.
const src = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const emailTexts = path.join(src, '..', '..', 'supabase', 'functions', 'emails', 'render', 'texts.ts');
const catalog = (feature: string, lang: 'en' | 'es' | 'pt') =>
  JSON.parse(readFileSync(path.join(src, 'features', feature, 'messages', `${lang}.json`), 'utf8')) as Record<string, string>;

describe('the money glossary in the catalogs', () => {
  it('Spanish says "garantía" for escrow everywhere, never "custodia"', () => {
    const spanish = [...filesUnder(src, (f) => CATALOG_FILE.test(f) && f.endsWith('es.json')), emailTexts];
    const offenders = spanish.filter((f) => /custodia/i.test(readFileSync(f, 'utf8'))).map((f) => path.relative(src, f));
    expect(offenders).toEqual([]);
    const escrowWords = spanish.filter((f) => /garant[ií]a/i.test(readFileSync(f, 'utf8')));
    expect(escrowWords.length).toBeGreaterThan(3);
  });

  // Issue 37: Portuguese says "garantia" (em garantia, retido em garantia, pagamento em garantia); "custódia",
  // "caução" and a bare English "escrow" would be second words for it.
  it('Portuguese says "garantia" for escrow everywhere, never "custódia", "caução" or "escrow"', () => {
    const portuguese = filesUnder(src, (f) => CATALOG_FILE.test(f) && f.endsWith('pt.json'));
    // The words only: keys and argument names are code ("earnings.balance.inEscrow", "{inEscrow}").
    const values = (f: string) => Object.values(JSON.parse(readFileSync(f, 'utf8')) as Record<string, string>).join('\n').replace(/\{\w+\}/g, '');
    const offenders = portuguese.filter((f) => /cust[oó]dia|cau[cç][aã]o|escrow/i.test(values(f))).map((f) => path.relative(src, f));
    expect(offenders).toEqual([]);
    expect(portuguese.filter((f) => /garantia/i.test(values(f))).length).toBeGreaterThan(3);
    const emailPortuguese = readFileSync(emailTexts, 'utf8').split('\n').filter((l) => /\b(você|seu|sua|garantia)\b/i.test(l));
    expect(emailPortuguese.filter((l) => /cust[oó]dia|cau[cç][aã]o/i.test(l))).toEqual([]);
  });

  it('the brand\'s "released" reads the same on the dashboard, analytics and the money table (finding 3)', () => {
    for (const lang of ['en', 'es', 'pt'] as const) {
      const dashboard = catalog('dashboard-brand', lang);
      const analytics = catalog('analytics', lang);
      expect(dashboard['dashboard-brand.releasedToCreators']).toBe(analytics['analytics.totals.released']);
      expect(analytics['analytics.table.released']).toBe(analytics['analytics.totals.released']);
      expect(analytics['analytics.charts.series.released']).toBe(analytics['analytics.totals.released']);
    }
  });

  it('a funded hire\'s bell names the gross and the net in every language (finding 5)', () => {
    const words = { en: ['gross', 'net'], es: ['bruto', 'neto'], pt: ['bruto', 'líquido'] } as const;
    for (const lang of ['en', 'es', 'pt'] as const) {
      const text = catalog('notifications', lang)['notifications.kind.hire_funded']!;
      expect(text).toContain('{amount}');
      expect(text).toContain('{net}');
      for (const w of words[lang]) expect(text).toContain(w);
      expect(catalog('notifications', lang)['notifications.kind.money_released']).toContain(words[lang][1]);
    }
  });
});
