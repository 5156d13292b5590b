import { bpsToPercent, dollarsToCents, percentToBps } from '@contract/money';
import { z } from 'zod';

/**
 * The Platform settings form's rules, the same ranges api.admin_update_platform_settings enforces. The
 * English text is each rule's identifier; the form says it in the reader's language (admin.settings.validation.*).
 */
export const platformSettingsMessages = {
  feeNumber: 'Enter the fee as a percentage, e.g. 15',
  feeRange: 'The platform fee must be between 0% and 50%',
  feeDecimals: 'The fee can have at most two decimals',
  windowNumber: 'Enter a whole number of hours',
  windowRange: 'The review window must be between 1 and 720 hours',
  minimumNumber: 'Enter an amount in dollars, e.g. 10.00',
  minimumRange: 'The payout minimum must be between $1.00 and $1,000,000.00',
  minimumDecimals: 'The payout minimum can have at most two decimals (cents)',
  schedule: 'Choose a payout schedule',
} as const;

export const PAYOUT_SCHEDULES = ['daily', 'weekly', 'on_request'] as const;

/**
 * A decimal number as an admin types it: "15", "12.5", "12,5" (decimal comma), "$1,000.00" (thousands
 * separators with a decimal point). Returns the number and how many decimals were typed, or null.
 */
export function parseDecimal(text: string): { value: number; decimals: number } | null {
  let s = text.trim().replace(/^\$\s*/, '');
  if (/^\d+,\d{1,2}$/.test(s)) s = s.replace(',', '.');
  else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) s = s.replaceAll(',', '');
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  return { value: Number(s), decimals: s.split('.')[1]?.length ?? 0 };
}

const decimal = (number: string, decimals: string, min: number, max: number, range: string) =>
  z
    .string()
    .refine((v) => parseDecimal(v) !== null, number)
    .refine((v) => (parseDecimal(v)?.decimals ?? 0) <= 2, decimals)
    .refine((v) => {
      const n = parseDecimal(v)?.value;
      return n === undefined || (n >= min && n <= max);
    }, range);

export const platformSettingsSchema = z.object({
  feePercent: decimal(platformSettingsMessages.feeNumber, platformSettingsMessages.feeDecimals, 0, 50, platformSettingsMessages.feeRange),
  reviewWindowHours: z
    .string()
    .trim()
    .regex(/^\d+$/, platformSettingsMessages.windowNumber)
    .refine((v) => Number(v) >= 1 && Number(v) <= 720, platformSettingsMessages.windowRange),
  payoutMinimum: decimal(platformSettingsMessages.minimumNumber, platformSettingsMessages.minimumDecimals, 1, 1_000_000, platformSettingsMessages.minimumRange),
  payoutSchedule: z.enum(PAYOUT_SCHEDULES, platformSettingsMessages.schedule),
});

export type PlatformSettingsInput = z.input<typeof platformSettingsSchema>;

/** The arguments of api.admin_update_platform_settings. */
export interface PlatformSettingsArgs {
  fee_bps: number;
  review_window_hours: number;
  payout_minimum_cents: number;
  payout_schedule: (typeof PAYOUT_SCHEDULES)[number];
}

/** The form's values from the stored settings: 1500 bps -> "15", 1000 cents -> "10.00". */
export function settingsToInput(s: { fee_bps: number; review_window_hours: number; payout_minimum_cents: number; payout_schedule: string }): PlatformSettingsInput {
  const schedule = PAYOUT_SCHEDULES.find((p) => p === s.payout_schedule) ?? 'daily';
  return {
    feePercent: String(bpsToPercent(s.fee_bps)),
    reviewWindowHours: String(s.review_window_hours),
    payoutMinimum: (s.payout_minimum_cents / 100).toFixed(2),
    payoutSchedule: schedule,
  };
}

/** What the form sends, from values that passed the schema: "12.5" % -> 1250 bps, "10.00" $ -> 1000 cents. */
export function inputToArgs(v: PlatformSettingsInput): PlatformSettingsArgs {
  return {
    fee_bps: percentToBps(v.feePercent)!,
    review_window_hours: Number(v.reviewWindowHours.trim()),
    payout_minimum_cents: dollarsToCents(v.payoutMinimum)!,
    payout_schedule: v.payoutSchedule,
  };
}

/** The form field a refusal of api.admin_update_platform_settings (its DETAIL code) belongs to, and its rule. */
export const SETTINGS_ERROR_FIELDS = {
  fee_out_of_range: ['feePercent', platformSettingsMessages.feeRange],
  review_window_out_of_range: ['reviewWindowHours', platformSettingsMessages.windowRange],
  payout_minimum_out_of_range: ['payoutMinimum', platformSettingsMessages.minimumRange],
  payout_schedule_invalid: ['payoutSchedule', platformSettingsMessages.schedule],
} as const satisfies Record<string, readonly [keyof PlatformSettingsInput, string]>;

/** The field and rule of a refused save, when the database named one. */
export function refusedField(error: unknown): (typeof SETTINGS_ERROR_FIELDS)[keyof typeof SETTINGS_ERROR_FIELDS] | undefined {
  const details = (error as { details?: unknown } | null)?.details;
  return typeof details === 'string' && Object.hasOwn(SETTINGS_ERROR_FIELDS, details) ? SETTINGS_ERROR_FIELDS[details as keyof typeof SETTINGS_ERROR_FIELDS] : undefined;
}
