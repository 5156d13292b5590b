/**
 * Every TanStack Query key of the app, one factory per feature, here so that a feature can invalidate
 * another's cache (a new campaign changes the brand dashboard) without importing that feature's code.
 *
 * Each factory's `all` is a prefix of all its other keys: invalidating `all` refreshes everything the
 * feature has cached, as TanStack Query matches keys by prefix. The key values are the ones the app has
 * always used; filter objects are matched by value, so any serialisable object will do.
 *
 * Features write no key of their own, not even an extension of one of these (lib/query-keys.test.ts scans
 * them): a key written in two places drifts, and an invalidation aimed at it silently stops reaching it.
 */

export const campaignKeys = {
  all: ['campaigns'] as const,
  detail: (id: string) => [...campaignKeys.all, 'detail', id] as const,
  mine: () => [...campaignKeys.all, 'mine'] as const,
  publicPages: () => [...campaignKeys.all, 'public-pages'] as const,
  publicDetail: (id: string) => [...campaignKeys.all, 'public-detail', id] as const,
  briefFiles: (id: string) => [...campaignKeys.all, 'brief-files', id] as const,
  browse: (args: object) => [...campaignKeys.all, 'browse', args] as const,
  browsePages: (filters: object) => [...campaignKeys.all, 'browse-pages', filters] as const,
  browseCount: (filters: object) => [...campaignKeys.all, 'browse-count', filters] as const,
  licences: () => [...campaignKeys.all, 'licences'] as const,
  /** Renewal offers of licences (api.licence_renewals): the brand's library and the creator's hire. */
  renewals: () => [...campaignKeys.all, 'renewals'] as const,
};

export const applicationKeys = {
  all: ['applications'] as const,
  mine: () => [...applicationKeys.all, 'mine'] as const,
  ofCampaign: (campaignId: string) => [...applicationKeys.all, 'campaign', campaignId] as const,
  /** The fee and review window the hire dialogs quote. */
  platformSettings: () => [...applicationKeys.all, 'platform-settings'] as const,
};

/** The campaign form's limits, outside `campaignKeys.all`: they change with the platform settings, not with campaigns. */
export const campaignRulesKeys = {
  all: ['campaign-rules'] as const,
};

export const deliverableKeys = {
  all: ['deliverables'] as const,
  ofApplication: (applicationId: string) => [...deliverableKeys.all, 'application', applicationId] as const,
  /** One deliverable's revision state and rounds: every review or resubmission, invalidating `all`, refreshes them. */
  revisionState: (deliverableId: string) => [...deliverableKeys.all, 'revisions', deliverableId, 'state'] as const,
  revisionRounds: (deliverableId: string) => [...deliverableKeys.all, 'revisions', deliverableId, 'rounds'] as const,
  /** A hire's draft rounds (decision 0049), its review state, and a draft file's signed URL. */
  drafts: (applicationId: string) => [...deliverableKeys.all, 'drafts', applicationId] as const,
  draftReviewState: (applicationId: string) => [...deliverableKeys.all, 'drafts', applicationId, 'state'] as const,
  draftSignedUrl: (path: string) => [...deliverableKeys.all, 'drafts', 'signed', path] as const,
  /** A deliverable's proof of delivery and post metrics (decision 0055). */
  proof: (deliverableId: string) => [...deliverableKeys.all, 'proof', deliverableId] as const,
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
  moneyByCampaign: () => [...brandDashboardKeys.all, 'money-by-campaign'] as const,
};

export const creatorDashboardKeys = {
  all: ['creator-dashboard'] as const,
  earningsSeries: () => [...creatorDashboardKeys.all, 'earnings-series'] as const,
  applicationSeries: () => [...creatorDashboardKeys.all, 'application-series'] as const,
};

export const brandAnalyticsKeys = {
  all: ['brand-analytics'] as const,
  /** One of /analytics' series (named by its rpc) for one filter. */
  series: (name: string, days: number, campaignId: string | null) => [...brandAnalyticsKeys.all, name, days, campaignId] as const,
  /** One campaign's delivered posts' results (api.campaign_delivery_results). */
  deliveryResults: (campaignId: string) => [...brandAnalyticsKeys.all, 'delivery-results', campaignId] as const,
};

