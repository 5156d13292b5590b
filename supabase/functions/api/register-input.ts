import { throwIfInvalid } from '../_shared/admin-user-input.ts';

/** Spanish messages of the sign-up rules (spec section 5). */
export const registerMessages = {
  email: 'Por favor ingresa un correo electrónico válido',
  passwordMin: 'La contraseña debe tener al menos 6 caracteres',
  fullNameMin: 'El nombre debe tener al menos 2 caracteres',
  usernameMin: 'El usuario debe tener al menos 3 caracteres',
  usernameChars: 'El usuario solo puede contener letras, números, puntos y guiones bajos',
  passwordMismatch: 'Las contraseñas no coinciden',
  terms: 'Debes aceptar los términos y condiciones',
  oneSocial: 'Se requiere al menos un usuario de redes sociales',
  role: 'Solo los creadores pueden registrarse',
  usernameTaken: 'Este usuario ya está registrado. Prueba con otro.',
  emailTaken: 'Este correo electrónico ya está registrado',
} as const;

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const USERNAME_CHARS = /^[A-Za-z0-9._]+$/;
const SOCIAL = ['tiktokUsername', 'instagramUsername', 'youtubeUsername'] as const;

export interface LoginInput {
  email: string;
  password: string;
}

export interface RegisterInput {
  email: string;
  password: string;
  fullName: string;
  /** The first filled social username (TikTok, Instagram, YouTube). */
  username: string;
  tiktokHandle: string | null;
  instagramHandle: string | null;
  youtubeHandle: string | null;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** POST /api/login: email valid, password at least 6 characters. */
export function parseLogin(body: Record<string, unknown>): LoginInput {
  const email = str(body.email);
  const password = typeof body.password === 'string' ? body.password : '';
  const problems: Array<[string, string]> = [];
  if (!EMAIL.test(email)) problems.push(['email', registerMessages.email]);
  if (password.length < 6) problems.push(['password', registerMessages.passwordMin]);
  throwIfInvalid(problems);
  return { email, password };
}

/**
 * POST /api/register, section 7's payload: email, username, password, fullName, role, terms, the three
 * social username fields and additionalData {tiktokHandle, instagramHandle, youtubeHandle}. The account's
 * username is the first filled social username. passwordConfirm is not sent by the spec's client; when a
 * client sends it, it must match.
 */
export function parseRegister(body: Record<string, unknown>): RegisterInput {
  const problems: Array<[string, string]> = [];
  const fullName = str(body.fullName);
  const email = str(body.email);
  const password = typeof body.password === 'string' ? body.password : '';
  if (fullName.length < 2) problems.push(['fullName', registerMessages.fullNameMin]);
  if (!EMAIL.test(email)) problems.push(['email', registerMessages.email]);
  const social: Record<(typeof SOCIAL)[number], string> = { tiktokUsername: '', instagramUsername: '', youtubeUsername: '' };
  for (const field of SOCIAL) {
    const value = str(body[field]);
    social[field] = value;
    if (!value) continue;
    if (value.length < 3) problems.push([field, registerMessages.usernameMin]);
    else if (!USERNAME_CHARS.test(value)) problems.push([field, registerMessages.usernameChars]);
  }
  if (password.length < 6) problems.push(['password', registerMessages.passwordMin]);
  if (body.passwordConfirm !== undefined && body.passwordConfirm !== password) {
    problems.push(['passwordConfirm', registerMessages.passwordMismatch]);
  }
  if ((body.role ?? 'creator') !== 'creator') problems.push(['role', registerMessages.role]);
  if (body.terms !== true) problems.push(['terms', registerMessages.terms]);
  const username = social.tiktokUsername || social.instagramUsername || social.youtubeUsername;
  if (!username) problems.push(['tiktokUsername', registerMessages.oneSocial]);
  throwIfInvalid(problems);

  const extra = body.additionalData && typeof body.additionalData === 'object' ? (body.additionalData as Record<string, unknown>) : {};
  const handle = (key: string, fallback: string) => str(extra[key]) || fallback || null;
  return {
    email,
    password,
    fullName,
    username,
    tiktokHandle: handle('tiktokHandle', social.tiktokUsername),
    instagramHandle: handle('instagramHandle', social.instagramUsername),
    youtubeHandle: handle('youtubeHandle', social.youtubeUsername),
  };
}
