// zod/mini: the same validation with a fraction of the bundle weight on the first screen users see.
import { z } from 'zod/mini';
import { authMessages } from './auth-messages';

export { authMessages } from './auth-messages';
export { pickUsername, type SocialField } from './username';

const USERNAME_CHARS = /^[A-Za-z0-9._]+$/;

/** Login: a valid email and a password of at least 6 characters. */
const email = z.pipe(z.string().check(z.trim()), z.email(authMessages.email));

export const loginSchema = z.object({
  email,
  password: z.string().check(z.minLength(6, authMessages.passwordMin)),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** A social username: optional, but when given at least 3 characters of letters, digits, dots and underscores. */
const socialUsername = z.string().check(
  z.trim(),
  z.refine((v) => v === '' || v.length >= 3, authMessages.usernameMin),
  z.refine((v) => v === '' || USERNAME_CHARS.test(v), authMessages.usernameChars),
);

/**
 * Register (creators only). The cross-field rules sit in superRefine so they report together with the
 * field rules: the mismatch on the confirm field, "at least one social username" on the TikTok field.
 */
export const registerSchema = z
  .object({
    role: z.literal('creator'),
    fullName: z.string().check(z.trim(), z.minLength(2, authMessages.fullNameMin)),
    tiktokUsername: socialUsername,
    instagramUsername: socialUsername,
    youtubeUsername: socialUsername,
    email,
    password: z.string().check(z.minLength(6, authMessages.passwordMin)),
    passwordConfirm: z.string(),
    terms: z.boolean().check(z.refine((v) => v, authMessages.terms)),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.password !== v.passwordConfirm) {
        ctx.addIssue({ code: 'custom', message: authMessages.passwordMismatch, path: ['passwordConfirm'], input: v.passwordConfirm });
      }
      if (!v.tiktokUsername.trim() && !v.instagramUsername.trim() && !v.youtubeUsername.trim()) {
        ctx.addIssue({ code: 'custom', message: authMessages.oneSocial, path: ['tiktokUsername'], input: v.tiktokUsername });
      }
    }),
  );
export type RegisterInput = z.infer<typeof registerSchema>;
/** What the form holds before validation (terms starts unchecked). */
export type RegisterFormValues = z.input<typeof registerSchema>;
