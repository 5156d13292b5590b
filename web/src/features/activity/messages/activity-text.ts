import { DISPUTE_REASONS } from '@contract/dispute-reasons';
import type { MessageValues } from '@/i18n/use-t';
import { revisionOfSubmission, revisionRequestedOn } from '@/lib/revision-round';
import type { ApplicationEvent, EventDetail } from '../types';
import type en from './en.json';

type Key = keyof typeof en;
/** The translate function of the activity catalog (useT(activityCatalog).t). */
export type ActivityT = (key: Key, values?: MessageValues) => string;
type T = ActivityT;

/** Kinds done by a person, told as "{actor} …" or, for the reader's own, "You …". */
type PersonalKind =
  | 'applied'
  | 'accepted'
  | 'rejected'
  | 'canceled'
  | 'funded'
  | 'submitted'
  | 'changes_requested'
  | 'resubmitted'
  | 'approved'
  | 'content_rejected'
  | 'disputed'
  | 'dispute_withdrawn'
  | 'reviewed'
  | 'generic';


/** What the timeline shows of one event: a sentence, the text someone wrote with it, and the content link. */
export interface EventView {
  sentence: string;
  quote: { label: string; text: string } | null;
  link: string | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const cents = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() && Number.isFinite(Number(v)) ? Number(v) : null);

/** A dispute's reason by name; one the catalog does not know reads "Other". */
export function disputeReasonText(t: T, reason: unknown): string {
  const known = DISPUTE_REASONS.find((r) => r === reason);
  return t(`activity.reason.${known ?? 'other'}`);
}

/**
 * One event in the reader's language: who did what ("You" for the reader's own events, "The platform"
 * for Stripe and the scheduler), with the amounts, round and reason its detail holds. A kind this screen
 * does not know, or a detail missing what its sentence needs, gets a generic sentence rather than a wrong one.
 */
export function describeEvent(t: T, e: ApplicationEvent, options: { viewerId: string; money: (cents: number) => string }): EventView {
  const d: EventDetail = e.detail ?? {};
  const self = e.actor_id !== null && e.actor_id === options.viewerId;
  const actor = e.actor_name ?? t(e.actor_id === null && e.actor_role === null ? 'activity.actor.platform' : 'activity.actor.unknown');
  const personal = (kind: PersonalKind, values: MessageValues = {}) =>
    self ? t(`activity.event.${kind}.you`, values) : t(`activity.event.${kind}`, { actor, ...values });
  const generic = (): EventView => ({ sentence: personal('generic'), quote: null, link: null });
  const quote = (label: Key, value: unknown) => {
    const v = text(value);
    return v ? { label: t(label), text: v } : null;
  };
  const round = cents(d.round);
  const amount = cents(d.amount_cents);

  switch (e.kind) {
    case 'applied':
    case 'accepted':
    case 'rejected':
    case 'approved':
    case 'dispute_withdrawn':
    case 'reviewed':
      return { sentence: personal(e.kind as PersonalKind), quote: e.kind === 'approved' ? quote('activity.quote.feedback', d.feedback) : null, link: null };
    case 'canceled':
      return { sentence: personal('canceled'), quote: quote('activity.quote.reason', d.reason), link: null };
    case 'content_rejected':
      return { sentence: personal('content_rejected'), quote: quote('activity.quote.reason', d.reason ?? d.feedback), link: null };
    case 'funded':
      return amount === null ? generic() : { sentence: personal('funded', { amount: options.money(amount) }), quote: null, link: null };
    case 'submitted':
      return { sentence: personal('submitted'), quote: null, link: text(d.content_url) };
    case 'changes_requested':
      return round === null ? generic() : { sentence: personal('changes_requested', { revision: revisionRequestedOn(round) }), quote: quote('activity.quote.changes', d.feedback), link: null };
    case 'resubmitted':
      return round === null ? generic() : { sentence: personal('resubmitted', { revision: revisionOfSubmission(round) }), quote: quote('activity.quote.note', d.note), link: text(d.content_url) };
    case 'disputed':
      return { sentence: personal('disputed', { reason: disputeReasonText(t, d.reason) }), quote: null, link: null };
    case 'auto_approved':
      return { sentence: t('activity.event.auto_approved'), quote: null, link: null };
    case 'released':
      return amount === null ? generic() : { sentence: t('activity.event.released', { amount: options.money(amount) }), quote: null, link: null };
    case 'refunded':
      return amount === null ? generic() : { sentence: t('activity.event.refunded', { amount: options.money(amount) }), quote: null, link: null };
    case 'resolved':
      return { sentence: resolvedSentence(t, d, options.money), quote: quote('activity.quote.decision', d.note), link: null };
  }
  return generic();
}

/** "Dispute resolved: …" with what each side got; just "Dispute resolved" when the detail lacks the amounts. */
function resolvedSentence(t: T, d: EventDetail, money: (cents: number) => string): string {
  const creator = cents(d.creator_cents);
  const brand = cents(d.brand_cents);
  if (d.outcome === 'release' && creator !== null) return t('activity.event.resolved.release', { amount: money(creator) });
  if (d.outcome === 'refund' && brand !== null) return t('activity.event.resolved.refund', { amount: money(brand) });
  if (d.outcome === 'split' && creator !== null && brand !== null) return t('activity.event.resolved.split', { creator: money(creator), brand: money(brand) });
  return t('activity.event.resolved');
}
