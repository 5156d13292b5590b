import { sendJson } from '../http/io.ts';
import { randomUUID } from 'node:crypto';
import { deliver, issueNothing, issueRecovery, type PendingMail } from './account-mail.ts';
import { emailTokenState } from './email-tokens-repo.ts';
import { emailSettings } from './email-settings.ts';
import { badRequest } from './errors.ts';
import type { AuthLimiters } from './limiters.ts';
import { enforceRateLimit } from './rate-limit-response.ts';
import { referrer } from './redirects.ts';
import { readJsonBody, stringField, type AuthRequest } from './request.ts';
import { findUserByEmail } from './users-repo.ts';
import { validateEmail } from './validation.ts';

/** This stack serves the implicit flow only (supabase-js's default); see decision 0021. */
export function refusePkce(body: Record<string, unknown>): void {
  if (stringField(body, 'code_challenge') || stringField(body, 'code_challenge_method')) {
    throw badRequest('validation_failed', 'The PKCE flow is not available on the local stack (docs/decisions/0021)');
  }
}

/**
 * POST /recover {email} (supabase-js resetPasswordForEmail, redirect_to in the query): a recovery email to
 * a known address, and the same `200 {}` for any other. The limits apply to every address alike
 * (mail-rate-limit.ts), so neither the answer nor a 429 tells whether an account exists.
 */
export async function recover(r: AuthRequest, limits: AuthLimiters): Promise<void> {
  enforceRateLimit(limits.recover, r);
  const body = await readJsonBody(r);
  const raw = stringField(body, 'email') ?? '';
  if (!raw) throw badRequest('validation_failed', 'Password recovery requires an email');
  const email = validateEmail(raw);
  refusePkce(body);
  const settings = emailSettings(r.ctx.config);
  const redirectTo = referrer(r, settings);

  const user = await findUserByEmail(r.ctx.db, email);
  const state = await emailTokenState(r.ctx.db, user?.id ?? randomUUID());
  const sentAgoMs = state?.recovery_age == null ? null : state.recovery_age * 1000;
  limits.mail.take(r, 'recovery', email, { frequencyMs: settings.maxFrequencyMs, perHour: settings.emailSentPerHour, sentAgoMs });

  const mails = await r.ctx.db.transaction(async (tx): Promise<PendingMail[]> => {
    if (user) return [await issueRecovery(tx, r.ctx, settings, user, redirectTo)];
    await issueNothing(tx, settings, email, 'recovery');
    return [];
  });
  deliver(r.ctx, settings, mails);
  sendJson(r.res, 200, {});
}
