/** The families of events the timeline tells apart by icon and colour (the sentence always says what happened). */
export type EventGroup = 'application' | 'money' | 'content' | 'approval' | 'changes' | 'negative' | 'dispute' | 'review' | 'other';

const GROUPS: Record<string, EventGroup> = {
  applied: 'application',
  accepted: 'application',
  funded: 'money',
  released: 'money',
  refunded: 'money',
  submitted: 'content',
  resubmitted: 'content',
  approved: 'approval',
  auto_approved: 'approval',
  changes_requested: 'changes',
  rejected: 'negative',
  canceled: 'negative',
  content_rejected: 'negative',
  disputed: 'dispute',
  dispute_withdrawn: 'dispute',
  resolved: 'dispute',
  reviewed: 'review',
};

/** The group of an event kind; a kind this screen does not know is 'other'. */
export function eventGroup(kind: string): EventGroup {
  return Object.hasOwn(GROUPS, kind) ? GROUPS[kind]! : 'other';
}
