import type { Hire } from '@contract/hire';

export { canFund, hireAllowsWork as allowsWork } from '@contract/hire';

/** The brand can cancel a hire awaiting funding or funded, as long as no content was submitted. */
export function canCancel(hire: Hire | null, hasContent: boolean): boolean {
  return (hire?.status === 'awaiting_funding' || hire?.status === 'funded') && !hasContent;
}

/**
 * Whether the creator's screens show the hire's badge beside the application's: not once the brand
 * closed it (the application then reads Canceled, which says it all to the creator).
 */
export function showsCreatorHireBadge(hire: Hire | null): hire is Hire {
  return hire !== null && hire.status !== 'canceled' && hire.status !== 'refunded';
}

/** What the brand is told about its hire, one message per situation. */
export type BrandHireNotice = 'awaiting_funding' | 'funded' | 'disputed' | 'released' | 'released_auto' | 'released_dispute' | 'refund_pending' | 'refunded' | 'canceled' | 'charged_back';

export function brandHireNotice(hire: Hire): BrandHireNotice {
  if (hire.status === 'released') return releasedNotice(hire);
  return hire.status;
}

/**
 * What the creator is told about their hire. Canceled before or after funding reads the same to them
 * (no money of theirs moved): the brand canceled, with its reason.
 */
export type CreatorHireNotice = 'awaiting_funding' | 'funded' | 'disputed' | 'released' | 'released_auto' | 'released_dispute' | 'refund_pending' | 'canceled' | 'charged_back';

export function creatorHireNotice(hire: Hire): CreatorHireNotice {
  if (hire.status === 'released') return releasedNotice(hire);
  if (hire.status === 'refunded') return 'canceled';
  return hire.status;
}

/** The brand's reason for canceling, from the hire or (a hire closed elsewhere) the application. */
export function cancelReasonOf(hire: Hire | null, applicationReason: string | null | undefined): string | null {
  const reason = hire?.cancel_reason ?? applicationReason ?? null;
  return reason?.trim() ? reason.trim() : null;
}

function releasedNotice(hire: Hire): 'released' | 'released_auto' | 'released_dispute' {
  if (hire.release_reason === 'auto_approved') return 'released_auto';
  return hire.release_reason === 'dispute' ? 'released_dispute' : 'released';
}
