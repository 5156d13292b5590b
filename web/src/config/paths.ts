/** Every URL of the app, in one place (spec section 2, route table). */
export const paths = {
  landing: { path: '/', getHref: () => '/' },
  auth: { path: '/auth', getHref: () => '/auth' },
  /** Asks for a password-reset email (linked from the login form and from an expired link's page). */
  forgotPassword: { path: '/auth/forgot-password', getHref: () => '/auth/forgot-password' },
  /** Where the recovery email's link lands (Auth's redirect with the session in the fragment): a new password. */
  resetPassword: { path: '/auth/reset-password', getHref: () => '/auth/reset-password' },
  /** Where the sign-up confirmation link lands: signed in, on to the dashboard. */
  confirmEmail: { path: '/auth/confirm', getHref: () => '/auth/confirm' },
  /** Where both links of an email change land: what the link did and what is left (signed in or not). */
  confirmEmailChange: { path: '/auth/email-change', getHref: () => '/auth/email-change' },
  /** Active campaigns for visitors who have not signed in (issue 32): the landing page's "Browse campaigns". */
  publicCampaigns: { path: '/explore', getHref: () => '/explore' },
  /** One active campaign for visitors; a link to it previews with its title (local/public-page-meta.ts). */
  publicCampaign: { path: '/explore/:id', getHref: (id: string) => `/explore/${encodeURIComponent(id)}` },
  /** The role redirect screen: sends a signed-in user to their dashboard. */
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  brandDashboard: { path: '/dashboard/brand', getHref: () => '/dashboard/brand' },
  creatorDashboard: { path: '/dashboard/creator', getHref: () => '/dashboard/creator' },
  adminDashboard: { path: '/dashboard/admin', getHref: () => '/dashboard/admin' },
  /** The admin dashboard's user list filtered by role: the URL carries the filter, so a reload keeps it. */
  adminUsers: { path: '/dashboard/admin', getHref: (role: 'all' | 'brand' | 'creator' | 'admin') => `/dashboard/admin?role=${role}#users` },
  campaignCreate: { path: '/campaigns/create', getHref: () => '/campaigns/create' },
  campaignEdit: { path: '/campaigns/edit/:id', getHref: (id: string) => `/campaigns/edit/${encodeURIComponent(id)}` },
  campaigns: { path: '/campaigns', getHref: () => '/campaigns' },
  campaign: { path: '/campaigns/:id', getHref: (id: string) => `/campaigns/${encodeURIComponent(id)}` },
  creatorsDiscover: { path: '/creators/discover', getHref: () => '/creators/discover' },
  creator: { path: '/creators/:id', getHref: (id: string) => `/creators/${encodeURIComponent(id)}` },
  paymentResult: { path: '/payments/result', getHref: () => '/payments/result' },
  paymentHistory: { path: '/payments/history', getHref: () => '/payments/history' },
  messages: {
    path: '/messages',
    getHref: (q: { userId?: string; contact?: string } = {}) => {
      const search = new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => !!e[1]));
      return search.size ? `/messages?${search}` : '/messages';
    },
  },
  /** Settings; a tab other than Account opens with `?tab=` (e.g. the emails' link to 'notifications'). */
  settings: { path: '/settings', getHref: (tab?: 'profile' | 'payouts' | 'notifications' | 'security') => (tab ? `/settings?tab=${tab}` : '/settings') },
  /** Settings › Account › Connected accounts (creators), where the social-connect callback also returns. */
  connectedAccounts: { path: '/settings', getHref: () => '/settings#connected-accounts' },
  /** Where an email's unsubscribe link leads (the emails function writes `?token=`); works signed out. */
  unsubscribe: { path: '/unsubscribe', getHref: (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}` },
  analytics: { path: '/analytics', getHref: () => '/analytics' },
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  deliverable: { path: '/deliverables/:id', getHref: (id: string) => `/deliverables/${encodeURIComponent(id)}` },
  /** Legal pages linked from the register form (static files under web/public, opened in a new tab). */
  terms: { getHref: () => '/legal/terms.html' },
  privacy: { getHref: () => '/legal/privacy.html' },
} as const;

export type Role = 'brand' | 'creator' | 'admin';

/**
 * Where a user lands after signing in (spec "Auth screen"): each role's dashboard, any other role the
 * landing page. Registration only creates creators, so it never reaches the admin branch.
 */
export function dashboardPathForRole(role: string | null | undefined): string {
  switch (role) {
    case 'brand':
      return paths.brandDashboard.getHref();
    case 'creator':
      return paths.creatorDashboard.getHref();
    case 'admin':
      return paths.adminDashboard.getHref();
    default:
      return paths.landing.getHref();
  }
}
