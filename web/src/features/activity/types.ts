/** Shapes of api.application_events, derived from the generated database types. */
import type { ApiRow, Nullable, Refine } from '@/types/api-contract';

/** The kinds app.application_events allows (its check constraint); the screen copes with any other. */
export const EVENT_KINDS = [
  'applied',
  'accepted',
  'rejected',
  'canceled',
  'funded',
  'submitted',
  'changes_requested',
  'resubmitted',
  'approved',
  'auto_approved',
  'content_rejected',
  'disputed',
  'dispute_withdrawn',
  'resolved',
  'released',
  'refunded',
  'reviewed',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/**
 * What an event's `detail` may hold (only the keys relevant to its kind; never a review's text). Money
 * in US cents; the database builds it with jsonb_build_object, so any key may also be missing or null.
 */
export interface EventDetail {
  round?: number | null;
  content_url?: string | null;
  feedback?: string | null;
  note?: string | null;
  reason?: string | null;
  outcome?: string | null;
  creator_cents?: number | null;
  brand_cents?: number | null;
  amount_cents?: number | null;
}

/**
 * One row of api.application_events(application_id), oldest first. `actor_id` null: the platform (Stripe,
 * the scheduler) or an account since deleted; `actor_role` is 'brand', 'creator' or 'admin'.
 */
export type ApplicationEvent = Refine<
  Nullable<ApiRow<'application_events'>, 'actor_id' | 'actor_name' | 'actor_role'>,
  { kind: EventKind | (string & {}); detail: EventDetail | null }
>;
