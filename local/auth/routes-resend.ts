import { randomUUID } from 'node:crypto';
import { sendJson } from '../http/io.ts';
import { deliver, issueConfirmation, issueEmailChange, issueNothing, type PendingMail } from './account-mail.ts';
import { emailSettings } from './email-settings.ts';
import { emailTokenState } from './email-tokens-repo.ts';
import { badRequest } from './errors.ts';
import type { AuthLimiters } from './limiters.ts';
import { enforceRateLimit } from './rate-limit-response.ts';
import { referrer } from './redirects.ts';
import { readJsonBody, stringField, type AuthRequest } from './request.ts';
import { refusePkce } from './routes-recover.ts';
import { findUserByEmail } from './users-repo.ts';
import { validateEmail } from './validation.ts';

/**
 * POST /resend {type: 'signup'|'email_change', email} (supabase-js resend): the confirmation again, with a
 * new link and code. GoTrue answers `200 {}` when there is nothing to send (no such user, already
 * confirmed, no pending change); so does this, and the email limits count every address alike.
 */
export async function resend(r: AuthRequest, limits: AuthLimiters): Promise<void> {
  enforceRateLimit(limits.resend, r);
  const body = await readJsonBody(r);
  const type = stringField(body, 'type') ?? '';
  const rawEmail = stringField(body, 'email') ?? '';
  const phone = stringField(body, 'phone') ?? '';
  if (type === 'signup' || type === 'email_change') refusePkce(body);
  else if (type !== 'sms' && type !== 'phone_change') {
    throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
  }
  if (!rawEmail && type === 'signup') throw badRequest('validation_failed', 'Type provided requires an email address');
  if (!phone && type === 'sms') throw badRequest('validation_failed', 'Type provided requires a phone number');
  if (rawEmail && phone) throw badRequest('validation_failed', 'Only an email address or phone number should be provided.');
  if (phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (!rawEmail) throw badRequest('validation_failed', 'Missing email address or phone number');
  const email = validateEmail(rawEmail);
  if (type === 'sms' || type === 'phone_change') {
    // Phone types with an email find nothing to send: no user has a phone here.
    sendJson(r.res, 200, {});
    return;
  }

  const settings = emailSettings(r.ctx.config);
  const redirectTo = referrer(r, settings);
  const kind = type === 'signup' ? 'confirmation' : 'email_change';
  const user = await findUserByEmail(r.ctx.db, email);
  const state = await emailTokenState(r.ctx.db, user?.id ?? randomUUID());
  const age = kind === 'confirmation' ? state?.confirmation_age : state?.email_change_age;
  limits.mail.take(r, kind, email, { frequencyMs: settings.maxFrequencyMs, perHour: settings.emailSentPerHour, sentAgoMs: age == null ? null : age * 1000 });

  const pending = user && (type === 'signup' ? !user.email_confirmed_at : !!user.email_change);
  const mails = await r.ctx.db.transaction(async (tx): Promise<PendingMail[]> => {
    if (!user || !pending) {
      await issueNothing(tx, settings, email, 'confirmation');
      return [];
    }
    if (type === 'signup') return [await issueConfirmation(tx, r.ctx, settings, user, redirectTo)];
    return issueEmailChange(tx, r.ctx, settings, user, user.email_change!, redirectTo);
  });
  deliver(r.ctx, settings, mails);
  sendJson(r.res, 200, {});
}
