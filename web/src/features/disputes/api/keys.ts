/**
 * The disputes feature's query keys. `all` prefixes every other key, so one invalidation refreshes every
 * dispute the app has cached (a message or a decision changes a hire's panel and the admin's queue).
 */
export const disputeKeys = {
  all: ['disputes'] as const,
  hire: (applicationId: string) => [...disputeKeys.all, 'hire', applicationId] as const,
  queue: () => [...disputeKeys.all, 'queue'] as const,
  content: (applicationId: string) => [...disputeKeys.all, 'content', applicationId] as const,
};

/** The activity feature's key of a hire's history: opening, withdrawing and resolving add events to it. */
export const activityKey = (applicationId: string) => ['activity', applicationId] as const;
