/**
 * Query keys of the messaging caches, all under ['messages', userId] so one invalidation catches up
 * everything of the signed-in user (after a Realtime reconnect) and another account never sees them.
 */
export const messageKeys = {
  all: (userId: string) => ['messages', userId] as const,
  unreadCount: (userId: string | undefined) => ['messages', userId, 'unread-count'] as const,
  contacts: (userId: string) => ['messages', userId, 'contacts'] as const,
  conversation: (userId: string, contactId: string) => ['messages', userId, 'conversation', contactId] as const,
  userSummary: (userId: string, otherId: string) => ['messages', userId, 'user-summary', otherId] as const,
};
