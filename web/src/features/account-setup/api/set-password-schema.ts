import { z } from 'zod';

/** The form's rules; the English text is each message's identifier (shown translated, see messages/). */
export const setPasswordMessages = {
  passwordMin: 'Password must be at least 6 characters',
  passwordMismatch: "Passwords don't match",
} as const;

export const setPasswordSchema = z
  .object({
    password: z.string().min(6, setPasswordMessages.passwordMin),
    passwordConfirm: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirm, { message: setPasswordMessages.passwordMismatch, path: ['passwordConfirm'] });
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;
