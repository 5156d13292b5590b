import { CAMPAIGN_CONTENT_TYPES } from '@contract/campaign-content-types';
import { addDays, addYears, format } from 'date-fns';
import { z } from 'zod/mini';
import { hasVisibleText } from '@/lib/visible-text';
import type { CampaignStatus, CompensationType, ContentType } from '@/types/api';
import { dollarsToCents } from '@contract/money';
import type { CampaignInput } from '../types';
import { campaignMessages } from './campaign-messages';
import { toUsageRightsArgs, usageRightsDefaults, usageRightsSchema, type UsageRightsArgs, type UsageRightsFormValues } from './usage-rights-schema';

export { campaignMessages } from './campaign-messages';

/** How many revision rounds a campaign may include (the database's check), and the default. */
export const MAX_REVISION_ROUNDS = 10;
export const DEFAULT_REVISION_ROUNDS = 2;

const oneOf = (value: string, list: readonly string[]) => list.includes(value);

/** The content types the form offers: the database's list, the same the browse filter offers. */
export const FORM_CONTENT_TYPES = CAMPAIGN_CONTENT_TYPES satisfies readonly ContentType[];
export const PLATFORMS = ['tiktok', 'instagram', 'youtube', 'facebook', 'twitter'] as const;
export const COMPENSATION_TYPES = ['flat_fee', 'product', 'performance'] as const satisfies readonly CompensationType[];

/** The form's values as the inputs hold them (text for amounts and dates). */
export interface CampaignFormValues {
  title: string;
  description: string;
  contentType: string;
  platforms: string[];
  compensationType: string;
  /** Dollars as typed, e.g. "249.99". */
  compensation: string;
  /** yyyy-MM-dd from the date input. */
  deadline: string;
  requirements: string;
  status: string;
  /** A whole number from 0 to 10, as typed: how many times the brand may ask for changes. */
  revisionRounds: string;
  /** The brand reviews the draft file before the creator posts it (decision 0049). */
  draftReview: boolean;
  /** The licence the campaign buys (decision 0056). */
  usage: UsageRightsFormValues;
}

/** Today as the date input writes it, in the user's time zone. */
export function todayInput(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}

/**
 * The create form's defaults: video, flat fee, active (spec), with the amount and the deadline left
 * empty. The spec's $0 and "today" could be published as they were (issue 30, item 8); now nothing is
 * filled in that the rules below would refuse, and the brand types both.
 */
export function createDefaults(_now: Date = new Date()): CampaignFormValues {
  return {
    title: '',
    description: '',
    contentType: 'video',
    platforms: [],
    compensationType: 'flat_fee',
    compensation: '',
    deadline: '',
    requirements: '',
    status: 'active',
    revisionRounds: String(DEFAULT_REVISION_ROUNDS),
    draftReview: false,
    usage: usageRightsDefaults(),
  };
}

/** The first day a published campaign may end: tomorrow, as the date input writes it. */
export function earliestPublishedDeadlineInput(now: Date = new Date()): string {
  return format(addDays(now, 1), 'yyyy-MM-dd');
}

/**
 * What the creator keeps at least from a flat fee, and the smallest flat fee that leaves it at the
 * platform's fee: api.campaign_rules (20250120000200). Until it answers, the form assumes the default 15%
 * fee ($1.17); the database checks the current fee all the same and its answer shows on the field.
 */
export interface PublishRules {
  minimumFlatFeeCents: number;
  minimumNetCents: number;
}
export const DEFAULT_PUBLISH_RULES: PublishRules = { minimumFlatFeeCents: 117, minimumNetCents: 100 };

/** An edit's campaign as stored: the publish rules apply to what the edit changes (see campaignFormSchema). */
export interface StoredCampaignValues {
  status: string;
  compensationType: string;
  compensation: string;
  deadline: string;
}

/** How far ahead a deadline may be (the database allows two years, with slack for time zones). */
export const MAX_DEADLINE_YEARS = 2;

/** The latest deadline the form accepts, as the date input writes it. */
export function maxDeadlineInput(now: Date = new Date()): string {
  return format(addYears(now, MAX_DEADLINE_YEARS), 'yyyy-MM-dd');
}

/**
 * The form's rules, the database's too (api.create_campaign / update_campaign): title and description
 * need visible characters; the deadline is a real date at most two years ahead, and not before today on
 * create (the picker's minimum, checked again for typed dates). An edit may keep the deadline it has
 * (`initialDeadline`, even if it has passed) or move it later; not into the past before it.
 *
 * Publishing (issue 30, item 8; the database's app.validate_campaign_publish): a campaign saved as active
 * that was not active before (created active, or a draft or paused one set to active) needs a flat fee of
 * at least `rules.minimumFlatFeeCents` and a deadline after today; an active campaign edited keeps to the
 * rule whose field it changes (`stored` is the campaign as saved). Drafts are free of both.
 */
