import type { LicenceTerms } from '@contract/licence';
import { centsToDollarsInput, dollarsToCents, priceChargeable } from '@contract/money';
import { z } from 'zod/mini';
import { usageRightsMessages } from './usage-rights-messages';

export { usageRightsMessages } from './usage-rights-messages';

/**
 * The licence a campaign buys (issue 36 item 2, decision 0056): the same rules api.set_campaign_usage_rights
 * and the table's checks enforce; the campaign form's "Usage rights" section uses it.
 */
export const USAGE_PLATFORMS = ['instagram', 'tiktok', 'youtube'] as const;
const MAX_DAYS = 3650;

export interface UsageRightsFormValues {
  kind: string;
  platforms: string[];
  /** Empty for worldwide, else country codes as typed ("us, mx"). */
  territory: string;
  /** Days as typed. */
  termDays: string;
  /** Dollars as typed; only for paid usage. */
  price: string;
  exclusivityCategory: string;
  /** Days as typed; empty when there is no exclusivity. */
  exclusivityDays: string;
}

const isWholeNumber = (v: string) => /^\s*-?\d+\s*$/.test(v);
const isDays = (v: string) => /^\s*\d{1,4}\s*$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_DAYS;
export const territoryCodes = (v: string): string[] | null =>
  v.trim() === '' ? null : v.split(/[\s,]+/).filter(Boolean).map((c) => c.toUpperCase());
const isTerritory = (v: string) => (territoryCodes(v) ?? []).every((c) => /^[A-Z]{2}$/.test(c));

export const usageRightsSchema = z
  .object({
    kind: z.string().check(z.refine((v) => v === 'organic' || v === 'paid', usageRightsMessages.kind)),
    platforms: z.array(z.string()),
    territory: z.string().check(z.refine(isTerritory, usageRightsMessages.territory)),
    termDays: z.string().check(
      z.refine((v) => !isWholeNumber(v) || Number(v) >= 1, usageRightsMessages.termNotPositive),
      z.refine((v) => (isWholeNumber(v) && Number(v) < 1) || isDays(v), usageRightsMessages.term),
    ),
    price: z.string(),
    exclusivityCategory: z.string(),
    exclusivityDays: z.string(),
  })
  .check(
    z.refine((v) => v.kind !== 'paid' || (v.platforms.length > 0 && v.platforms.every((p) => (USAGE_PLATFORMS as readonly string[]).includes(p))), {
      message: usageRightsMessages.platforms,
      path: ['platforms'],
    }),
    z.refine((v) => v.kind !== 'paid' || dollarsToCents(v.price) !== null, { message: usageRightsMessages.price, path: ['price'] }),
    z.refine((v) => v.kind !== 'paid' || dollarsToCents(v.price) === null || priceChargeable(dollarsToCents(v.price)), {
      message: usageRightsMessages.priceChargeable,
      path: ['price'],
    }),
    z.refine((v) => (v.exclusivityCategory.trim() === '') === (v.exclusivityDays.trim() === ''), {
      message: usageRightsMessages.exclusivityIncomplete,
      path: ['exclusivityCategory'],
    }),
    z.refine((v) => v.exclusivityDays.trim() === '' || isDays(v.exclusivityDays), {
      message: usageRightsMessages.exclusivityDays,
      path: ['exclusivityDays'],
    }),
  );

/** A new campaign's licence: organic posting, worldwide, a year (the table's defaults). */
export function usageRightsDefaults(): UsageRightsFormValues {
  return { kind: 'organic', platforms: [], territory: '', termDays: '365', price: '', exclusivityCategory: '', exclusivityDays: '' };
}

/** The form's values of a stored licence (the edit form starts from it). */
export function usageRightsFormValues(u: LicenceTerms | null | undefined): UsageRightsFormValues {
  if (!u) return usageRightsDefaults();
  return {
    kind: u.kind,
    platforms: u.platforms,
    territory: (u.territory ?? []).join(', '),
    termDays: String(u.term_days),
    price: u.price_cents === null ? '' : centsToDollarsInput(u.price_cents),
    exclusivityCategory: u.exclusivity_category ?? '',
    exclusivityDays: u.exclusivity_days === null ? '' : String(u.exclusivity_days),
  };
}

/** The arguments of api.set_campaign_usage_rights from valid form values. */
export type UsageRightsArgs = ReturnType<typeof toUsageRightsArgs>;
export function toUsageRightsArgs(campaignId: string, v: UsageRightsFormValues) {
  const paid = v.kind === 'paid';
  return {
    campaign_id: campaignId,
    usage_kind: v.kind,
    usage_platforms: paid ? v.platforms : [],
    usage_territory: territoryCodes(v.territory),
    usage_term_days: Number(v.termDays),
    usage_price_cents: paid ? dollarsToCents(v.price) : null,
    exclusivity_category: v.exclusivityCategory.trim() || null,
    exclusivity_days: v.exclusivityDays.trim() ? Number(v.exclusivityDays) : null,
  };
}
