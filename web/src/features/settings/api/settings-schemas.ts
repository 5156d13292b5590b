import { centsToDollarsInput, dollarsToCents } from '@contract/money';
import { z } from 'zod';
import { hasVisibleText, normalizeWebUrl, visibleText } from '@/lib/visible-text';

/**
 * Every validation message of the settings forms, in one place so tests can pin them. The English text is
 * the message's identifier; the forms show it in the reader's language (settings/messages, by name).
 */
export const settingsMessages = {
  fullNameMin: 'Full name must be at least 2 characters',
  fullNameMax: 'Full name must be 100 characters or fewer',
  usernameMin: 'Username must be at least 3 characters',
  usernameMax: 'Username must be 30 characters or fewer',
  usernameChars: 'Username can only contain letters, numbers, dots and underscores',
  usernameTaken: 'This username is already taken. Please choose another one.',
  email: 'Please enter a valid email',
  bioMax: 'Bio must be 2000 characters or fewer',
  companyName: 'Company name is required',
  companyNameMax: 'Company name must be 200 characters or fewer',
  website: 'Website must be a link starting with http:// or https://',
  websiteMax: 'Website must be 300 characters or fewer',
  industryMax: 'Industry must be 100 characters or fewer',
  contactPhoneMax: 'Contact phone must be 40 characters or fewer',
  locationMax: 'Location must be 100 characters or fewer',
  contactEmail: 'Please enter a valid contact email',
  niche: 'Please select a valid niche',
  handleMin: 'Handle must be at least 3 characters',
  handleChars: 'Handle can only contain letters, numbers, dots and underscores',
  rateNumber: 'Rate per post must be a number',
  rateMin: 'Rate per post must be 0 or more',
  rateStep: 'Rate per post must be in steps of $10',
  currentPassword: 'Please enter your current password',
  currentPasswordWrong: 'Your current password is incorrect.',
  signInAgain: 'Please sign in again to change your password.',
  newPasswordMin: 'Password must be at least 6 characters',
  passwordMismatch: "Passwords don't match",
  samePassword: 'New password should be different from the old password.',
  weakPassword: 'The password is too weak',
} as const;

export const CREATOR_NICHES = ['Beauty', 'Fashion', 'Fitness', 'Food', 'Lifestyle', 'Tech', 'Travel'] as const;

const USERNAME_CHARS = /^[A-Za-z0-9._]+$/;
const EMAIL = z.email(settingsMessages.email);

/** Account tab: the same rules as the Edit User form (spec section 5), enforced again by api.update_account. */
export const accountSchema = z.object({
  fullName: z
    .string()
    .trim()
    // Two characters that show (zero-width ones do not count), as api.update_account checks.
    .refine((v) => visibleText(v).length >= 2, settingsMessages.fullNameMin)
    .refine((v) => v.length <= 100, settingsMessages.fullNameMax),
  username: z
    .string()
    .trim()
    .min(3, settingsMessages.usernameMin)
    .max(30, settingsMessages.usernameMax)
    .regex(USERNAME_CHARS, settingsMessages.usernameChars),
  email: z.string().trim().pipe(EMAIL),
  bio: z.string().max(2000, settingsMessages.bioMax),
});
export type AccountInput = z.input<typeof accountSchema>;
export type AccountValues = z.output<typeof accountSchema>;

/** An optional text field: blank means "not set". */
const optionalText = (max: number, message: string) => z.string().trim().max(max, message);

/** Profile tab for brands. */
export const brandProfileSchema = z.object({
  companyName: z
    .string()
    .trim()
    .refine(hasVisibleText, settingsMessages.companyName)
    .refine((v) => v.length <= 200, settingsMessages.companyNameMax),
  // An http(s) link as api.update_brand_profile stores it (a bare domain gains https://; '' when blank).
  website: optionalText(300, settingsMessages.websiteMax)
    .refine((v) => normalizeWebUrl(v) !== null, settingsMessages.website)
    .transform((v) => normalizeWebUrl(v) ?? v),
  industry: optionalText(100, settingsMessages.industryMax),
  contactEmail: z.string().trim().refine((v) => v === '' || EMAIL.safeParse(v).success, settingsMessages.contactEmail),
  contactPhone: optionalText(40, settingsMessages.contactPhoneMax),
});
export type BrandProfileInput = z.input<typeof brandProfileSchema>;
export type BrandProfileValues = z.output<typeof brandProfileSchema>;

/** A social handle: optional; typed with or without @; at least 3 letters, digits, dots or underscores. */
const handle = z
  .string()
  .trim()
  .transform((v) => v.replace(/^@+/, ''))
  .refine((v) => v === '' || v.length >= 3, settingsMessages.handleMin)
  .refine((v) => v === '' || USERNAME_CHARS.test(v), settingsMessages.handleChars);

/**
 * Rate per post in dollars as typed (spec: numeric, minimum 0, step 10). Blank means "not specified";
 * otherwise it must be a whole number of tens of dollars.
 */
const ratePerPost = z
  .string()
  .trim()
  .refine((v) => v === '' || v.startsWith('-') || dollarsToCents(v) !== null, settingsMessages.rateNumber)
  .refine((v) => !v.startsWith('-'), settingsMessages.rateMin)
  .refine((v) => (dollarsToCents(v) ?? 0) % 1000 === 0, settingsMessages.rateStep);

/** Profile tab for creators. */
export const creatorProfileSchema = z.object({
  niche: z.enum(['', ...CREATOR_NICHES], settingsMessages.niche),
  location: optionalText(100, settingsMessages.locationMax),
  instagramHandle: handle,
  tiktokHandle: handle,
  youtubeHandle: handle,
  ratePerPost,
});
export type CreatorProfileInput = z.input<typeof creatorProfileSchema>;
export type CreatorProfileValues = z.output<typeof creatorProfileSchema>;

/** Dollars as typed -> integer cents, or undefined when blank (the api then stores "not specified"). */
export function rateToCents(rate: string): number | undefined {
  return dollarsToCents(rate) ?? undefined;
}

/** Cents from the api -> the dollars shown in the input ("" when not set). */
export function centsToRate(cents: number | null | undefined): string {
  return cents == null ? '' : centsToDollarsInput(Number(cents));
}

/** Security tab: the current password (checked by signing in with it, see update-password.ts), a new one of 6+ characters, confirmed. */
export const passwordSchema = z
  .object({
    currentPassword: z.string().min(1, settingsMessages.currentPassword),
    newPassword: z.string().min(6, settingsMessages.newPasswordMin),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: settingsMessages.passwordMismatch, path: ['confirmPassword'] });
export type PasswordInput = z.input<typeof passwordSchema>;
