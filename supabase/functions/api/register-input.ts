import { apiRegisterSchema, loginSchema, SIGN_UP_FIELD_ORDER, type LoginInput } from '../_shared/contract/sign-up.ts';
import { pickUsername } from '../_shared/contract/social-username.ts';
import { asObject, parseInput } from '../_shared/parse-input.ts';

export type { LoginInput };

export interface RegisterInput {
  email: string;
  password: string;
  fullName: string;
  /** The first filled social username (TikTok, Instagram, YouTube). */
  username: string;
  tiktokHandle: string | null;
  instagramHandle: string | null;
  youtubeHandle: string | null;
  /** The creator's country (ISO 3166 alpha-2), optional: Brazil makes the account's language Portuguese (issue 37). */
  country: string | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** POST /api/login: the sign-in form's rules (email valid, password at least 6 characters). */
export function parseLogin(body: Record<string, unknown>): LoginInput {
  return parseInput(loginSchema, { email: text(body.email), password: text(body.password) }, ['email', 'password']);
}

/**
 * POST /api/register, section 7's payload: email, username, password, fullName, role, terms, the three
 * social username fields and additionalData {tiktokHandle, instagramHandle, youtubeHandle}, checked by the
 * register form's rules. The account's username is the first filled social username. passwordConfirm is
 * not sent by the spec's client; when a client sends it, it must match. A missing role means creator.
 * An optional `country` (two letters; anything else is ignored) goes to the sign-up metadata, where the
 * database starts a creator from Brazil in Portuguese (app.sign_up_language).
 */
export function parseRegister(body: Record<string, unknown>): RegisterInput {
  const input = parseInput(
    apiRegisterSchema,
    {
      role: body.role === undefined ? 'creator' : String(body.role),
      fullName: text(body.fullName),
      email: text(body.email),
      tiktokUsername: text(body.tiktokUsername),
      instagramUsername: text(body.instagramUsername),
      youtubeUsername: text(body.youtubeUsername),
      password: text(body.password),
      passwordConfirm: body.passwordConfirm === undefined ? undefined : text(body.passwordConfirm),
      terms: body.terms === true,
    },
    SIGN_UP_FIELD_ORDER,
  );
  // The schema made sure one is filled.
  const username = pickUsername(input)!.username;
  const extra = body.additionalData && typeof body.additionalData === 'object' ? asObject(body.additionalData) : {};
  const handle = (key: string, fallback: string) => text(extra[key]).trim() || fallback || null;
  return {
    email: input.email,
    password: input.password,
    fullName: input.fullName,
    username,
    tiktokHandle: handle('tiktokHandle', input.tiktokUsername),
    instagramHandle: handle('instagramHandle', input.instagramUsername),
    youtubeHandle: handle('youtubeHandle', input.youtubeUsername),
    country: /^[A-Za-z]{2}$/.test(text(body.country).trim()) ? text(body.country).trim().toUpperCase() : null,
  };
}
