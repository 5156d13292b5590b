// A relative import, not '@/config/paths': the build's route-preload plugin reads this file in Node,
// where the '@' alias does not exist.
import { paths } from '../config/paths.ts';

/** A screen: its URL pattern and its module under src/app/routes (no extension), loaded lazily. */
export interface RouteEntry {
  path: string;
  module: string;
}

/**
 * The route table of spec section 2 as data, read by both src/app/router.tsx (which turns each module into
 * a lazy route) and web/build/route-preload.ts (which preloads each URL's chunks). Order matters only
 * within the router's ranking rules, which put static segments before parameters either way.
 */
export const routeManifest = {
  /** Screens outside the signed-in shell. */
  public: [
    { path: paths.landing.path, module: 'landing' },
    { path: paths.auth.path, module: 'auth' },
    { path: paths.forgotPassword.path, module: 'auth-forgot-password' },
    { path: paths.resetPassword.path, module: 'auth-reset-password' },
    { path: paths.confirmEmail.path, module: 'auth-confirm' },
    { path: paths.confirmEmailChange.path, module: 'auth-email-change' },
    { path: paths.unsubscribe.path, module: 'unsubscribe' },
    { path: paths.publicCampaigns.path, module: 'explore' },
    { path: paths.publicCampaign.path, module: 'explore-campaign' },
  ],
  /** The signed-in shell (it holds the guard) and the screens under it. */
  shell: {
    module: 'app/root',
    routes: [
      { path: paths.dashboard.path, module: 'app/role-redirect' },
      { path: paths.brandDashboard.path, module: 'app/dashboard-brand' },
      { path: paths.creatorDashboard.path, module: 'app/dashboard-creator' },
      { path: paths.adminDashboard.path, module: 'app/dashboard-admin' },
      { path: paths.campaignCreate.path, module: 'app/campaign-create' },
      { path: paths.campaignEdit.path, module: 'app/campaign-edit' },
      { path: paths.campaigns.path, module: 'app/campaigns' },
      { path: paths.campaign.path, module: 'app/campaign' },
      { path: paths.creatorsDiscover.path, module: 'app/creators-discover' },
      { path: paths.creator.path, module: 'app/creator' },
      { path: paths.paymentResult.path, module: 'app/payment-result' },
      { path: paths.paymentHistory.path, module: 'app/payment-history' },
      { path: paths.deliverable.path, module: 'app/deliverable' },
      { path: paths.messages.path, module: 'app/messages' },
      { path: paths.settings.path, module: 'app/settings' },
      { path: paths.analytics.path, module: 'app/analytics' },
      { path: paths.notifications.path, module: 'app/notifications' },
    ],
  },
  /** Any other URL; not preloaded (a mistyped address is not worth a guess). */
  notFound: { module: 'not-found' },
} as const satisfies {
  public: readonly RouteEntry[];
  shell: { module: string; routes: readonly RouteEntry[] };
  notFound: { module: string };
};

/** Where a manifest module lives, relative to src/app (the router's import.meta.glob keys). */
export const routeModuleFile = (module: string) => `./routes/${module}.tsx`;
