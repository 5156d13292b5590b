import { CAMPAIGN_CONTENT_TYPES } from '@contract/campaign-content-types';
import { titleCase } from '@/lib/format';
import type { MessageValues } from '@/i18n/use-t';
import { campaignMessages } from '../api/campaign-messages';
import { usageRightsMessages } from '../api/usage-rights-messages';
import { type DaysLeftOptions, daysLeft } from '@/lib/days-left';
import type en from './en.json';
import { ruleMessages } from '@/i18n/rule-messages';

type Key = keyof typeof en;
/** The translate function of the campaigns catalog (useT(campaignsCatalog).t). */
export type CampaignsT = (key: Key, values?: MessageValues) => string;
type T = CampaignsT;

const COMPENSATION_TYPES = ['flat_fee', 'product', 'performance'] as const;
const STATUSES = ['draft', 'active', 'paused', 'completed'] as const;

const known = <V extends string>(list: readonly V[], value: string): V | undefined => list.find((v) => v === value);

/** A content type's name; one the catalog does not know (a new type in the database) is shown as stored. */
export function contentTypeText(t: T, type: string): string {
  const k = known(CAMPAIGN_CONTENT_TYPES, type);
  return k ? t(`campaigns.contentType.${k}`) : titleCase(type);
}

/** Spec section 9: flat_fee is Flat fee, product is Product exchange, anything else Performance based. */
export function compensationTypeText(t: T, type: string): string {
  return t(`campaigns.compensationType.${known(COMPENSATION_TYPES, type) ?? 'performance'}`);
}

/** A campaign status's name; an unknown one is shown as stored, and none at all reads as active (spec section 4). */
export function campaignStatusText(t: T, status: string): string {
  const k = known(STATUSES, status || 'active');
  return k ? t(`campaigns.status.${k}`) : titleCase(status);
}

/**
 * The days left to a campaign's deadline by the one rule (lib/days-left: calendar days in the viewer's time
 * zone): "12 days left", "1 day left", "Ends today", "Ended", the spec's 'No deadline set', or null for a
 * completed campaign, which shows no count at all.
 */
export function daysLeftText(t: T, campaign: { deadline: string | Date | null | undefined; status?: string | null }, options: Omit<DaysLeftOptions, 'status'> = {}): string | null {
  const left = daysLeft(campaign.deadline, { ...options, status: campaign.status });
  switch (left.kind) {
    case 'closed':
      return null;
    case 'none':
      return t('campaigns.noDeadline');
    case 'ended':
      return t('campaigns.deadlineEnded');
    case 'today':
      return t('campaigns.endsToday');
    case 'days':
      return t('campaigns.daysLeft', { count: left.days });
  }
}

const rules = ruleMessages<Key>(campaignMessages, 'campaigns.validation');
const usageRules = ruleMessages<Key>(usageRightsMessages, 'campaigns.usage.validation');

/**
 * A campaign form error in the reader's language: the schema's English message is the key's identifier.
 * `values` fill the texts that name amounts (the flat-fee minimum's {minimum} and {net}).
 */
export function campaignValidationText(t: T, message: string | undefined, values?: MessageValues): string | undefined {
  if (message === undefined) return undefined;
  const key = rules.keyOf(message) ?? usageRules.keyOf(message);
  return key ? t(key, values) : message;
}

/** The codes api.create_campaign, update_campaign, pause_campaign, close_campaign and their triggers raise. */
const ERROR_CODES = [
  'title_required',
  'title_too_long',
  'description_required',
  'content_type_invalid',
  'platforms_required',
  'platforms_invalid',
  'compensation_type_invalid',
  'compensation_invalid',
  'deadline_required',
  'deadline_invalid',
  'deadline_past',
  'deadline_too_far',
  'status_invalid',
  'not_brand',
  'not_owner',
  'campaign_not_found',
  'invalid_transition',
  'revision_rounds_invalid',
  'compensation_below_minimum',
  'deadline_too_soon',
  'brand_not_approved',
] as const;

/** The campaign guard trigger's code for a status a new campaign may not have: the same refusal as status_invalid. */
const ALIASES: Record<string, (typeof ERROR_CODES)[number]> = { invalid_status: 'status_invalid' };

/**
 * The form field a refused campaign write is about, for the codes the form shows on the field (what the
 * brand typed stays; the field says why). Null for the others, which a toast tells.
 */
export function campaignErrorField(error: unknown): 'compensation' | 'deadline' | null {
  const details = (error as { details?: unknown } | null)?.details;
  if (details === 'compensation_below_minimum') return 'compensation';
  if (details === 'deadline_too_soon' || details === 'deadline_past') return 'deadline';
  return null;
}

/**
 * Why a campaign write failed, in the reader's language: by the code the SQL function put in the error's
 * details (ApiError.details), never its English sentence. A request that got no answer says so.
 */
export function campaignErrorText(t: T, error: unknown): string {
  const e = error as { details?: unknown; code?: unknown; message?: unknown } | null;
  const details = typeof e?.details === 'string' ? e.details : '';
  const code = known(ERROR_CODES, details) ?? ALIASES[details];
  if (code) return t(`campaigns.error.${code}`);
  if (error instanceof TypeError || /failed to fetch|networkerror|load failed/i.test(String(e?.message))) return t('campaigns.error.network');
  return t('campaigns.error.unknown');
}

/** "2 revision rounds included", or "No revision rounds included". */
export function revisionRoundsText(t: T, count: number): string {
  return count > 0 ? t('campaigns.revisionRounds', { count }) : t('campaigns.revisionRounds.none');
}
