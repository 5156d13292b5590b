import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { formatters } from '@/i18n/format';
import { usageRightsMessages } from '../api/usage-rights-schema';
import { type CampaignsT, campaignValidationText } from '../messages/campaign-text';
import en from '../messages/en.json';
import es from '../messages/es.json';
import pt from '../messages/pt.json';
import { usageRightsText } from './usage-rights-text';

const i18n = setupI18n({ locale: 'en', messages: { es, en, pt } as never });
const tOf = (locale: 'es' | 'en' | 'pt'): CampaignsT => (key, values) => {
  i18n.activate(locale);
  return i18n._(key, values);
};
const paid = { kind: 'paid', platforms: ['instagram', 'tiktok'], territory: ['US'], term_days: 90, price_cents: 30000, exclusivity_category: 'skincare', exclusivity_days: 30 };
const organic = { kind: 'organic', platforms: [], territory: null, term_days: 365, price_cents: null, exclusivity_category: null, exclusivity_days: null };

describe('a licence in plain words', () => {
  it('names the platforms, the territory, the term, the exclusivity and the paid-usage price', () => {
    expect(usageRightsText(tOf('en'), paid, 'en-US', formatters('en').money)).toBe(
      'The brand may post your content as ads on Instagram and TikTok in United States for 90 days; exclusivity: skincare, 30 days; paid usage: $300.00.',
    );
    expect(usageRightsText(tOf('es'), paid, 'es-419', formatters('es').money)).toBe(
      `La marca puede publicar tu contenido como anuncios en Instagram y TikTok en Estados Unidos durante 90 días; exclusividad: skincare, 30 días; uso pagado: ${formatters('es').money(30000)}.`,
    );
  });

  it('says organic usage is not for ads, worldwide, without a price', () => {
    expect(usageRightsText(tOf('en'), organic, 'en-US', formatters('en').money)).toBe(
      'Organic only: the brand may share your content worldwide for 365 days, but not run it as ads; no exclusivity.',
    );
    expect(usageRightsText(tOf('pt'), organic, 'pt-BR', formatters('pt').money)).toContain('no mundo todo por 365 dias');
  });

  it('says each licence rule in the reader language', () => {
    expect(campaignValidationText(tOf('es'), usageRightsMessages.termNotPositive)).toBe('Una licencia debe durar al menos 1 día');
    expect(campaignValidationText(tOf('pt'), usageRightsMessages.platforms)).toBe('O uso pago precisa de pelo menos uma plataforma');
    for (const message of Object.values(usageRightsMessages)) expect(campaignValidationText(tOf('en'), message)).toBe(message);
  });
});
