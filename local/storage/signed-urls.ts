import { signJwt, verifyJwt } from '../jwt.ts';
import { errors } from './errors.ts';
import { joseMessage } from './jwt-messages.ts';

/** Signed upload URLs last two hours on hosted (storage-js documents it). */
export const UPLOAD_URL_SECONDS = 2 * 60 * 60;

/** A download token as the Storage server signs it: `{url: "<bucket>/<key>"}` with the project's secret. */
export function signDownload(secret: string, url: string, expiresIn: number): string {
  const iat = Math.floor(Date.now() / 1000);
  return signJwt({ url, iat, exp: iat + expiresIn }, secret);
}

export function signUpload(secret: string, url: string, owner: string | undefined, upsert: boolean): string {
  const iat = Math.floor(Date.now() / 1000);
  return signJwt({ owner, url, upsert, iat, exp: iat + UPLOAD_URL_SECONDS }, secret);
}

/**
 * The claims of a signed URL's token for `url`, refused as the server refuses it: a bad or expired token
 * is InvalidJWT, a token for another object an invalid signature. No clock skew: an expired link is dead.
 */
export function verifySigned(secret: string, token: string | null, url: string): { owner?: string; upsert?: boolean } {
  if (!token) throw errors.invalidRequest('querystring must have required property \'token\'');
  const now = Math.floor(Date.now() / 1000);
  const result = verifyJwt(token, secret, now);
  if (!result.ok) throw errors.invalidJwt(joseMessage(result));
  if (typeof result.claims.exp === 'number' && now >= result.claims.exp) {
    throw errors.invalidJwt(joseMessage({ ok: false, reason: 'expired', message: '' }));
  }
  if (result.claims.url !== url) throw errors.invalidSignature();
  return {
    owner: typeof result.claims.owner === 'string' ? result.claims.owner : undefined,
    upsert: result.claims.upsert === true,
  };
}

