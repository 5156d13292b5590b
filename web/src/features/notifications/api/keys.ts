/** The notifications feature's query keys; `all(user)` prefixes the others, so one invalidation refreshes the bell and the page. */
export const notificationKeys = {
  all: (userId: string) => ['notifications', userId] as const,
  list: (userId: string) => [...notificationKeys.all(userId), 'list'] as const,
  unread: (userId: string) => [...notificationKeys.all(userId), 'unread'] as const,
};
