import { randomBytes } from 'node:crypto';
import { bcrypt } from './bcrypt-backend.ts';
import { AuthApiError, badRequest } from './errors.ts';

/** GoTrue's defaults: bcrypt cost 10, minimum length 6, bcrypt's 72-byte ceiling. */
const BCRYPT_COST = 10;
export const MIN_PASSWORD_LENGTH = 6;
const MAX_PASSWORD_LENGTH = 72;

/** Hashes with bcrypt under Go's `$2a$` prefix, so hashes look like the ones GoTrue and pgcrypto store. */
export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

/** Compares against a stored hash; a missing or unreadable hash never matches. */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash || !/^\$2[aby]\$\d\d\$/.test(hash)) return false;
  try {
    return await bcrypt.verify(password, hash);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, compared against when the email is unknown so that such an answer costs
 * one bcrypt comparison too: without it an unknown email answered in milliseconds and a known one in
 * tens of them, which told a guesser which addresses have accounts.
 */
let decoyHash: Promise<string> | undefined;

/** Spends the time of a real comparison and fails; for sign-ins to accounts that do not exist. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  // Made on first use, not at start-up: every stack start would pay for a hash it may never need.
  decoyHash ??= hashPassword(randomBytes(18).toString('base64'));
  await bcrypt.verify(password, await decoyHash);
  return false;
}

/** GoTrue's checkPasswordStrength with the local defaults (length only). */
export function checkPasswordStrength(password: string): void {
  if (Buffer.byteLength(password) > MAX_PASSWORD_LENGTH) {
    throw badRequest('validation_failed', `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  if (Buffer.byteLength(password) < MIN_PASSWORD_LENGTH) {
    const message = `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`;
    throw new AuthApiError(422, 'weak_password', message, { weak_password: { reasons: ['length'] } });
  }
}
