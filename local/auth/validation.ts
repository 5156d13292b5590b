import { badRequest, unprocessable } from './errors.ts';

/** The format check GoTrue uses (badoux/checkmail's pattern). */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Validates and lower-cases an email address as GoTrue's validateEmail does. */
export function validateEmail(email: string | undefined): string {
  if (!email) throw badRequest('validation_failed', 'An email address is required');
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_PATTERN.test(email)) throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

const UNIT_NS: Record<string, number> = { ns: 1, us: 1e3, 'µs': 1e3, 'μs': 1e3, ms: 1e6, s: 1e9, m: 60e9, h: 3600e9 };

/**
 * Parses a Go duration ("24h", "1h30m", "90s", "876000h") into milliseconds, or undefined when the
 * text is not one (ban_duration uses Go's time.ParseDuration).
 */
export function parseGoDuration(text: string): number | undefined {
  if (text === '0') return 0;
  const m = /^([+-]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+$/.exec(text);
  if (!m) return undefined;
  let ns = 0;
  for (const part of text.replace(/^[+-]/, '').matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g)) {
    ns += Number(part[1]) * UNIT_NS[part[2]!]!;
  }
  return (m[1] === '-' ? -ns : ns) / 1e6;
}

/**
 * The most JSON a user's metadata may hold. GoTrue sets no limit, but user_metadata rides in every access
 * token, and a token that big no longer fits in a cookie or a header (the /api facade answered 500). 8 KiB
 * is far more than a profile needs (ours stores a name, a username and three handles).
 */
export const MAX_USER_METADATA_BYTES = 8 * 1024;

/** Refuses metadata whose JSON is over the cap, with 422 validation_failed naming the field. */
export function checkMetadataSize(field: 'data' | 'user_metadata', metadata: Record<string, unknown> | null | undefined): void {
  if (!metadata) return;
  const bytes = Buffer.byteLength(JSON.stringify(metadata));
  if (bytes > MAX_USER_METADATA_BYTES) {
    throw unprocessable('validation_failed', `${field} is too large: ${bytes} bytes of JSON, at most ${MAX_USER_METADATA_BYTES}`);
  }
}
