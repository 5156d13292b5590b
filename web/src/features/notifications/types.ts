/** Shapes of the notification functions of the `api` schema, derived from the generated types. */
import type { NotificationKind } from '@contract/notification-kinds';
import type { ApiRow, Nullable, Refine } from '@/types/api-contract';

/**
 * What the text of a notification may use, fixed when it happened: the campaign's title, amounts in cents,
 * a round, a reason, how many messages a burst had, when automatic approval is due.
 */
export interface NotificationData {
  campaign_title?: string | null;
  /** Gross (what the brand paid) or, for money_released, the creator's net; see decision 0031. */
  amount_cents?: number | null;
  /** hire_funded: the creator's net (the amount less the platform fee). */
  net_cents?: number | null;
  creator_cents?: number | null;
  brand_cents?: number | null;
  round?: number | null;
  reason?: string | null;
  outcome?: string | null;
  automatic?: boolean;
  count?: number;
  due_at?: string;
  /**
   * tax_form_expiring: the form's last valid day (a date) and the reminder (90 or 30 days before);
   * licence_ending: the licence's last day (UTC date) and the days left when told.
   */
  expires_on?: string;
  days?: number;
  failure_code?: string | null;
  /** dispute_message: the dispute, the start of its message, and whether it was written to an admin (true). */
  dispute_id?: string;
  excerpt?: string;
  admin?: boolean;
  /** draft_submitted, draft_reviewed: the draft and, once reviewed, approved or changes_requested. */
  draft_id?: string;
  decision?: string;
  /** social_reconnect_needed: the connected account's platform and handle (without '@'). */
  platform?: 'instagram' | 'tiktok' | 'youtube';
  handle?: string;
  /** statement_ready: the statement's number and the month it covers (YYYY-MM). */
  document_number?: string;
  period?: string;
}

/** One row of api.my_notifications, newest first. */
export type AppNotification = Refine<
  Nullable<ApiRow<'my_notifications'>, 'actor_id' | 'actor_name' | 'application_id' | 'campaign_id' | 'deliverable_id' | 'read_at'>,
  { kind: NotificationKind | (string & {}); data: NotificationData }
>;
