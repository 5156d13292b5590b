import type { Queryable } from '../db/database.ts';

type Json = Record<string, unknown>;

/** An auth.identities row as read for a user's JSON, timestamps as RFC 3339 UTC text. */
export interface IdentityRow {
  identity_id: string;
  /** provider_id: for the email and phone providers, the user's id. */
  id: string;
  user_id: string;
  identity_data: Json | null;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string | null;
  updated_at: string | null;
  email: string | null;
}

const utc = (col: string) => `to_char(i.${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A column for a select over auth.users `u`: the user's identities as a JSON array of IdentityRow. */
export const IDENTITIES_COLUMN = `coalesce((
    select json_agg(json_build_object(
      'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id, 'identity_data', i.identity_data,
      'provider', i.provider, 'last_sign_in_at', ${utc('last_sign_in_at')}, 'created_at', ${utc('created_at')},
      'updated_at', ${utc('updated_at')}, 'email', i.email) order by i.created_at, i.id)
    from auth.identities i where i.user_id = u.id), '[]'::json) as identities`;

/**
 * The identity_data GoTrue writes for an email or phone identity (its provider.Claims with sub and the
 * address): email_verified and phone_verified are always present, the address only when there is one.
 * GoTrue lower-cases the email before saving an identity.
 */
export function addressClaims(userId: string, address: { email?: string; phone?: string }, emailVerified = false): Json {
  return {
    sub: userId,
    ...(address.email ? { email: address.email.toLowerCase() } : {}),
    email_verified: emailVerified,
    ...(address.phone ? { phone: address.phone } : {}),
    phone_verified: false,
  };
}

/**
 * Inserts an identity as GoTrue's createNewIdentity does: provider_id is the data's `sub`, and it counts
 * as signed in with now.
 */
export async function insertIdentity(q: Queryable, userId: string, provider: string, identityData: Json): Promise<void> {
  const sub = identityData.sub;
  if (typeof sub !== 'string') throw new Error('identity_data needs a sub');
  await q.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2::uuid, $3::jsonb, $4, now(), now(), now())`,
    [sub, userId, JSON.stringify(identityData), provider],
  );
}

/** Whether the user has an identity of this provider (for email and phone, keyed by the user's id). */
export async function hasIdentity(q: Queryable, userId: string, provider: string): Promise<boolean> {
  const r = await q.query('select 1 from auth.identities where provider_id = $1 and provider = $2', [userId, provider]);
  return r.rows.length > 0;
}

/**
 * Merges keys into an identity's identity_data, a null value removing the key. As GoTrue's
 * UpdateIdentityData (a raw update), updated_at stays.
 */
export async function updateIdentityData(q: Queryable, userId: string, provider: string, updates: Json): Promise<void> {
  const removed = Object.keys(updates).filter((k) => updates[k] === null);
  const set = Object.fromEntries(Object.entries(updates).filter(([, v]) => v !== null));
  await q.query(
    `update auth.identities set identity_data = (identity_data - $3::text[]) || $4::jsonb
      where provider_id = $1 and provider = $2 and user_id = $1::uuid`,
    [userId, provider, removed, JSON.stringify(set)],
  );
}

/**
 * A user's own email change, once applied (GoTrue's ConfirmEmailChange): the email identity takes the
 * new address if its data holds one, and is saved whole, so updated_at moves.
 */
export async function followEmailChange(q: Queryable, userId: string, email: string): Promise<void> {
  await q.query(
    `update auth.identities set identity_data = jsonb_set(identity_data, '{email}', to_jsonb($2::text)), updated_at = now()
      where provider_id = $1 and provider = 'email' and user_id = $1::uuid and identity_data ? 'email'`,
    [userId, email.toLowerCase()],
  );
}

/**
 * GoTrue's soft delete of a user's identities: identity_data emptied and provider_id replaced by an
 * unguessable value (base64url SHA-256 of user id, provider, ":" and the old provider_id), so the
 * address can sign up again while the rows stay.
 */
export async function softDeleteIdentities(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.identities set identity_data = '{}'::jsonb,
       provider_id = rtrim(translate(encode(sha256(convert_to(user_id::text || provider || ':' || provider_id, 'UTF8')), 'base64'), '+/', '-_'), '=')
     where user_id = $1::uuid`,
    [userId],
  );
}
