import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import type { StackContext } from '../context.ts';
import type { EmailSettings } from './email-settings.ts';
import { renderEmail, type EmailKind } from './email-templates.ts';
import { clearOneTimeTokens, createOneTimeToken, generateOtp, tokenHash } from './one-time-tokens.ts';
import { NOW, updateUser, type UserRow } from './users-repo.ts';

/** A code and its hash, as written for one address. */
export interface Issued {
  otp: string;
  hash: string;
}

/** An email to send once the transaction that issued its token has committed. */
export interface PendingMail {
  kind: EmailKind;
  to: string;
  data: Record<string, unknown>;
}

/** Go's url.QueryEscape: everything but letters, digits and -_.~ percent-encoded, spaces as '+'. */
function goQueryEscape(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/**
 * The link of an email: `<public URL>/auth/v1/verify?token=<hash>&type=<type>&redirect_to=<url>`, the path
 * the CLI gives GoTrue (GOTRUE_MAILER_URLPATHS_*). As GoTrue's encodeRedirectURL, the redirect is escaped
 * only when it holds `&`, `=` or `#` (otherwise it is taken to be encoded already).
 */
export function verifyLink(publicUrl: string, hash: string, type: string, redirectTo: string): string {
  const redirect = /[&=#]/.test(redirectTo) ? goQueryEscape(redirectTo) : redirectTo;
  return `${publicUrl}/auth/v1/verify?token=${goQueryEscape(hash)}&type=${goQueryEscape(type)}&redirect_to=${redirect}`;
}

function issue(settings: EmailSettings, address: string): Issued {
  const otp = generateOtp(settings.otpLength);
  return { otp, hash: tokenHash(address, otp) };
}

/** The data every template gets (GoTrue's template mailer). */
function baseData(ctx: StackContext, settings: EmailSettings, user: UserRow, type: string, issued: Issued, redirectTo: string) {
  return {
    SiteURL: settings.siteUrl,
    ConfirmationURL: verifyLink(ctx.config.publicUrl, issued.hash, type, redirectTo),
    Email: user.email ?? '',
    Token: issued.otp,
    TokenHash: issued.hash,
    Data: user.raw_user_meta_data ?? {},
    RedirectTo: redirectTo,
  };
}

/** GoTrue's sendPasswordRecovery: a new recovery token replaces any earlier one. */
export async function issueRecovery(q: Queryable, ctx: StackContext, settings: EmailSettings, user: UserRow, redirectTo: string): Promise<PendingMail> {
  const email = user.email ?? '';
  const issued = issue(settings, email);
  await updateUser(q, user.id, { recovery_token: issued.hash, recovery_sent_at: NOW });
  await createOneTimeToken(q, user.id, 'recovery_token', issued.hash, email);
  return { kind: 'recovery', to: email, data: baseData(ctx, settings, user, 'recovery', issued, redirectTo) };
}

/**
 * The same statements as issueRecovery against a user id that matches nothing, for an unknown address:
 * answering it must not be measurably quicker than answering a known one.
 */
export async function issueNothing(q: Queryable, settings: EmailSettings, address: string, column: 'recovery' | 'confirmation'): Promise<void> {
  const nobody = randomUUID();
  const issued = issue(settings, address);
  await updateUser(q, nobody, { [`${column}_token`]: issued.hash, [`${column}_sent_at`]: NOW });
  await clearOneTimeTokens(q, nobody, `${column}_token`);
}

/** GoTrue's sendConfirmation: the sign-up confirmation link and code. */
export async function issueConfirmation(q: Queryable, ctx: StackContext, settings: EmailSettings, user: UserRow, redirectTo: string): Promise<PendingMail> {
  const email = user.email ?? '';
  const issued = issue(settings, email);
  await updateUser(q, user.id, { confirmation_token: issued.hash, confirmation_sent_at: NOW });
  await createOneTimeToken(q, user.id, 'confirmation_token', issued.hash, email);
  return { kind: 'confirmation', to: email, data: baseData(ctx, settings, user, 'signup', issued, redirectTo) };
}

/**
 * GoTrue's sendEmailChange: a token for the new address and, with double_confirm_changes (its secure email
 * change), one for the current address too; both emails use the email_change template.
 */
export async function issueEmailChange(
  q: Queryable,
  ctx: StackContext,
  settings: EmailSettings,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
): Promise<PendingMail[]> {
  const current = user.email ?? '';
  const forNew = issue(settings, newEmail);
  const forCurrent = settings.doubleConfirmChanges && current ? issue(settings, current) : undefined;
  await updateUser(q, user.id, {
    email_change: newEmail,
    email_change_token_new: forNew.hash,
    email_change_token_current: forCurrent?.hash ?? '',
    email_change_confirm_status: 0,
    email_change_sent_at: NOW,
  });
  if (forCurrent) await createOneTimeToken(q, user.id, 'email_change_token_current', forCurrent.hash, current);
  await createOneTimeToken(q, user.id, 'email_change_token_new', forNew.hash, newEmail);
  const mail = (to: string, issued: Issued): PendingMail => ({
    kind: 'email_change',
    to,
    data: { ...baseData(ctx, settings, user, 'email_change', issued, redirectTo), NewEmail: newEmail, SendingTo: to },
  });
  return forCurrent ? [mail(newEmail, forNew), mail(current, forCurrent)] : [mail(newEmail, forNew)];
}

/**
 * Sends the emails without making the request wait for SMTP: how long a mail server takes must not tell a
 * caller whether an address has an account (POST /recover answers the same either way). A failure is
 * logged; the user can ask again. GoTrue waits and answers 500 instead (decision 0021).
 */
export function deliver(ctx: StackContext, settings: EmailSettings, mails: PendingMail[]): void {
  for (const m of mails) {
    const rendered = renderEmail(m.kind, settings, m.data, ctx.log);
    ctx.mail.mailer
      .send({ to: m.to, ...rendered })
      .catch((e: Error) => ctx.log(`auth: the ${m.kind} email to ${m.to} could not be sent: ${e.message}`));
  }
}
