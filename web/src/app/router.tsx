import { createBrowserRouter, Outlet, RouterProvider, type LazyRouteFunction, type RouteObject } from 'react-router-dom';
import { MainErrorFallback } from '@/components/errors/main-error-fallback';
import { PageSpinner } from '@/components/ui/spinner';
import { routeManifest, routeModuleFile, type RouteEntry } from './route-manifest';

type RouteModule = Awaited<ReturnType<LazyRouteFunction<RouteObject>>>;

// One lazy import per route file, so every screen stays its own chunk, loaded when first visited.
const routeModules = import.meta.glob<RouteModule>('./routes/**/*.tsx');

function lazyModule(module: string): LazyRouteFunction<RouteObject> {
  const load = routeModules[routeModuleFile(module)];
  if (!load) throw new Error(`router: no route module ${routeModuleFile(module)}`);
  return load;
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
  return (created ??= createRouter());
}

export function AppRouter() {
  return <RouterProvider router={getRouter()} />;
}
