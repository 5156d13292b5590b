/** Random consent state and PKCE (RFC 7636, S256) for the social-connect function (decision 0053). */

function base64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** 32 random bytes, base64url: the state the platform sends back, and (another one) the PKCE verifier (43 chars). */
export function randomToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** The S256 code challenge of a verifier: base64url(sha256(verifier)). */
export async function codeChallenge(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

/** The state as stored: its sha-256 in hex, so a database read does not give a usable state. */
export async function stateHash(state: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(state)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
