/**
 * Every TanStack Query key of the app, one factory per feature, here so that a feature can invalidate
 * another's cache (a new campaign changes the brand dashboard) without importing that feature's code.
 *
 * Each factory's `all` is a prefix of all its other keys: invalidating `all` refreshes everything the
 * feature has cached, as TanStack Query matches keys by prefix. The key values are the ones the app has
 * always used; filter objects are matched by value, so any serialisable object will do.
 */

export const campaignKeys = {
  all: ['campaigns'] as const,
  detail: (id: string) => [...campaignKeys.all, 'detail', id] as const,
  mine: () => [...campaignKeys.all, 'mine'] as const,
  publicPages: () => [...campaignKeys.all, 'public-pages'] as const,
  publicDetail: (id: string) => [...campaignKeys.all, 'public-detail', id] as const,
  browse: (args: object) => [...campaignKeys.all, 'browse', args] as const,
  browsePages: (filters: object) => [...campaignKeys.all, 'browse-pages', filters] as const,
  browseCount: (filters: object) => [...campaignKeys.all, 'browse-count', filters] as const,
};

export const applicationKeys = {
  all: ['applications'] as const,
  mine: () => [...applicationKeys.all, 'mine'] as const,
  ofCampaign: (campaignId: string) => [...applicationKeys.all, 'campaign', campaignId] as const,
};

export const deliverableKeys = {
  all: ['deliverables'] as const,
  ofApplication: (applicationId: string) => [...deliverableKeys.all, 'application', applicationId] as const,
};

export const creatorKeys = {
  all: ['creators'] as const,
  profile: (id: string) => [...creatorKeys.all, 'profile', id] as const,
  portfolio: (id: string) => [...creatorKeys.all, 'portfolio', id] as const,
  statistics: (id: string) => [...creatorKeys.all, 'statistics', id] as const,
  discover: (args: object) => [...creatorKeys.all, 'discover', args] as const,
  /** The brand dashboard's suggestions: refreshed with every other creator read when a profile changes. */
  recommended: () => [...creatorKeys.all, 'recommended'] as const,
};

export const brandDashboardKeys = {
  all: ['brand-dashboard'] as const,
};

export const creatorDashboardKeys = {
  all: ['creator-dashboard'] as const,
};

export const brandAnalyticsKeys = {
  all: ['brand-analytics'] as const,
};

export const paymentKeys = {
  all: ['payments'] as const,
  status: (paymentIntentId: string) => [...paymentKeys.all, 'status', paymentIntentId] as const,
  deliverable: (deliverableId: string) => [...paymentKeys.all, 'deliverable', deliverableId] as const,
  history: () => [...paymentKeys.all, 'history'] as const,
};

export const settingsKeys = {
  all: ['settings'] as const,
  brandProfile: (userId: string) => [...settingsKeys.all, 'brand-profile', userId] as const,
  creatorProfile: (userId: string) => [...settingsKeys.all, 'creator-profile', userId] as const,
};

export const adminKeys = {
  all: ['admin'] as const,
  users: (query: object) => [...adminKeys.all, 'users', query] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  activity: () => [...adminKeys.all, 'activity'] as const,
  health: () => [...adminKeys.all, 'health'] as const,
  brandQueue: () => [...adminKeys.all, 'brand-queue'] as const,
};

/** A brand's own approval (decision 0036), keyed by user so another account's never shows. */
export const brandApprovalKeys = {
  all: ['brand-approval'] as const,
  ofUser: (userId: string | undefined) => [...brandApprovalKeys.all, userId ?? 'anonymous'] as const,
};

/** Keyed by user id, so another account's profile is never served from the cache. */
export const currentProfileKeys = {
  all: ['current-profile'] as const,
  ofUser: (userId: string | undefined) => [...currentProfileKeys.all, userId ?? 'anonymous'] as const,
};

/**
 * The messaging caches, all under ['messages', userId] so one invalidation catches up everything of the
 * signed-in user (after a Realtime reconnect) and another account never sees them.
 */
export const messageKeys = {
  all: (userId: string) => ['messages', userId] as const,
  unreadCount: (userId: string | undefined) => ['messages', userId, 'unread-count'] as const,
  contacts: (userId: string) => [...messageKeys.all(userId), 'contacts'] as const,
  conversation: (userId: string, contactId: string) => [...messageKeys.all(userId), 'conversation', contactId] as const,
  userSummary: (userId: string, otherId: string) => [...messageKeys.all(userId), 'user-summary', otherId] as const,
};

/** api.my_sign_in_count() of one user: "Welcome" or "Welcome back" (src/lib/sign-ins.ts). */
export const signInCountKeys = {
  all: ['sign-in-count'] as const,
  ofUser: (userId: string | undefined) => [...signInCountKeys.all, userId ?? 'anonymous'] as const,
};
