import type { verifyJwt } from '../jwt.ts';

type Refusal = Extract<ReturnType<typeof verifyJwt>, { ok: false }>;

/**
 * The words the Storage server answers a refused token with. It verifies with jose (src/internal/auth/jwt.ts,
 * 2026-08), so its messages are jose's, which storage-js's suite and the server's own tests read back:
 * no token or a garbled one is "Invalid Compact JWS", a late one '"exp" claim timestamp check failed'.
 */
export function joseMessage(refusal: Refusal): string {
  switch (refusal.reason) {
    case 'empty':
    case 'malformed':
      return 'Invalid Compact JWS';
    case 'signature':
      return 'signature verification failed';
    case 'expired':
      return '"exp" claim timestamp check failed';
    case 'not_yet_valid':
      return '"nbf" claim timestamp check failed';
    case 'issued_in_future':
      return '"iat" claim timestamp check failed';
  }
}
