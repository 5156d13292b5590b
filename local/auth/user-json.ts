import type { IdentityRow } from './identities-repo.ts';
import type { UserRow } from './users-repo.ts';

type Json = Record<string, unknown>;

/** Go's RFC3339Nano drops trailing zeros of the fraction; do the same. */
function goTime(value: string | null): string | null {
  if (!value) return null;
  return value.replace(/(\.\d*?)0+Z$/, '$1Z').replace(/\.Z$/, 'Z');
}

/**
 * The identity as GoTrue's models.Identity marshals it: its own id as identity_id and provider_id as id
 * (auth-js's names), identity_data, last_sign_in_at and email left out when empty.
 */
function identityJson(i: IdentityRow): Json {
  const out: Json = { identity_id: i.identity_id, id: i.id, user_id: i.user_id };
  if (i.identity_data && Object.keys(i.identity_data).length > 0) out.identity_data = i.identity_data;
  out.provider = i.provider;
  const lastSignIn = goTime(i.last_sign_in_at);
  if (lastSignIn) out.last_sign_in_at = lastSignIn;
  out.created_at = goTime(i.created_at) ?? '0001-01-01T00:00:00Z';
  out.updated_at = goTime(i.updated_at) ?? '0001-01-01T00:00:00Z';
  if (i.email) out.email = i.email;
  return out;
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
  out.identities = u.identities.map(identityJson);
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
