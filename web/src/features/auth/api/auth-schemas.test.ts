import { describe, expect, it } from 'vitest';
import { authMessages, brandRegisterSchema, loginSchema, pickUsername, registerSchema, type RegisterFormValues } from './auth-schemas';

/** The messages zod reports, keyed by field path. */
function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

const validRegister: RegisterFormValues = {
  role: 'creator',
  fullName: 'Ana Gómez',
  tiktokUsername: 'ana.gomez_',
  instagramUsername: '',
  youtubeUsername: '',
  email: 'ana@example.com',
  password: 'secret1',
  passwordConfirm: 'secret1',
  terms: true,
};

describe('loginSchema', () => {
  it('accepts a valid email and a 6-character password, trimming the email', () => {
    const r = loginSchema.safeParse({ email: '  ana@example.com ', password: '123456' });
    expect(r.success).toBe(true);
    expect(r.data?.email).toBe('ana@example.com');
  });

  it('refuses a bad email and a short password with the Spanish messages', () => {
    const r = loginSchema.safeParse({ email: 'not-an-email', password: '12345' });
    expect(errorsOf(r)).toEqual({ email: [authMessages.email], password: [authMessages.passwordMin] });
    expect(authMessages.email).toBe('Por favor ingresa un correo electrónico válido');
    expect(authMessages.passwordMin).toBe('La contraseña debe tener al menos 6 caracteres');
  });

  it('refuses an empty email with the email message', () => {
    expect(errorsOf(loginSchema.safeParse({ email: '', password: '123456' }))).toEqual({ email: [authMessages.email] });
  });
});

describe('registerSchema', () => {
  it('accepts a complete creator registration', () => {
    expect(registerSchema.safeParse(validRegister).success).toBe(true);
  });

  it('accepts any one of the three social usernames', () => {
    for (const field of ['tiktokUsername', 'instagramUsername', 'youtubeUsername'] as const) {
      const r = registerSchema.safeParse({ ...validRegister, tiktokUsername: '', [field]: 'someone' });
      expect(r.success, field).toBe(true);
    }
  });

  it('puts "at least one social username" on the TikTok field when all three are empty', () => {
    const r = registerSchema.safeParse({ ...validRegister, tiktokUsername: '  ' });
    expect(errorsOf(r)).toEqual({ tiktokUsername: ['Se requiere al menos un usuario de redes sociales'] });
  });

  it('refuses a username shorter than 3 and one with other characters', () => {
    const r = registerSchema.safeParse({ ...validRegister, instagramUsername: 'ab', youtubeUsername: 'con espacio!' });
    expect(errorsOf(r)).toEqual({
      instagramUsername: ['El usuario debe tener al menos 3 caracteres'],
      youtubeUsername: ['El usuario solo puede contener letras, números, puntos y guiones bajos'],
    });
  });

  it('reports the password mismatch on the confirm field, together with field errors', () => {
    const r = registerSchema.safeParse({ ...validRegister, fullName: 'A', passwordConfirm: 'other1' });
    expect(errorsOf(r)).toEqual({
      fullName: ['El nombre debe tener al menos 2 caracteres'],
      passwordConfirm: ['Las contraseñas no coinciden'],
    });
  });

  it('requires the terms to be accepted', () => {
    expect(errorsOf(registerSchema.safeParse({ ...validRegister, terms: false }))).toEqual({ terms: ['Debes aceptar los términos y condiciones'] });
  });

  it('only allows the creator role', () => {
    const r = registerSchema.safeParse({ ...validRegister, role: 'admin' });
    expect(Object.keys(errorsOf(r))).toEqual(['role']);
  });

  it('refuses a bad email and a short password', () => {
    const r = registerSchema.safeParse({ ...validRegister, email: 'x@', password: '123', passwordConfirm: '123' });
    expect(errorsOf(r)).toEqual({ email: [authMessages.email], password: [authMessages.passwordMin] });
  });
});

describe('pickUsername', () => {
  it('takes the first filled social username in form order, with its field', () => {
    expect(pickUsername({ tiktokUsername: '', instagramUsername: ' insta_ana ', youtubeUsername: 'yt' })).toEqual({
      username: 'insta_ana',
      field: 'instagramUsername',
    });
    expect(pickUsername({ tiktokUsername: 'tt', instagramUsername: 'ig', youtubeUsername: '' })?.field).toBe('tiktokUsername');
    expect(pickUsername({ tiktokUsername: '', instagramUsername: '', youtubeUsername: 'yt_ana' })?.username).toBe('yt_ana');
  });

  it('returns null when none is filled', () => {
    expect(pickUsername({ tiktokUsername: ' ', instagramUsername: '', youtubeUsername: '' })).toBeNull();
  });
});

describe('brandRegisterSchema (issue 32, item 2)', () => {
  const valid = { role: 'brand', companyName: ' Nova Labs ', website: 'novalabs.com', email: 'ana@novalabs.com', password: 'secret1', passwordConfirm: 'secret1', terms: true };

  it('accepts a company, a website (bare host or link) and a work email, trimmed', () => {
    const r = brandRegisterSchema.safeParse(valid);
    expect(r.success).toBe(true);
    expect(r.data?.companyName).toBe('Nova Labs');
    for (const website of ['https://www.novalabs.com', 'http://novalabs.com.mx/es', 'shop.novalabs.com:8443/x']) {
      expect(brandRegisterSchema.safeParse({ ...valid, website }).success).toBe(true);
    }
  });

  it('refuses a missing company, a website that is not one, a mismatch and unaccepted terms', () => {
    for (const website of ['', 'novalabs', 'javascript:alert(1)', 'https://user@novalabs.com', 'nova labs.com', 'ftp://novalabs.com']) {
      expect(errorsOf(brandRegisterSchema.safeParse({ ...valid, website })).website).toEqual([authMessages.website]);
    }
    expect(errorsOf(brandRegisterSchema.safeParse({ ...valid, companyName: ' N ', passwordConfirm: 'other1', terms: false }))).toEqual({
      companyName: [authMessages.companyNameMin],
      passwordConfirm: [authMessages.passwordMismatch],
      terms: [authMessages.terms],
    });
  });

  it('caps the company name at 200 characters, as the database does', () => {
    expect(errorsOf(brandRegisterSchema.safeParse({ ...valid, companyName: 'N'.repeat(201) })).companyName).toEqual([authMessages.companyNameMax]);
  });

  it('is for brands only: the role cannot be admin', () => {
    expect(brandRegisterSchema.safeParse({ ...valid, role: 'admin' }).success).toBe(false);
  });
});
