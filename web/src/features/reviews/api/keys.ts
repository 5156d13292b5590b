/**
 * The reviews feature's query keys. `all` prefixes every other key, so one invalidation refreshes every
 * review the app has cached (a new or hidden review changes a hire's panel, a profile's list and the
 * admin's list at once).
 */
export const reviewKeys = {
  all: ['reviews'] as const,
  hire: (applicationId: string) => [...reviewKeys.all, 'hire', applicationId] as const,
  counterpart: (applicationId: string, viewerId: string) => [...reviewKeys.all, 'counterpart', applicationId, viewerId] as const,
  ofUser: (userId: string) => [...reviewKeys.all, 'user', userId] as const,
  admin: () => [...reviewKeys.all, 'admin'] as const,
};

/** The activity feature's key of a hire's history: a review adds a "reviewed" event to it. */
export const activityKey = (applicationId: string) => ['activity', applicationId] as const;
