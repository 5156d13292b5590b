import { deliverableKeys } from '@/lib/query-keys';

/**
 * The revision queries of one deliverable (its state and its rounds), under the shared deliverables
 * prefix: invalidating `deliverableKeys.all` after any review or resubmission refreshes them too.
 */
export const revisionKeys = {
  all: [...deliverableKeys.all, 'revisions'] as const,
  ofDeliverable: (deliverableId: string) => [...revisionKeys.all, deliverableId] as const,
  state: (deliverableId: string) => [...revisionKeys.ofDeliverable(deliverableId), 'state'] as const,
  rounds: (deliverableId: string) => [...revisionKeys.ofDeliverable(deliverableId), 'rounds'] as const,
};

/**
 * The activity feature's key of an application's history (`['activity', applicationId]`). Features import
 * nothing of each other, so the key is repeated here by value: every review or resubmission adds an event.
 */
export const activityKey = (applicationId: string) => ['activity', applicationId] as const;

/**
 * The hire's panels other features show on the deliverable page, by value for the same reason: approving
 * releases the money, which completes the hire (its reviews open) and ends what a dispute could be about.
 */
export const hirePanelKeys = (applicationId: string) => [['reviews', 'hire', applicationId] as const, ['disputes', 'hire', applicationId] as const];
