// zod/mini: the same validation with a fraction of the bundle weight on the first screen users see.
import { z } from 'zod/mini';

/** Spanish validation messages of spec section 5, in one place so the tests can pin them. */
export const authMessages = {
  email: 'Por favor ingresa un correo electrónico válido',
  passwordMin: 'La contraseña debe tener al menos 6 caracteres',
  fullNameMin: 'El nombre debe tener al menos 2 caracteres',
  usernameMin: 'El usuario debe tener al menos 3 caracteres',
  usernameChars: 'El usuario solo puede contener letras, números, puntos y guiones bajos',
  passwordMismatch: 'Las contraseñas no coinciden',
  terms: 'Debes aceptar los términos y condiciones',
  oneSocial: 'Se requiere al menos un usuario de redes sociales',
  usernameTaken: 'Este usuario ya está registrado. Prueba con otro.',
} as const;

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

export type SocialField = 'tiktokUsername' | 'instagramUsername' | 'youtubeUsername';

/**
 * The account's username is the first filled social username, in the form's order (TikTok, Instagram,
 * YouTube). Returns the field it came from too, so a "taken" error can be shown on that field.
 */
export function pickUsername(input: Pick<RegisterInput, SocialField>): { username: string; field: SocialField } | null {
  for (const field of ['tiktokUsername', 'instagramUsername', 'youtubeUsername'] as const) {
    const value = input[field].trim();
    if (value) return { username: value, field };
  }
  return null;
}
