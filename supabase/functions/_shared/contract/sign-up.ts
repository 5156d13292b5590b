// zod/mini: the same rules at a fraction of the bundle weight on the first screen users see.
import { z } from 'zod/mini';
import { signUpMessages as m } from './sign-up-messages.ts';
import { SOCIAL_FIELDS, type SocialField } from './social-username.ts';

/**
 * The sign-in and sign-up rules, shared by the web forms and the /api facade (the database stays the
 * final check: the profile trigger refuses taken and malformed usernames).
 */

const USERNAME_CHARS = /^[A-Za-z0-9._]+$/;


const email = z.pipe(z.string().check(z.trim()), z.email(m.email));
const password = z.string().check(z.minLength(6, m.passwordMin));

/** A social username: optional, but when given at least 3 characters of letters, digits, dots and underscores. */
const socialUsername = z.string().check(
  z.trim(),
  z.refine((v) => v === '' || v.length >= 3, m.usernameMin),
  z.refine((v) => v === '' || USERNAME_CHARS.test(v), m.usernameChars),
);

/** Sign-in: a valid email and a password of at least 6 characters. */
export const loginSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof loginSchema>;

/** The fields of a creator's sign-up, in the order their problems are reported. */
const signUpFields = {
  fullName: z.string().check(z.trim(), z.minLength(2, m.fullNameMin)),
  email,
  tiktokUsername: socialUsername,
  instagramUsername: socialUsername,
  youtubeUsername: socialUsername,
  password,
};
export const SIGN_UP_FIELD_ORDER = [...Object.keys(signUpFields), 'passwordConfirm', 'role', 'terms'];

/**
 * The cross-field rules sit in a check so they report together with the field rules: the mismatch on
 * the confirm field, "at least one social username" on the TikTok field.
 */
const crossFieldRules = z.superRefine(
  (v: { password: string; passwordConfirm?: string | undefined } & Record<SocialField, string>, ctx) => {
    if (v.passwordConfirm !== undefined && v.password !== v.passwordConfirm) {
      ctx.addIssue({ code: 'custom', message: m.passwordMismatch, path: ['passwordConfirm'], input: v.passwordConfirm });
    }
    if (SOCIAL_FIELDS.every((f) => !v[f].trim())) {
      ctx.addIssue({ code: 'custom', message: m.oneSocial, path: ['tiktokUsername'], input: v.tiktokUsername });
    }
  },
);

const creatorOnly = z.literal('creator', m.role);
// Not a literal for the API: a literal's mismatch stops the object's checks, and the cross-field problems
// must be reported with the others.
const creatorRole = z.string().check(z.refine((v) => v === 'creator', m.role));
const termsAccepted = z.boolean().check(z.refine((v) => v, m.terms));

/**
 * The register form (creators only): the password is typed twice. The country is optional and free (one
 * of the payout countries, 'other' or none): it only chooses the starting language (sign-up-language.ts).
 */
export const registerSchema = z
  .object({ role: creatorOnly, ...signUpFields, passwordConfirm: z.string(), terms: termsAccepted, country: z.optional(z.string()) })
  .check(crossFieldRules);
export type RegisterInput = z.infer<typeof registerSchema>;
/** What the form holds before validation (terms starts unchecked). */
export type RegisterFormValues = z.input<typeof registerSchema>;

/** POST /api/register (spec section 7): the client may leave out passwordConfirm and role. */
export const apiRegisterSchema = z
  .object({ role: creatorRole, ...signUpFields, passwordConfirm: z.optional(z.string()), terms: termsAccepted })
  .check(crossFieldRules);
export type ApiRegisterInput = z.infer<typeof apiRegisterSchema>;

/**
 * A website as the database takes it (app.web_url): an http(s) link, or a bare host name with a dot
 * ("glowlab.com/es"), which it stores as https://. No spaces, no user info.
 */
const WEBSITE = /^(https?:\/\/)?[^\s/?#@:]+(\.[^\s/?#@:]+)+(:\d{1,5})?([/?#]\S*)?$/i;
const website = z.string().check(z.trim(), z.refine((v) => WEBSITE.test(v) && v.length <= 2000, m.website));

/**
 * A brand's sign-up (issue 32, item 2): company name, website, work email, password twice, terms. The
 * database makes the account pending until an admin approves it or the confirmed email's domain is the
 * website's (decision 0036).
 */
export const brandRegisterSchema = z
  .object({
    role: z.literal('brand', m.role),
    companyName: z.string().check(z.trim(), z.minLength(2, m.companyNameMin), z.maxLength(200, m.companyNameMax)),
    website,
    email,
    password,
    passwordConfirm: z.string(),
    terms: termsAccepted,
  })
  .check(
    z.superRefine((v: { password: string; passwordConfirm: string }, ctx) => {
      if (v.password !== v.passwordConfirm) {
        ctx.addIssue({ code: 'custom', message: m.passwordMismatch, path: ['passwordConfirm'], input: v.passwordConfirm });
      }
    }),
  );
export type BrandRegisterInput = z.infer<typeof brandRegisterSchema>;
export type BrandRegisterFormValues = z.input<typeof brandRegisterSchema>;
