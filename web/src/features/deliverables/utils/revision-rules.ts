/** The review rules the database enforces, as the screens need them to offer only the actions that make sense. */

/** Content waiting for the brand's decision (`submitted` is the legacy name of `pending`). */
export function awaitsReview(status: string): boolean {
  return status === 'pending' || status === 'submitted';
}

/** Whether the brand may still request changes: an included revision round is left. */
export function hasRoundsLeft(d: { revision_rounds_included: number; revision_rounds_used: number }): boolean {
  return d.revision_rounds_used < d.revision_rounds_included;
}

/** What the creator may do with a content link: edit or delete it while it awaits review, resubmit it when changes were asked. */
export function creatorActions(status: string): { edit: boolean; remove: boolean; resubmit: boolean } {
  const waiting = awaitsReview(status);
  return { edit: waiting, remove: waiting, resubmit: status === 'changes_requested' };
}
