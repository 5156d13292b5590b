import { paths } from '@/config/paths';
import type { Formatters } from '@/i18n/format';
import type { MessageValues } from '@/i18n/use-t';
import type en from '../messages/en.json';
import type { AppNotification } from '../types';
import { isNotificationKind } from '@contract/notification-kinds';
import { isPlatformPayoutRefusal } from '@contract/payout-failure';
import { revisionOfSubmission } from '@/lib/revision-round';
import { platformLabel } from '@/lib/format';

type T = (key: keyof typeof en, values?: MessageValues) => string;

/** What a notification shows: its sentence and where it leads. */
export interface NotificationView {
  text: string;
  href: string;
}

const amountOf = (n: AppNotification) => n.data.amount_cents ?? n.data.creator_cents ?? 0;

/** Where a notification leads: the conversation, the money page, the content, or the campaign. */
export function notificationHref(n: AppNotification): string {
  if (n.kind === 'new_message') return paths.messages.getHref({ userId: n.actor_id ?? undefined });
  // A statement is downloaded from the money page, where the creator's statements are listed.
  if (n.kind === 'payout_paid' || n.kind === 'payout_failed' || n.kind === 'statement_ready') return paths.paymentHistory.getHref();
  if (n.kind === 'tax_form_expiring') return paths.settings.getHref('payouts');
  if (n.kind === 'social_reconnect_needed') return paths.connectedAccounts.getHref();
  // The brand's licence library is on Payment history (decision 0056).
  if (n.kind === 'licence_ending' || n.kind === 'licence_renewal_decided') return paths.paymentHistory.getHref();
  // The creator answers a renewal offer on the hire, on the campaign's page (decision 0060).
  if ((n.kind === 'licence_renewal_offered' || n.kind === 'licence_renewal_paid') && n.campaign_id) return paths.campaign.getHref(n.campaign_id);
  // An admin answers disputes from the dashboard's queue; the parties in the thread beside the content.
  if (n.kind === 'dispute_message' && n.data.admin) return paths.adminDashboard.getHref();
  // Drafts are reviewed on the hire, on the campaign's page (before there is a content page).
  if ((n.kind === 'draft_submitted' || n.kind === 'draft_reviewed') && n.campaign_id) return paths.campaign.getHref(n.campaign_id);
  if (n.deliverable_id) return paths.deliverable.getHref(n.deliverable_id);
  if (n.campaign_id) return paths.campaign.getHref(n.campaign_id);
  return paths.dashboard.getHref();
}

/** The sentence of a notification in the reader's language. */
export function notificationText(t: T, f: Formatters, n: AppNotification): string {
  const values = {
    actor: n.actor_name ?? t('notifications.someone'),
    campaign: n.data.campaign_title ?? t('notifications.aCampaign'),
    amount: f.money(amountOf(n)),
    net: f.money(n.data.net_cents ?? 0),
    // Submission n is revision n - 1 (lib/revision-round), as on the content's page.
    revision: revisionOfSubmission(n.data.round ?? 1),
    count: n.data.count ?? 1,
  };
  const draft = { ...values, draft: n.data.round ?? 1 };
  // A calendar day (a form's or a licence's last day), read as that day wherever the reader is.
  const expiresOn = n.data.expires_on ? f.date(new Date(`${n.data.expires_on}T12:00:00`)) : '';
  switch (n.kind) {
    case 'content_submitted':
      return (n.data.round ?? 1) > 1 ? t('notifications.kind.content_resubmitted', values) : t('notifications.kind.content_submitted', values);
    case 'content_approved':
      return n.data.automatic ? t('notifications.kind.content_auto_approved', values) : t('notifications.kind.content_approved', values);
    case 'draft_reviewed':
      return n.data.decision === 'approved' ? t('notifications.kind.draft_approved', draft) : t('notifications.kind.draft_reviewed', draft);
    case 'draft_submitted':
      return t('notifications.kind.draft_submitted', draft);
    case 'new_message':
      return (n.data.count ?? 1) > 1 ? t('notifications.kind.new_messages', values) : t('notifications.kind.new_message', values);
    case 'hire_funded':
      // Gross and net named (glossary 0031); rows written before the net was kept name the gross only.
      return n.data.net_cents == null ? t('notifications.kind.hire_funded_gross', values) : t('notifications.kind.hire_funded', values);
    case 'payout_failed':
      // The platform's refusal (its balance was short) is not the creator's to fix (issue 30, finding 2).
      return isPlatformPayoutRefusal(n.data.failure_code) ? t('notifications.kind.payout_failed_platform', values) : t('notifications.kind.payout_failed', values);
    case 'tax_form_expiring':
      return t('notifications.kind.tax_form_expiring', { ...values, count: n.data.days ?? 0, date: expiresOn });
    case 'social_reconnect_needed':
      return t('notifications.kind.social_reconnect_needed', { ...values, platform: (n.data.platform && platformLabel(n.data.platform)) || '', handle: n.data.handle ?? '' });
    case 'statement_ready':
      return t('notifications.kind.statement_ready', { ...values, document: n.data.document_number ?? '' });
    case 'licence_ending':
      return t('notifications.kind.licence_ending', { ...values, count: n.data.days ?? 0, date: expiresOn });
    case 'licence_renewal_paid':
      return t('notifications.kind.licence_renewal_paid', { ...values, date: expiresOn });
    case 'licence_renewal_decided':
      return n.data.decision === 'declined' ? t('notifications.kind.licence_renewal_declined', values) : t('notifications.kind.licence_renewal_decided', values);
    case 'auto_approval_soon':
      return t('notifications.kind.auto_approval_soon', { ...values, when: n.data.due_at ? f.relative(n.data.due_at) : '' });
    default:
      // Every other kind is told by one sentence whatever its data; a kind this build does not know, vaguely.
      return isNotificationKind(n.kind) ? t(`notifications.kind.${n.kind}`, values) : t('notifications.kind.other', values);
  }
}

/** Both at once. */
export function notificationView(t: T, f: Formatters, n: AppNotification): NotificationView {
  return { text: notificationText(t, f, n), href: notificationHref(n) };
}
