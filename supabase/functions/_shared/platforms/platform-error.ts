/**
 * What a platform's refusal means for us, decided on the body's codes (decision 0052): Meta and TikTok do not
 * document the HTTP status of their errors (TikTok OAuth errors come with 200 in reports), so the status only
 * breaks a tie when the body says nothing.
 */
export type PlatformErrorKind = 'auth' | 'rate_limited' | 'not_found' | 'unavailable' | 'bad_request';

export interface PlatformError {
  kind: PlatformErrorKind;
  retryAfterSeconds?: number;
  /** The platform's own code, for the log and last_refresh_error. */
  code?: string;
}

export type PlatformName = 'instagram' | 'tiktok' | 'youtube';

const META_RATE_LIMITED = new Set([4, 17, 32, 613, 80002]);
const GOOGLE_RATE_LIMITED = new Set(['quotaExceeded', 'rateLimitExceeded', 'userRateLimitExceeded', 'dailyLimitExceeded']);
const GOOGLE_AUTH = new Set(['authError', 'invalid_grant', 'invalid_token', 'unauthorized_client', 'forbidden', 'insufficientPermissions']);
// OAuth errors (RFC 6749 §5.2) as TikTok and Google send them at their token endpoints.
const OAUTH_AUTH = new Set(['invalid_grant', 'access_denied', 'invalid_token', 'unauthorized_client']);
const OAUTH_BAD_REQUEST = new Set(['invalid_request', 'invalid_client', 'invalid_scope', 'unsupported_grant_type', 'redirect_uri_mismatch', 'unsupported_response_type']);

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : undefined;
}

/** Retry-After in seconds (delta or HTTP date), or undefined. */
export function retryAfterOf(headers: Headers | undefined, now = Date.now()): number | undefined {
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Meta's X-Business-Use-Case-Usage names minutes until access comes back (estimated_time_to_regain_access). */
function metaRegainSeconds(headers: Headers | undefined): number | undefined {
  const raw = headers?.get('x-business-use-case-usage');
  if (!raw) return undefined;
  try {
    const usage = JSON.parse(raw) as Record<string, Array<{ estimated_time_to_regain_access?: number }>>;
    const minutes = Object.values(usage).flat().map((u) => u.estimated_time_to_regain_access ?? 0);
    const max = Math.max(0, ...minutes);
    return max > 0 ? max * 60 : undefined;
  } catch {
    return undefined;
  }
}

function byStatus(status: number): PlatformErrorKind {
  if (status === 401) return 'auth';
  if (status === 429) return 'rate_limited';
  if (status === 404) return 'not_found';
  if (status >= 500) return 'unavailable';
  return 'bad_request';
}

/**
 * Classifies a platform answer that is not a success. `body` is the parsed JSON (or undefined).
 * Returns undefined when the body holds no error and the status is a success (TikTok's `error.code: "ok"`).
 */
export function classifyPlatformError(platform: PlatformName, status: number, body: unknown, headers?: Headers): PlatformError | undefined {
  const retry = retryAfterOf(headers);
  const withRetry = (e: PlatformError): PlatformError =>
    e.kind === 'rate_limited' ? { ...e, retryAfterSeconds: e.retryAfterSeconds ?? retry ?? 60 } : e;
  const b = record(body);
  const oauthError = typeof b?.error === 'string' ? b.error : undefined;
  if (oauthError) {
    if (OAUTH_AUTH.has(oauthError)) return { kind: 'auth', code: oauthError };
    if (OAUTH_BAD_REQUEST.has(oauthError)) return { kind: 'bad_request', code: oauthError };
    if (oauthError === 'rate_limit_exceeded' || oauthError === 'slow_down') return withRetry({ kind: 'rate_limited', code: oauthError });
    if (oauthError === 'server_error' || oauthError === 'temporarily_unavailable') return { kind: 'unavailable', code: oauthError };
  }
  const error = record(b?.error);
  if (platform === 'instagram') {
    // Graph: {"error":{"code","error_subcode","type"}}; the token host: {"error_type","code","error_message"}.
    const code = typeof error?.code === 'number' ? error.code : typeof b?.code === 'number' && b?.error_type ? b.code : undefined;
    const sub = typeof error?.error_subcode === 'number' ? error.error_subcode : undefined;
    if (code !== undefined) {
      // 190: invalid or expired token (subcode 463 expired, 458 app removed); 102: session key invalid.
      if (code === 190 || code === 102) return { kind: 'auth', code: String(code) };
      if (META_RATE_LIMITED.has(code)) return withRetry({ kind: 'rate_limited', code: String(code), retryAfterSeconds: metaRegainSeconds(headers) });
      if (code === 100 && sub === 33) return { kind: 'not_found', code: '100/33' };
      if (code === 10 || code === 200) return { kind: 'auth', code: String(code) };
      if (code === 1 || code === 2) return { kind: 'unavailable', code: String(code) };
      return { kind: 'bad_request', code: String(code) };
    }
  }
  if (platform === 'tiktok' && error && typeof error.code === 'string') {
    const code = error.code;
    if (code === 'ok') return status >= 400 ? { kind: byStatus(status) } : undefined;
    if (code === 'access_token_invalid' || code === 'scope_not_authorized' || code === 'scope_permission_missed') return { kind: 'auth', code };
    if (code === 'rate_limit_exceeded') return withRetry({ kind: 'rate_limited', code });
    if (code === 'internal_error') return { kind: 'unavailable', code };
    if (code === 'invalid_params') return { kind: 'bad_request', code };
    return { kind: byStatus(status), code };
  }
  if (platform === 'youtube' && error) {
    const reasons = Array.isArray(error.errors) ? error.errors.map((e) => String(record(e)?.reason ?? '')) : [];
    const reason = reasons.find((r) => GOOGLE_RATE_LIMITED.has(r)) ?? reasons.find((r) => GOOGLE_AUTH.has(r)) ?? reasons[0];
    if (reason && GOOGLE_RATE_LIMITED.has(reason)) {
      // The daily quota comes back at midnight Pacific time: no point retrying before the next run.
      return withRetry({ kind: 'rate_limited', code: reason, retryAfterSeconds: reason === 'quotaExceeded' || reason === 'dailyLimitExceeded' ? retry ?? 3600 : undefined });
    }
    if (reason && GOOGLE_AUTH.has(reason)) return { kind: 'auth', code: reason };
    if (reason === 'channelNotFound' || reason === 'videoNotFound' || reason === 'playlistNotFound') return { kind: 'not_found', code: reason };
    if (reason === 'backendError' || reason === 'internalError') return { kind: 'unavailable', code: reason };
    if (reason) return { kind: byStatus(status), code: reason };
  }
  if (status >= 200 && status < 300) return undefined;
  return withRetry({ kind: byStatus(status), code: oauthError });
}
