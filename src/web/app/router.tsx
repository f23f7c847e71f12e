import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageFallback, RootLayout } from './root.tsx';
import { RouteError } from './route-error.tsx';
import { routeTable, type RouteEntry } from './route-modules.ts';

type RouteModule = Pick<RouteObject, 'Component' | 'ErrorBoundary' | 'loader' | 'handle'>;

// Root-relative globs (Vite root is src/web): one lazy chunk per page and layout, keyed "/features/…".
const modules = import.meta.glob<RouteModule>(['/features/**/*-page.tsx', '/app/*-layout.tsx', '/app/*-page.tsx']);

function toRoute(entry: RouteEntry): RouteObject {
  const lazy = modules[`/${entry.module}`];
  if (!lazy) throw new Error(`Route module src/web/${entry.module} does not exist`);
  if (entry.index) return { index: true, lazy };
  return { path: entry.path, lazy, children: entry.children?.map(toRoute) };
}

/** Every page is a lazy module from the route table; the root layout (toasts, cookie banner) is in the entry chunk. */
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageFallback,
    children: routeTable.map(toRoute),
  },
]);
