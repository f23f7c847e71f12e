import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, Route, Routes, type RouteObject } from 'react-router';
import { RootLayout } from './root.tsx';
import { routeTable, type RouteEntry } from './route-modules.ts';
import { trackPageLoad } from './page-loading.ts';

type RouteModule = { Component: ComponentType };

// Root-relative globs (Vite root is src/web): one lazy chunk per page and layout, keyed "/features/…".
const modules = import.meta.glob<RouteModule>(['/features/**/*-page.tsx', '/app/*-layout.tsx', '/app/*-page.tsx']);

const pages = new Map<string, LazyExoticComponent<ComponentType>>();

/** One React.lazy per module, made once, so revisiting a page never re-creates (and remounts) its component. */
function lazyPage(module: RouteEntry['module']): LazyExoticComponent<ComponentType> {
  let page = pages.get(module);
  if (!page) {
    const load = modules[`/${module}`];
    if (!load) throw new Error(`Route module src/web/${module} does not exist`);
    page = lazy(() => trackPageLoad(load()).then((loaded) => ({ default: loaded.Component })));
    pages.set(module, page);
  }
  return page;
}

function toRouteObject(entry: RouteEntry): RouteObject {
  const handle = { module: entry.module };
  if (entry.index) return { index: true, handle };
  return { path: entry.path, handle, children: entry.children?.map(toRouteObject) };
}

const routeObjects = routeTable.map(toRouteObject);

/**
 * Starts fetching every module a URL renders, its layouts and its page, all at once. Otherwise each nested lazy
 * module is asked for only once its layout has loaded and rendered, one round trip after another (decision 069).
 */
export function preloadRouteModules(pathname: string): void {
  for (const match of matchRoutes(routeObjects, pathname) ?? []) {
    const { module } = match.route.handle as { module: RouteEntry['module'] };
    void modules[`/${module}`]?.().catch(() => undefined);
  }
}

function toRoute(entry: RouteEntry, key: number) {
  const Page = lazyPage(entry.module);
  if (entry.index) return <Route key={key} index element={<Page />} />;
  return (
    <Route key={key} path={entry.path} element={<Page />}>
      {entry.children?.map(toRoute)}
    </Route>
  );
}

/**
 * Every page is a lazy module from the route table (declarative routes: the data router's loaders are unused and
 * cost 16 kB on every first load, docs/decisions/007). Navigations run as transitions, so the current page stays
 * on screen while the next one's chunk loads.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>{routeTable.map(toRoute)}</Route>
    </Routes>
  );
}
