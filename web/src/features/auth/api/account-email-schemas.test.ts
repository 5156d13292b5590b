import { describe, expect, it } from 'vitest';
import { forgotPasswordSchema, newPasswordSchema } from './account-email-schemas';

function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('forgotPasswordSchema', () => {
  it('takes a valid email, trimmed', () => {
    expect(forgotPasswordSchema.safeParse({ email: ' ana@example.com ' }).data).toEqual({ email: 'ana@example.com' });
  });

  it("refuses a bad or empty email with the spec's message", () => {
    expect(errorsOf(forgotPasswordSchema.safeParse({ email: 'ana@' }))).toEqual({ email: ['Por favor ingresa un correo electrónico válido'] });
    expect(errorsOf(forgotPasswordSchema.safeParse({ email: '' }))).toEqual({ email: ['Por favor ingresa un correo electrónico válido'] });
  });
});

describe('newPasswordSchema', () => {
  it('takes a password of at least 6 characters typed twice', () => {
    expect(newPasswordSchema.safeParse({ password: 'secret', passwordConfirm: 'secret' }).success).toBe(true);
  });

  it("refuses a short password and a mismatch with the spec's messages, the mismatch on the confirm field", () => {
    expect(errorsOf(newPasswordSchema.safeParse({ password: '12345', passwordConfirm: '12345' }))).toEqual({
      password: ['La contraseña debe tener al menos 6 caracteres'],
    });
    expect(errorsOf(newPasswordSchema.safeParse({ password: 'secret1', passwordConfirm: 'secret2' }))).toEqual({
      passwordConfirm: ['Las contraseñas no coinciden'],
    });
  });
});
