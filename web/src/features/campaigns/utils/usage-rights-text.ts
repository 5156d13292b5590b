import type { LicenceTerms } from '@contract/licence';
import { platformLabel } from '@/lib/format';
import type { CampaignsT } from '../messages/campaign-text';

/**
 * A licence in plain words, as a creator reads it before applying: "The brand may post your content as ads
 * on Instagram and TikTok in United States for 90 days; exclusivity: Skincare, 30 days; paid usage: $300.00."
 * `tag` is the reader's Intl tag (country names and "and"), `money` the app's one money formatter.
 */
export function usageRightsText(t: CampaignsT, u: LicenceTerms, tag: string, money: (cents: number) => string): string {
  const list = (items: string[]) => new Intl.ListFormat(tag, { type: 'conjunction' }).format(items);
  const names = new Intl.DisplayNames([tag], { type: 'region' });
  const territory = u.territory?.length ? t('campaigns.usage.summary.in', { countries: list(u.territory.map((c) => names.of(c) ?? c)) }) : t('campaigns.usage.summary.worldwide');
  const parts =
    u.kind === 'paid'
      ? [t('campaigns.usage.summary.paid', { platforms: list(u.platforms.map(platformLabel)), territory, days: u.term_days })]
      : [t('campaigns.usage.summary.organic', { territory, days: u.term_days })];
  parts.push(
    u.exclusivity_category && u.exclusivity_days ? t('campaigns.usage.summary.exclusivity', { category: u.exclusivity_category, days: u.exclusivity_days }) : t('campaigns.usage.summary.noExclusivity'),
  );
  if (u.kind === 'paid' && u.price_cents !== null) parts.push(t('campaigns.usage.summary.price', { price: money(u.price_cents) }));
  return `${parts.join('; ')}.`;
}
