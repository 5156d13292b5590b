/**
 * Unsubscribe links work without signing in, so the link itself proves who and what: a token naming
 * the user and the category, signed with HMAC-SHA-256. Its secret is EMAIL_UNSUBSCRIBE_SECRET, or one
 * derived from the service role key (which never leaves the server) when that is not set.
 */
export const CATEGORIES = ['applications', 'work', 'payments', 'disputes_reviews', 'messages'] as const;
export type Category = (typeof CATEGORIES)[number];

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(`unsubscribe:${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `<category>.<user id>.<signature>`: readable parts (the page names the category), a signature over both. */
export async function signUnsubscribeToken(secret: string, userId: string, category: Category): Promise<string> {
  const payload = `${category}.${userId}`;
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(payload)));
  return `${payload}.${base64url(signature)}`;
}

/** The user and category of a genuine token; null for a tampered, truncated or foreign one. */
export async function verifyUnsubscribeToken(secret: string, token: string): Promise<{ userId: string; category: Category } | null> {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [category, userId, signature] = parts as [string, string, string];
  if (!(CATEGORIES as readonly string[]).includes(category) || !UUID.test(userId)) return null;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    const b64 = signature.replace(/-/g, '+').replace(/_/g, '/');
    bytes = Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
  // crypto.subtle.verify compares in constant time.
  const ok = await crypto.subtle.verify('HMAC', await hmacKey(secret), bytes, encoder.encode(`${category}.${userId}`));
  return ok ? { userId, category: category as Category } : null;
}
