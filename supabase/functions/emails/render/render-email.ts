import { disputeReasonWording } from '../../_shared/contract/dispute-reasons.ts';
import { isPlatformPayoutRefusal } from '../../_shared/contract/payout-failure.ts';
import { revisionOfSubmission } from '../../_shared/contract/revision-round.ts';
import { oneLine } from '../../_shared/one-line.ts';
import { platformDisplayName } from '../../_shared/platforms/names.ts';
import { htmlEmail, textEmail } from './layout.ts';
import { CHROME, emailLocale, type Locale, TEXTS, type TextValues } from './texts.ts';

/** An outbox row as api.email_claim returns it. */
export interface OutboxEmail {
  id: string;
  user_id: string;
  category: string;
  template: string;
  to_address: string;
  locale: string;
  data: Record<string, unknown>;
  attempts: number;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const FORMAT_LOCALE: Record<Locale, string> = { en: 'en-US', es: 'es-419', pt: 'pt-BR' };
/**
 * A value of the row's data as one line of text. Names, titles and reasons are the users' own words: a
 * CR/LF or U+2028 in them would start a line of its own in the plain-text part (say, a fake "URGENT:
 * verify your bank" paragraph), so every value is flattened, for the subject and both parts alike.
 */
const str = (v: unknown) => oneLine(typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : NaN);

/** Where the email's button leads in the app: the same places the bell's items link to. */
export function emailPath(email: Pick<OutboxEmail, 'template' | 'data'>): string {
  const d = email.data;
  if (email.template === 'message_digest') return '/messages';
  if (email.template === 'new_message') return d.actor_id ? `/messages?userId=${encodeURIComponent(str(d.actor_id))}` : '/messages';
  if (email.template === 'brand_waiting') return '/dashboard/admin#brands';
  if (email.template === 'brand_approved') return '/campaigns';
  if (email.template === 'brand_rejected') return '/dashboard';
  if (['payout_paid', 'payout_failed', 'statement_ready', 'payment_receipt'].includes(email.template)) return '/payments/history';
  if (email.template === 'tax_form_expiring') return '/settings?tab=payouts';
  if (email.template === 'social_reconnect_needed') return '/settings#connected-accounts';
  if (email.template === 'licence_ending' || email.template === 'licence_renewal_decided') return '/payments/history';
  // The creator answers a renewal offer on the hire, on the campaign's page (decision 0060).
  if ((email.template === 'licence_renewal_offered' || email.template === 'licence_renewal_paid') && d.campaign_id) return `/campaigns/${encodeURIComponent(str(d.campaign_id))}`;
  // An admin answers disputes from the dashboard's queue; the parties in the thread beside the content.
  if (email.template === 'dispute_message' && d.admin === true) return '/dashboard/admin';
  // A draft is reviewed on the hire, on the campaign's page (there is no content page before the link).
  if ((email.template === 'draft_submitted' || email.template === 'draft_reviewed') && d.campaign_id) return `/campaigns/${encodeURIComponent(str(d.campaign_id))}`;
  if (d.deliverable_id) return `/deliverables/${encodeURIComponent(str(d.deliverable_id))}`;
  if (d.campaign_id) return `/campaigns/${encodeURIComponent(str(d.campaign_id))}`;
  return '/dashboard';
}

/** The email of one outbox row, in its recipient's language, as HTML with a plain-text twin. */
export function renderEmail(email: OutboxEmail, links: { siteUrl: string; unsubscribeUrl: string | null }): RenderedEmail {
  const locale = emailLocale(email.locale);
  const chrome = CHROME[locale];
  const texts = TEXTS[locale][email.template];
  if (!texts) throw new Error(`no email template "${email.template}"`);
  const d = email.data;
  const money = new Intl.NumberFormat(FORMAT_LOCALE[locale], { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
  const cents = (v: unknown) => (Number.isFinite(num(v)) ? money.format(num(v) / 100) : '');
  const when = str(d.due_at)
    ? new Intl.DateTimeFormat(FORMAT_LOCALE[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(str(d.due_at))) + ' UTC'
    : str(d.expires_on)
      ? new Intl.DateTimeFormat(FORMAT_LOCALE[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${str(d.expires_on)}T12:00:00Z`))
      : '';
  const conversations = Array.isArray(d.conversations) ? (d.conversations as Array<Record<string, unknown>>) : [];
  const values: TextValues = {
    actor: str(d.actor_name) || chrome.someone,
    campaign: str(d.campaign_title) || chrome.aCampaign,
    amount: cents(d.amount_cents),
    net: d.net_cents === undefined || d.net_cents === null ? '' : cents(d.net_cents),
    // The stored round is the submission's number; people read revisions (decision 0032).
    revision: Number.isFinite(num(d.round)) ? revisionOfSubmission(num(d.round)) : 0,
    platformRefusal: isPlatformPayoutRefusal(d.failure_code),
    // A dispute's reason is a code (the same words the app shows); a hire's cancel reason is the brand's own text.
    reason: email.template === 'dispute_opened' && str(d.reason) ? disputeReasonWording(locale, str(d.reason)) : str(d.reason),
    when,
    count: email.template === 'message_digest' ? num(d.total) || 0 : email.template === 'tax_form_expiring' || email.template === 'licence_ending' ? num(d.days) || 0 : num(d.count) || 1,
    automatic: d.automatic === true,
    outcome: str(d.outcome),
    creatorAmount: cents(d.creator_cents ?? 0),
    brandAmount: cents(d.brand_cents ?? 0),
    excerpt: str(d.excerpt),
    draft: num(d.round) || 1,
    decision: str(d.decision),
    company: str(d.company),
    website: str(d.website),
    email: str(d.brand_email),
    platform: platformDisplayName(str(d.platform)) ?? '',
    handle: str(d.handle),
    document: str(d.document_number),
    refund: d.kind === 'refund_receipt',
    // "2026-10" as the month's name in the reader's language (the 15th: no time zone moves it).
    month: /^\d{4}-\d{2}$/.test(str(d.period))
      ? new Intl.DateTimeFormat(FORMAT_LOCALE[locale], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${str(d.period)}-15T12:00:00Z`))
      : '',
  };
  const t = texts(values);
  const category = chrome.categories[email.category] ?? email.category;
  const account = email.category === 'account' || !links.unsubscribeUrl;
  const parts = {
    // pt-BR tells readers (and screen readers) Brazilian from European Portuguese; es and en as before.
    lang: locale === 'pt' ? FORMAT_LOCALE.pt : locale,
    preheader: t.body[0] ?? t.headline,
    greeting: chrome.greeting(str(d.recipient_name).split(' ')[0] ?? ''),
    headline: t.headline,
    body: t.body,
    list: conversations.map((c) => chrome.fromConversation(str(c.sender_name) || chrome.someone, num(c.count) || 1)),
    action: { label: t.action, url: `${links.siteUrl}${emailPath(email)}` },
    footer: account ? chrome.aboutYourAccount : chrome.whyYouGetThis(category),
    unsubscribe: account || !links.unsubscribeUrl ? null : { label: chrome.unsubscribe(category), url: links.unsubscribeUrl },
    preferences: { label: chrome.preferences, url: `${links.siteUrl}/settings?tab=notifications` },
  };
  return { subject: oneLine(t.subject), html: htmlEmail(parts), text: textEmail(parts) };
}
