// The kinds of in-app notification, without zod: the notification bell sits on every signed-in screen,
// and the emails function renders one template per kind.

/**
 * The kinds of app.notifications, in the order of its check constraint (notifications_kind_valid,
 * supabase/schemas/notifications.sql). supabase/tests/notification-kinds-contract.test.ts holds that
 * constraint and app.email_category (supabase/schemas/email.sql) to this list; the web's catalogs and the
 * emails' texts are held to it by their tests and types.
 */
export const NOTIFICATION_KINDS = [
  'application_received',
  'application_accepted',
  'application_rejected',
  'hire_funded',
  'hire_canceled',
  'content_submitted',
  'changes_requested',
  'content_approved',
  'content_rejected',
  'auto_approval_soon',
  'money_released',
  'money_refunded',
  'payout_paid',
  'payout_failed',
  'dispute_opened',
  'dispute_resolved',
  'review_received',
  'new_message',
  'dispute_message',
  'draft_submitted',
  'draft_reviewed',
  'tax_form_expiring',
  'social_reconnect_needed',
  'statement_ready',
  'licence_ending',
  'post_removed',
  'licence_renewal_offered',
  'licence_renewal_decided',
  'licence_renewal_paid',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A row's kind is text: a kind this build does not know yet (a newer database) is told apart, not trusted. */
export function isNotificationKind(kind: unknown): kind is NotificationKind {
  return typeof kind === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(kind);
}
