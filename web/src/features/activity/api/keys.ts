/**
 * The activity feature's query keys. `['activity', applicationId]` is also invalidated by value by the
 * features whose actions add events (deliverables, disputes, reviews), which import nothing from here.
 */
export const activityKeys = {
  all: ['activity'] as const,
  ofApplication: (applicationId: string) => [...activityKeys.all, applicationId] as const,
};
