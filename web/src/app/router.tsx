import { createBrowserRouter, Outlet, RouterProvider, type LazyRouteFunction, type RouteObject } from 'react-router-dom';
import { MainErrorFallback } from '@/components/errors/main-error-fallback';
import { PageSpinner } from '@/components/ui/spinner';
import { toastsFollowNavigation } from '@/components/ui/toast';
import { loadActiveCatalogs } from '@/i18n/locale-store';
import { routeManifest, routeModuleFile, type RouteEntry } from './route-manifest';

type RouteModule = Awaited<ReturnType<LazyRouteFunction<RouteObject>>>;

// One lazy import per route file, so every screen stays its own chunk, loaded when first visited.
const routeModules = import.meta.glob<RouteModule>('./routes/**/*.tsx');

function lazyModule(module: string): LazyRouteFunction<RouteObject> {
  const load = routeModules[routeModuleFile(module)];
  if (!load) throw new Error(`router: no route module ${routeModuleFile(module)}`);
  // The screen's catalogs (registered as its code is evaluated) in the reader's language before it renders:
  // the router keeps the current screen meanwhile, instead of a suspended screen's fallback (decision 0040).
  return () => load().then((route) => loadActiveCatalogs().then(() => route));
}

const screen = ({ path, module }: RouteEntry): RouteObject => ({ path, lazy: lazyModule(module) });

/**
 * The route table of spec section 2, built from src/app/route-manifest.ts (which the build's preloader
 * reads too). Signed-in screens sit under the app shell route, which holds the guard.
 */
const createRouter = () =>
  createBrowserRouter([
    {
      Component: Outlet,
      HydrateFallback: () => <PageSpinner />,
      ErrorBoundary: MainErrorFallback,
      children: [
        ...routeManifest.public.map(screen),
        { lazy: lazyModule(routeManifest.shell.module), children: routeManifest.shell.routes.map(screen) },
        { path: '*', lazy: lazyModule(routeManifest.notFound.module) },
      ],
    },
  ]);

let created: ReturnType<typeof createRouter> | undefined;

/**
 * The app's router, created on first call: creating it starts the first navigation (the route's code and
 * its loaders' reads), work src/main.tsx runs in a task of its own after the app's modules have been
 * evaluated (TBT).
 */
export function getRouter(): ReturnType<typeof createRouter> {
  if (!created) {
    created = createRouter();
    // Toasts belong to the screen they are shown on: each new screen reached is told to the toast store.
    toastsFollowNavigation(created.state.location.pathname, created.state.historyAction);
    created.subscribe((state) => toastsFollowNavigation(state.location.pathname, state.historyAction));
  }
  return created;
}

export function AppRouter() {
  return <RouterProvider router={getRouter()} />;
}
