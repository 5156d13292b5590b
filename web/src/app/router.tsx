import { createBrowserRouter, Outlet, RouterProvider } from 'react-router-dom';
import { MainErrorFallback } from '@/components/errors/main-error-fallback';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

/**
 * The route table of spec section 2. Every screen is its own chunk (`lazy`), loaded when first visited.
 * Signed-in screens sit under the app shell route, which holds the guard.
 */
export const router = createBrowserRouter([
  {
    Component: Outlet,
    HydrateFallback: () => <PageSpinner />,
    ErrorBoundary: MainErrorFallback,
    children: [
      { path: paths.landing.path, lazy: () => import('./routes/landing') },
      { path: paths.auth.path, lazy: () => import('./routes/auth') },
      {
        lazy: () => import('./routes/app/root'),
        children: [
          { path: paths.dashboard.path, lazy: () => import('./routes/app/role-redirect') },
          { path: paths.brandDashboard.path, lazy: () => import('./routes/app/dashboard-brand') },
          { path: paths.creatorDashboard.path, lazy: () => import('./routes/app/dashboard-creator') },
          { path: paths.adminDashboard.path, lazy: () => import('./routes/app/dashboard-admin') },
          { path: paths.campaignCreate.path, lazy: () => import('./routes/app/campaign-create') },
          { path: paths.campaignEdit.path, lazy: () => import('./routes/app/campaign-edit') },
          { path: paths.campaigns.path, lazy: () => import('./routes/app/campaigns') },
          { path: paths.campaign.path, lazy: () => import('./routes/app/campaign') },
          { path: paths.creatorsDiscover.path, lazy: () => import('./routes/app/creators-discover') },
          { path: paths.creator.path, lazy: () => import('./routes/app/creator') },
          { path: paths.paymentResult.path, lazy: () => import('./routes/app/payment-result') },
          { path: paths.paymentHistory.path, lazy: () => import('./routes/app/payment-history') },
          { path: paths.deliverable.path, lazy: () => import('./routes/app/deliverable') },
          { path: paths.messages.path, lazy: () => import('./routes/app/messages') },
          { path: paths.settings.path, lazy: () => import('./routes/app/settings') },
          { path: paths.analytics.path, lazy: () => import('./routes/app/analytics') },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
