import { z } from 'zod/mini';
import { signUpMessages as m } from '@contract/sign-up-messages';

// The rules of spec section 5 for the fields these screens share with sign-in and sign-up, with the same
// messages (so messages/auth-text.ts says them in the reader's language).

const email = z.pipe(z.string().check(z.trim()), z.email(m.email));

/** Forgot password: the address to send the link to. */
export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** A new password, typed twice; the mismatch is reported on the confirm field. */
export const newPasswordSchema = z
  .object({ password: z.string().check(z.minLength(6, m.passwordMin)), passwordConfirm: z.string() })
  .check(
    z.refine((v) => v.password === v.passwordConfirm, { message: m.passwordMismatch, path: ['passwordConfirm'] }),
  );
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;