export const paymentKeys = {
  all: ['payments'] as const,
  status: (paymentIntentId: string) => [...paymentKeys.all, 'status', paymentIntentId] as const,
  deliverable: (deliverableId: string) => [...paymentKeys.all, 'deliverable', deliverableId] as const,
  history: () => [...paymentKeys.all, 'history'] as const,
  hireQuote: (applicationId: string) => [...paymentKeys.all, 'hire-quote', applicationId] as const,
};

/** Receipts (brands) and monthly statements (creators), decision 0057. */
export const documentKeys = {
  all: ['documents'] as const,
  mine: () => [...documentKeys.all, 'mine'] as const,
};

export const settingsKeys = {
  all: ['settings'] as const,
  brandProfile: (userId: string) => [...settingsKeys.all, 'brand-profile', userId] as const,
  creatorProfile: (userId: string) => [...settingsKeys.all, 'creator-profile', userId] as const,
  emailPreferences: (userId: string) => [...settingsKeys.all, 'email-preferences', userId] as const,
  payoutAccount: (userId: string) => [...settingsKeys.all, 'payout-account', userId] as const,
  payoutCountries: () => [...settingsKeys.all, 'payout-countries'] as const,
  taxForm: (userId: string) => [...settingsKeys.all, 'tax-form', userId] as const,
  portfolio: (userId: string) => [...settingsKeys.all, 'portfolio', userId] as const,
  socialAccounts: (userId: string) => [...settingsKeys.all, 'social-accounts', userId] as const,
};

export const adminKeys = {
  all: ['admin'] as const,
  users: (query: object) => [...adminKeys.all, 'users', query] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  activity: () => [...adminKeys.all, 'activity'] as const,
  health: () => [...adminKeys.all, 'health'] as const,
  brandQueue: () => [...adminKeys.all, 'brand-queue'] as const,
  auditLog: () => [...adminKeys.all, 'audit-log'] as const,
  money: () => [...adminKeys.all, 'money'] as const,
  platformSettings: () => [...adminKeys.all, 'platform-settings'] as const,
  taxForms: () => [...adminKeys.all, 'tax-forms'] as const,
  removedPosts: () => [...adminKeys.all, 'removed-posts'] as const,
  growthSeries: (days: number) => [...adminKeys.all, 'growth-series', days] as const,
  moneySeries: (days: number) => [...adminKeys.all, 'money-series', days] as const,
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

/** A hire's history: deliverables, disputes and reviews invalidate it, as their actions add events to it. */
export const activityKeys = {
  all: ['activity'] as const,
  ofApplication: (applicationId: string) => [...activityKeys.all, applicationId] as const,
};

/**
 * `all` prefixes every dispute read, so one invalidation refreshes a hire's panel and the admin's queue;
 * approving content invalidates `hire(applicationId)` too, as the released money ends what a dispute could be about.
 */
export const disputeKeys = {
  all: ['disputes'] as const,
  hire: (applicationId: string) => [...disputeKeys.all, 'hire', applicationId] as const,
  queue: () => [...disputeKeys.all, 'queue'] as const,
  content: (applicationId: string, deliverableId: string | null) => [...disputeKeys.all, 'content', applicationId, deliverableId] as const,
};

/**
 * `all` prefixes every review read (a new or hidden review changes a hire's panel, a profile's list and
 * the admin's list at once); approving content invalidates `hire(applicationId)`, as it opens the reviews.
 */
export const reviewKeys = {
  all: ['reviews'] as const,
  hire: (applicationId: string) => [...reviewKeys.all, 'hire', applicationId] as const,
  counterpart: (applicationId: string, viewerId: string) => [...reviewKeys.all, 'counterpart', applicationId, viewerId] as const,
  ofUser: (userId: string) => [...reviewKeys.all, 'user', userId] as const,
  admin: () => [...reviewKeys.all, 'admin'] as const,
};

/** The earnings screen: balances, payout rule and account with the money history, read together. */
export const earningsKeys = {
  all: ['earnings'] as const,
  money: () => [...earningsKeys.all, 'money'] as const,
};

/** Keyed by user; `all(user)` prefixes the others, so one invalidation refreshes the bell and the page. */
export const notificationKeys = {
  all: (userId: string) => ['notifications', userId] as const,
  list: (userId: string) => [...notificationKeys.all(userId), 'list'] as const,
  unread: (userId: string) => [...notificationKeys.all(userId), 'unread'] as const,
};
