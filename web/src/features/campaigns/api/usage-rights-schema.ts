import { dollarsToCents } from '@contract/money';
import { z } from 'zod/mini';

/**
 * The licence a campaign buys (issue 36 item 2, decision 0056): the same rules api.set_campaign_usage_rights
 * and the table's checks enforce. The English text is each rule's identifier. Not yet wired into the
 * campaign form: the form's "Usage rights" section is still to do.
 */
export const usageRightsMessages = {
  kind: 'Choose organic or paid usage',
  term: 'The licence term must be a whole number of days from 1 to 3650',
  platforms: 'Paid usage needs at least one platform',
  price: 'Paid usage needs a licence price, e.g. 250.00',
  territory: 'Use two-letter country codes separated by commas, e.g. US, MX',
  exclusivityIncomplete: 'Exclusivity needs both a category and a number of days',
  exclusivityDays: 'Exclusivity must last a whole number of days from 1 to 3650',
} as const;

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

const isDays = (v: string) => /^\s*\d{1,4}\s*$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_DAYS;
export const territoryCodes = (v: string): string[] | null =>
  v.trim() === '' ? null : v.split(/[\s,]+/).filter(Boolean).map((c) => c.toUpperCase());
const isTerritory = (v: string) => (territoryCodes(v) ?? []).every((c) => /^[A-Z]{2}$/.test(c));

export const usageRightsSchema = z
  .object({
    kind: z.string().check(z.refine((v) => v === 'organic' || v === 'paid', usageRightsMessages.kind)),
    platforms: z.array(z.string()),
    territory: z.string().check(z.refine(isTerritory, usageRightsMessages.territory)),
    termDays: z.string().check(z.refine(isDays, usageRightsMessages.term)),
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
    z.refine((v) => (v.exclusivityCategory.trim() === '') === (v.exclusivityDays.trim() === ''), {
      message: usageRightsMessages.exclusivityIncomplete,
      path: ['exclusivityCategory'],
    }),
    z.refine((v) => v.exclusivityDays.trim() === '' || isDays(v.exclusivityDays), {
      message: usageRightsMessages.exclusivityDays,
      path: ['exclusivityDays'],
    }),
  );

/** The arguments of api.set_campaign_usage_rights from valid form values. */
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
