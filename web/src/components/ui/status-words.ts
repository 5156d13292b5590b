/** The words content's review states are shown with (common.deliverable.status.*): `submitted` is the legacy name of awaiting review. */
export type DeliverableStatusWord = 'pending' | 'changes_requested' | 'approved' | 'rejected' | 'closed';

const WORDS: Record<string, DeliverableStatusWord> = {
  pending: 'pending',
  submitted: 'pending',
  changes_requested: 'changes_requested',
  approved: 'approved',
  rejected: 'rejected',
  closed: 'closed',
};

/** The word of a review state; one the app does not know reads as awaiting review, never as rejected. */
export function deliverableStatusWord(status: string): DeliverableStatusWord {
  return WORDS[status] ?? 'pending';
}