export function campaignFormSchema(
  mode: 'create' | 'edit',
  now: Date = new Date(),
  initialDeadline?: string,
  rules: PublishRules = DEFAULT_PUBLISH_RULES,
  stored?: StoredCampaignValues,
) {
  const today = todayInput(now);
  const latest = maxDeadlineInput(now);
  const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(new Date(`${v}T00:00:00`).getTime());
  const checksPast = (v: string) => mode === 'create' || (initialDeadline !== undefined && v < initialDeadline);
  const publishing = (status: string) => status === 'active' && (mode === 'create' || stored?.status !== 'active');
  const checksMoney = (v: CampaignFormValues) =>
    v.status === 'active' && (publishing(v.status) || v.compensationType !== stored?.compensationType || dollarsToCents(v.compensation) !== dollarsToCents(stored?.compensation ?? ''));
  const checksSoon = (v: CampaignFormValues) => v.status === 'active' && (publishing(v.status) || v.deadline !== stored?.deadline);
  return z
    .object({
      title: z.string().check(
        z.refine(hasVisibleText, campaignMessages.title),
        z.refine((v) => v.trim().length <= 200, campaignMessages.titleLong),
      ),
      description: z.string().check(z.refine(hasVisibleText, campaignMessages.description)),
      contentType: z.string().check(z.refine((v) => oneOf(v, FORM_CONTENT_TYPES), campaignMessages.contentType)),
      platforms: z.array(z.string()).check(z.minLength(1, campaignMessages.platforms)),
      compensationType: z.string().check(z.refine((v) => oneOf(v, COMPENSATION_TYPES), campaignMessages.compensationType)),
      compensation: z.string().check(z.refine((v) => dollarsToCents(v) !== null, campaignMessages.compensation)),
      deadline: z.string().check(
        z.refine((v) => v.trim().length > 0, campaignMessages.deadline),
        z.refine((v) => !v.trim() || isDate(v), campaignMessages.deadlineInvalid),
        // yyyy-MM-dd strings compare as dates.
        z.refine((v) => !isDate(v) || !checksPast(v) || v >= today, campaignMessages.deadlinePast),
        z.refine((v) => !isDate(v) || v <= latest, campaignMessages.deadlineTooFar),
      ),
      requirements: z.string(),
      status: z.string().check(
        z.refine((v) => oneOf(v, mode === 'create' ? ['draft', 'active'] : ['draft', 'active', 'paused', 'completed']), campaignMessages.status),
      ),
      revisionRounds: z.string().check(z.refine(isRevisionRounds, campaignMessages.revisionRounds)),
      draftReview: z.boolean(),
      usage: usageRightsSchema,
    })
    .check(
      z.refine(
        (v) => {
          const cents = dollarsToCents(v.compensation);
          return cents === null || v.compensationType !== 'flat_fee' || !checksMoney(v) || cents >= rules.minimumFlatFeeCents;
        },
        { message: campaignMessages.compensationMinimum, path: ['compensation'] },
      ),
      // Today, or a kept past date being published again; a date moved into the past says deadlinePast.
      z.refine((v) => !isDate(v.deadline) || !checksSoon(v) || v.deadline > today || (checksPast(v.deadline) && v.deadline < today), {
        message: campaignMessages.deadlineTooSoon,
        path: ['deadline'],
      }),
    );
}

/** A whole number of revision rounds within the database's range, as the number input writes it. */
function isRevisionRounds(v: string): boolean {
  return /^\s*\d{1,2}\s*$/.test(v) && Number(v) <= MAX_REVISION_ROUNDS;
}

/** The values after validation. */
export type CampaignFormOutput = z.infer<ReturnType<typeof campaignFormSchema>>;

/**
 * The form's values as the api takes them. The deadline is the end of the chosen day in the user's time
 * zone, so a campaign due "today" is still open today.
 */
export type CampaignSave = CampaignInput & { draft_review: boolean; usage_rights: Omit<UsageRightsArgs, 'campaign_id'> };
export function toCampaignInput(values: CampaignFormValues): CampaignSave {
  const { campaign_id: _none, ...usage_rights } = toUsageRightsArgs('', values.usage);
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    content_type: values.contentType as ContentType,
    platforms: values.platforms,
    compensation_type: values.compensationType as CompensationType,
    compensation_cents: dollarsToCents(values.compensation) ?? 0,
    deadline: new Date(`${values.deadline}T23:59:59`).toISOString(),
    requirements: values.requirements.trim() || null,
    status: values.status as CampaignStatus,
    revision_rounds: Number(values.revisionRounds),
    draft_review: values.draftReview,
    usage_rights,
  };
}
