import { createHash } from 'node:crypto';
import type { UserRow } from './users-repo.ts';

type Json = Record<string, unknown>;

/** Go's RFC3339Nano drops trailing zeros of the fraction; do the same. */
function goTime(value: string | null): string | null {
  if (!value) return null;
  return value.replace(/(\.\d*?)0+Z$/, '$1Z').replace(/\.Z$/, 'Z');
}

/** A stable id for the synthesized email identity (the stack keeps no auth.identities table). */
function identityId(userId: string): string {
  const h = createHash('sha1').update(`email-identity:${userId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The identity GoTrue keeps for an email (or phone) user, rebuilt from the user row. */
function identities(u: UserRow): Json[] {
  if (u.deleted_at) return [];
  const provider = u.email ? 'email' : u.phone ? 'phone' : undefined;
  if (!provider) return [];
  const created = goTime(u.created_at);
  const identityData: Json = {
    sub: u.id,
    ...(u.email ? { email: u.email } : { phone: u.phone }),
    email_verified: u.email_confirmed_at !== null,
    phone_verified: u.phone_confirmed_at !== null,
  };
  return [
    {
      identity_id: identityId(u.id),
      id: u.id,
      user_id: u.id,
      identity_data: identityData,
      provider,
      last_sign_in_at: goTime(u.last_sign_in_at) ?? created,
      created_at: created,
      updated_at: goTime(u.updated_at),
      ...(u.email ? { email: u.email } : {}),
    },
  ];
}

/**
 * The user as GoTrue's models.User marshals it: fixed fields always present (email and phone as ""
 * when null), optional timestamps only when set, in GoTrue's field order.
 */
export function userJson(u: UserRow): Json {
  const out: Json = { id: u.id, aud: u.aud ?? '', role: u.role ?? '', email: u.email ?? '' };
  const optional = (key: string, value: string | null) => {
    if (value) out[key] = value;
  };
  optional('email_confirmed_at', goTime(u.email_confirmed_at));
  optional('invited_at', goTime(u.invited_at));
  out.phone = u.phone ?? '';
  optional('phone_confirmed_at', goTime(u.phone_confirmed_at));
  optional('confirmation_sent_at', goTime(u.confirmation_sent_at));
  optional('confirmed_at', goTime(u.confirmed_at));
  optional('recovery_sent_at', goTime(u.recovery_sent_at));
  optional('new_email', u.email_change || null);
  optional('email_change_sent_at', goTime(u.email_change_sent_at));
  optional('new_phone', u.phone_change || null);
  optional('phone_change_sent_at', goTime(u.phone_change_sent_at));
  optional('reauthentication_sent_at', goTime(u.reauthentication_sent_at));
  optional('last_sign_in_at', goTime(u.last_sign_in_at));
  out.app_metadata = u.raw_app_meta_data ?? {};
  out.user_metadata = u.raw_user_meta_data ?? {};
  out.identities = identities(u);
  out.created_at = goTime(u.created_at) ?? '0001-01-01T00:00:00Z';
  out.updated_at = goTime(u.updated_at) ?? '0001-01-01T00:00:00Z';
  optional('banned_until', goTime(u.banned_until));
  optional('deleted_at', goTime(u.deleted_at));
  out.is_anonymous = u.is_anonymous;
  return out;
}

/**
 * Shallow-merges metadata as GoTrue's UpdateUserMetaData/UpdateAppMetaData do: a key set to null is
 * removed, any other value replaces the old one.
 */
export function mergeMetadata(current: Json | null, updates: Json): Json {
  const out: Json = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete out[key];
    else out[key] = value;
  }
  return out;
}
