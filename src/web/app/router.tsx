import { lazy, useState, type ComponentType } from 'react';
import { matchRoutes, Route, Routes, type RouteObject } from 'react-router';
import { RootLayout } from './root.tsx';
import { routeTable, type RouteEntry } from './route-modules.ts';
import { trackPageLoad } from './page-loading.ts';

/** The address a page starts at. */
export type PageAddress = { pathname: string; search: string };

/**
 * A route module's exports: its page, and optionally `preload(address)`, called as the page starts, which fetches what
 * the address opens (the group page's open tab, the page's first data) beside the page's own code and settles once it
 * is there.
 */
type RouteModule = { Component: ComponentType; preload?: (address: PageAddress) => Promise<unknown> | undefined };

// Root-relative globs (Vite root is src/web): one lazy chunk per page and layout, keyed "/features/…".
const modules = import.meta.glob<RouteModule>(['/features/**/*-page.tsx', '/app/*-layout.tsx', '/app/*-page.tsx']);

const loads = new Map<string, Promise<RouteModule>>();
const loaded = new Map<string, ComponentType>();

/** One import per module, remembered once it has arrived so the page renders without suspending (decision 077). */
function loadModule(module: RouteEntry['module']): Promise<RouteModule> {
  let loading = loads.get(module);
  if (!loading) {
    const load = modules[`/${module}`];
    if (!load) throw new Error(`Route module src/web/${module} does not exist`);
    loading = trackPageLoad(load()).then(
      (exports) => {
        loaded.set(module, exports.Component);
        return exports;
      },
      (error: unknown) => {
        // A failed load (offline) does not stick: the next visit to the page fetches again.
        loads.delete(module);
        throw error;
      },
    );
    loads.set(module, loading);
  }
  return loading;
}

const pages = new Map<string, ComponentType>();

/**
 * One component per module, made once, so revisiting a page never re-creates (and remounts) it. A module that has
 * already arrived renders at once: through React.lazy it would suspend for a moment the first time, showing the
 * fallback, and React then holds back the page for 300 ms after any fallback (decision 077).
 */
function routePage(module: RouteEntry['module']): ComponentType {
  let page = pages.get(module);
  if (!page) {
    const Lazy = lazy(() => loadModule(module).then((exports) => ({ default: exports.Component })));
    page = function RoutePage() {
      // Chosen once per mount: switching from the lazy one to the loaded one would remount the page.
      const [Loaded] = useState(() => loaded.get(module));
      return Loaded ? <Loaded /> : <Lazy />;
    };
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
 * Starts fetching every module a URL renders, its layouts and its page, all at once, and the lazy parts its address
 * opens. Otherwise each nested lazy module is asked for only once its layout has loaded and rendered, one round trip
 * after another (decision 069). Settles when they have all arrived or failed, the lazy parts included.
 */
export function preloadRouteModules(pathname: string, search: string): Promise<unknown> {
  return Promise.allSettled(
    (matchRoutes(routeObjects, pathname) ?? []).map((match) => {
      const { module } = match.route.handle as { module: RouteEntry['module'] };
      return loadModule(module).then((exports) => exports.preload?.({ pathname, search }));
    }),
  );
}

function toRoute(entry: RouteEntry, key: number) {
  const Page = routePage(entry.module);
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
