import type { BadgeTone } from '@/components/ui/badge';

const tones: Record<string, BadgeTone> = { active: 'green', draft: 'neutral', paused: 'yellow', completed: 'blue' };

/** The badge colour of a campaign status; an unknown status has the active look (spec section 4). */
export function campaignStatusTone(status: string): BadgeTone {
  return Object.hasOwn(tones, status) ? tones[status]! : 'green';
}

/** Statuses in the order the forms offer them. */
export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'completed'] as const;

/**
 * The statuses an edit may move a campaign to from its current one (the database's state machine:
 * draft -> any; active <-> paused; anything -> completed; completed is final). The current status is
 * always allowed, so saving other fields never trips the machine.
 */
export function allowedEditStatuses(current: string): string[] {
  switch (current) {
    case 'draft':
      return ['draft', 'active', 'paused', 'completed'];
    case 'active':
    case 'paused':
      return ['active', 'paused', 'completed'];
    default:
      return [current];
  }
}
