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
const catalog = (feature: string, lang: 'en' | 'es') =>
  JSON.parse(readFileSync(path.join(src, 'features', feature, 'messages', `${lang}.json`), 'utf8')) as Record<string, string>;

describe('the money glossary in the catalogs', () => {
  it('Spanish says "garantía" for escrow everywhere, never "custodia"', () => {
    const spanish = [...filesUnder(src, (f) => CATALOG_FILE.test(f) && f.endsWith('es.json')), emailTexts];
    const offenders = spanish.filter((f) => /custodia/i.test(readFileSync(f, 'utf8'))).map((f) => path.relative(src, f));
    expect(offenders).toEqual([]);
    const escrowWords = spanish.filter((f) => /garant[ií]a/i.test(readFileSync(f, 'utf8')));
    expect(escrowWords.length).toBeGreaterThan(3);
  });

  it('the brand\'s "released" reads the same on the dashboard, analytics and the money table (finding 3)', () => {
    for (const lang of ['en', 'es'] as const) {
      const dashboard = catalog('dashboard-brand', lang);
      const analytics = catalog('analytics', lang);
      expect(dashboard['dashboard-brand.releasedToCreators']).toBe(analytics['analytics.totals.released']);
      expect(analytics['analytics.table.released']).toBe(analytics['analytics.totals.released']);
      expect(analytics['analytics.charts.series.released']).toBe(analytics['analytics.totals.released']);
    }
  });

  it('a funded hire\'s bell names the gross and the net in both languages (finding 5)', () => {
    const words = { en: ['gross', 'net'], es: ['bruto', 'neto'] } as const;
    for (const lang of ['en', 'es'] as const) {
      const text = catalog('notifications', lang)['notifications.kind.hire_funded']!;
      expect(text).toContain('{amount}');
      expect(text).toContain('{net}');
      for (const w of words[lang]) expect(text).toContain(w);
      expect(catalog('notifications', lang)['notifications.kind.money_released']).toContain(words[lang][1]);
    }
  });
});
