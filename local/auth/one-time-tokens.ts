import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

/** auth.one_time_token_type values this stack writes. */
export type OneTimeTokenType = 'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'email_change_token_current';

/** A uniformly drawn numeric code of `digits` digits, zero-padded (GoTrue's GenerateOtp). */
export function generateOtp(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/**
 * What GoTrue stores and puts in links: hex SHA-224 of the address followed by the code. The code typed
 * from an email and the link's token_hash therefore find the same row.
 */
export function tokenHash(address: string, otp: string): string {
  return createHash('sha224').update(address + otp).digest('hex');
}

export async function clearOneTimeTokens(q: Queryable, userId: string, type?: OneTimeTokenType): Promise<void> {
  if (type) await q.query('delete from auth.one_time_tokens where user_id = $1::uuid and token_type = $2::auth.one_time_token_type', [userId, type]);
  else await q.query('delete from auth.one_time_tokens where user_id = $1::uuid', [userId]);
}

/** Replaces the user's token of this type (GoTrue's CreateOneTimeToken); relates_to is the address, lower-cased. */
export async function createOneTimeToken(q: Queryable, userId: string, type: OneTimeTokenType, hash: string, relatesTo: string): Promise<void> {
  await clearOneTimeTokens(q, userId, type);
  await q.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1::uuid, $2::uuid, $3::auth.one_time_token_type, $4, $5, now(), now())`,
    [randomUUID(), userId, type, hash, relatesTo.toLowerCase()],
  );
}

export interface FoundToken {
  userId: string;
  type: OneTimeTokenType;
}

/** The token row with this hash among the given types, locking it so two uses of one link serialize. */
// The types travel as text[]: PGlite serializes a JS array only for array types it knows, not an enum's.
export async function findOneTimeToken(q: Queryable, hash: string, types: OneTimeTokenType[]): Promise<FoundToken | undefined> {
  const r = await q.query<{ user_id: string; token_type: OneTimeTokenType }>(
    `select user_id::text as user_id, token_type::text as token_type from auth.one_time_tokens
      where token_hash = $1 and token_type = any($2::text[]::auth.one_time_token_type[])
      order by created_at limit 1 for update`,
    [hash, types],
  );
  const row = r.rows[0];
  return row && { userId: row.user_id, type: row.token_type };
}
