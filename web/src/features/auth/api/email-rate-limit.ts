/**
 * Auth refuses an email asked for too soon with 429: GoTrue's over_email_send_rate_limit "For security
 * purposes, you can only request this after N seconds." (the same address within max_frequency), or
 * "email rate limit exceeded" / over_request_rate_limit when this visitor asked for too many. The seconds
 * are only in the message; they are read from it so the screen can say how long to wait.
 */
export interface RateLimit {
  /** Seconds to wait, when Auth said. */
  seconds: number | null;
}

export function emailRateLimit(error: unknown): RateLimit | null {
  const e = error as { status?: unknown; code?: unknown; message?: unknown } | null;
  if (!e) return null;
  const limited = e.status === 429 || e.code === 'over_email_send_rate_limit' || e.code === 'over_request_rate_limit';
  if (!limited) return null;
  const match = typeof e.message === 'string' ? /after (\d+) seconds?/i.exec(e.message) : null;
  return { seconds: match ? Number(match[1]) : null };
}
