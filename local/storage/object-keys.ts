import { errors } from './errors.ts';

/**
 * An object key the server accepts: its VALID_OBJECT_KEY (S3-safe ASCII, so no control characters), and,
 * beyond it, no empty, `.` or `..` segment: hosted keys are opaque S3 names where `a/../b` is harmless,
 * but a key that reads as a path traversal has no honest use here and is refused as an invalid key.
 */
export function mustBeValidKey(key: string | undefined): string {
  if (!key || !/^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/.test(key)) throw errors.invalidKey(key ?? '');
  if (key.split('/').some((s) => s === '.' || s === '..') || key.startsWith('/') || key.includes('//')) {
    throw errors.invalidKey(key);
  }
  return key;
}

/** Decodes the wildcard of a route (Fastify decodes it before the server sees it). */
export function decodeKey(parts: string[]): string {
  try {
    return parts.map((p) => decodeURIComponent(p)).join('/');
  } catch {
    throw errors.invalidKey(parts.join('/'));
  }
}
