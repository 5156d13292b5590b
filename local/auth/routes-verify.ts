import { clientIp } from '../http/client-ip.ts';
import { sendJson, sendRaw } from '../http/io.ts';
import { emailSettings, type EmailSettings } from './email-settings.ts';
import { AuthApiError, badRequest, forbidden, unprocessable } from './errors.ts';
import type { AuthLimiters } from './limiters.ts';
import { enforceAccountLimit, enforceRateLimit } from './rate-limit-response.ts';
import { referrer } from './redirects.ts';
import { readJsonBody, stringField, type AuthRequest } from './request.ts';
import { sessionResponse, startSession, type SessionResponse } from './tokens.ts';
import { findUserById, NOW, updateUser } from './users-repo.ts';
import { validateEmail } from './validation.ts';
import { acceptFirstEmailChangeLink, completeEmailChange, completeRecovery, confirmSignup } from './verify-actions.ts';
import { verifyEmailAndCode, verifyTokenHash, type Verified } from './verify-token.ts';

/** GoTrue's singleConfirmationAccepted. */
export const FIRST_LINK_ACCEPTED = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

type Outcome = { session: SessionResponse; type: string } | { firstLinkAccepted: true };

/** Go's url.Values.Encode: keys sorted, url.QueryEscape on both sides. */
function goEncode(values: Record<string, string>): string {
  const esc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%20/g, '+');
  return Object.keys(values)
    .sort()
    .map((k) => `${esc(k)}=${esc(values[k]!)}`)
    .join('&');
}

const withFragment = (url: string, fragment: string) => `${url.split('#')[0]}#${fragment}`;

/** GoTrue's oauthErrorMap, for the `error` of a failed link's redirect. */
const OAUTH_ERRORS: Record<number, string> = { 400: 'invalid_request', 401: 'unauthorized_client', 403: 'access_denied', 500: 'server_error', 503: 'temporarily_unavailable' };

/** The verification's effect and, unless it only accepted the first of two links, a session (amr otp). */
async function verifyAndSignIn(r: AuthRequest, settings: EmailSettings, find: (q: Parameters<typeof verifyTokenHash>[0]) => Promise<Verified>, hash: string): Promise<Outcome> {
  const client = { userAgent: r.req.headers['user-agent'] ?? null, ip: clientIp(r.req) };
  return r.ctx.db.transaction(async (tx): Promise<Outcome> => {
    const { user, state, type, usedType } = await find(tx);
    if (type === 'signup' || type === 'invite') await confirmSignup(tx, user);
    else if (type === 'recovery' || type === 'magiclink') await completeRecovery(tx, user);
    else if (type === 'email_change') {
      // Both links, whenever double_confirm_changes is on. GoTrue also skips this under MAILER_AUTOCONFIRM
      // (enable_confirmations = false, config.toml's value), so there one link (even the one to the address
      // being left) moved the account; the app promises both (issue 29, decision 0021's last section).
      if (settings.doubleConfirmChanges && state.email_change_confirm_status === 0 && user.email) {
        await acceptFirstEmailChangeLink(tx, user, state, hash, usedType);
        return { firstLinkAccepted: true };
      }
      await completeEmailChange(tx, user);
    } else throw badRequest('validation_failed', 'Unsupported verification type');
    await updateUser(tx, user.id, { last_sign_in_at: NOW });
    const started = await startSession(tx, user.id, client, 'otp');
    const fresh = (await findUserById(tx, user.id))!;
    return { session: sessionResponse(r.ctx, fresh, started.sessionId, started.authTime, started.refreshToken, 'otp'), type };
  });
}

/**
 * GET /verify?token=<token_hash>&type=…&redirect_to=…: the link of an email. Success redirects (303) to the
 * allowed redirect_to (else the site URL) with the implicit flow's session in the fragment; a bad, used or
 * expired link redirects there with GoTrue's error fragment. Missing parameters are JSON errors.
 */
export async function verifyGet(r: AuthRequest, limits: AuthLimiters): Promise<void> {
  enforceRateLimit(limits.verify, r);
  const token = r.url.searchParams.get('token') ?? '';
  const type = r.url.searchParams.get('type') ?? '';
  const settings = emailSettings(r.ctx.config);
  const redirectTo = referrer(r, settings);
  if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
  if (!token) throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  let location: string;
  try {
    const outcome = await verifyAndSignIn(r, settings, (q) => verifyTokenHash(q, type, token, settings.otpExpirySeconds), token);
    if ('firstLinkAccepted' in outcome) {
      location = withFragment(redirectTo, goEncode({ message: FIRST_LINK_ACCEPTED, sb: '' }));
    } else {
      const s = outcome.session;
      location = withFragment(redirectTo, goEncode({
        access_token: s.access_token,
        token_type: s.token_type,
        expires_in: String(s.expires_in),
        expires_at: String(s.expires_at),
        refresh_token: s.refresh_token,
        type: outcome.type,
        sb: '',
      }));
    }
  } catch (e) {
    if (!(e instanceof AuthApiError)) throw e;
    const fragment: Record<string, string> = { error_code: e.code, error_description: e.message, sb: '' };
    const error = OAUTH_ERRORS[e.status];
    if (error) fragment.error = error;
    location = withFragment(redirectTo, goEncode(fragment));
  }
  sendRaw(r.res, 303, undefined, { Location: location });
}

/** POST /verify {type, token_hash} or {type, email, token}: the session as JSON (supabase-js verifyOtp). */
export async function verifyPost(r: AuthRequest, limits: AuthLimiters): Promise<void> {
  enforceRateLimit(limits.verify, r);
  const body = await readJsonBody(r);
  const type = stringField(body, 'type') ?? '';
  const token = stringField(body, 'token') ?? '';
  const hash = stringField(body, 'token_hash') ?? '';
  const rawEmail = stringField(body, 'email') ?? '';
  const phone = stringField(body, 'phone') ?? '';
  const redirectTo = stringField(body, 'redirect_to') ?? '';
  if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
  if ((!token && !hash) || (token && hash)) throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  const settings = emailSettings(r.ctx.config);
  let find: (q: Parameters<typeof verifyTokenHash>[0]) => Promise<Verified>;
  if (token) {
    // No user has a phone here: GoTrue's answer for a phone code that matches no one.
    if (phone && !rawEmail) throw forbidden('otp_expired', 'Token has expired or is invalid');
    if (!rawEmail || phone) throw badRequest('validation_failed', 'Only an email address or phone number should be provided on verify');
    let email: string;
    try {
      email = validateEmail(rawEmail);
    } catch {
      throw unprocessable('validation_failed', 'Invalid email format');
    }
    // Wrong codes count against the account too, from any address (AuthLimiters.codeFailures).
    const account = email.toLowerCase();
    enforceAccountLimit(limits.codeFailures, account, 'codes for');
    find = async (q) => {
      try {
        return await verifyEmailAndCode(q, type, email, token, settings.otpExpirySeconds);
      } catch (e) {
        if (e instanceof AuthApiError && e.code === 'otp_expired') limits.codeFailures.take(account);
        throw e;
      }
    };
  } else {
    if (rawEmail || phone || redirectTo) throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
    find = (q) => verifyTokenHash(q, type, hash, settings.otpExpirySeconds);
  }
  const outcome = await verifyAndSignIn(r, settings, find, hash);
  if ('firstLinkAccepted' in outcome) {
    sendJson(r.res, 200, { msg: FIRST_LINK_ACCEPTED, code: '200' });
    return;
  }
  sendJson(r.res, 200, outcome.session);
}
