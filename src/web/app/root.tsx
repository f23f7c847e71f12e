import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner.tsx';
import { SkipLink } from '../components/skip-link.tsx';
import { useConsent } from '../lib/consent.ts';
import { toasterWanted } from '../lib/toast.ts';
import { usePageFocus } from './page-focus.ts';
import { usePageLoading } from './page-loading.ts';
import { RouteErrorBoundary } from './route-error.tsx';

// Only for visitors who have not chosen yet, and after the page has rendered: it is never needed to use the page.
const CookieBanner = lazy(() =>
  import('../features/shell/cookie-banner.tsx').then((module) => ({ default: module.CookieBanner })),
);

function ConsentPrompt() {
  const [consent] = useConsent();
  if (consent) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner />
    </Suspense>
  );
}

// Not on the first load: sonner arrives with the first toast; lib/toast.ts holds toasts until it listens.
const Toaster = lazy(() => import('../components/ui/toaster.tsx').then((module) => ({ default: module.Toaster })));

/**
 * Mounted with the first toast, straight under <body>: a dialog open at that moment has hidden everything that was
 * on the page from screen readers, and the toasts must not be among it.
 */
function Toasts() {
  const wanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, () => false);
  if (!wanted) return null;
  return createPortal(
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>,
    document.body,
  );
}

/** Shown while the first page's module loads. */
export function PageFallback() {
  return (
    <div className="flex min-h-svh items-center justify-center text-muted-foreground">
      <Spinner />
    </div>
  );
}

/** A thin bar at the top while the next page's module or data loads, so a click never feels ignored. */
function NavigationProgress() {
  if (!usePageLoading()) return null;
  // Only an indicator: clicks on the top edge go to the page beneath it.
  return <div aria-hidden className="pointer-events-none fixed inset-x-0 top-0 z-100 h-0.5 animate-pulse bg-primary" />;
}

/** A new page starts at the top, as after a full page load; back and forward keep the browser's own restoration. */
function ScrollToTop({ pathname }: { pathname: string }) {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Around every page: the cookie banner, skip link, navigation progress, error boundary and toasts. */
export function RootLayout() {
  const { pathname } = useLocation();
  usePageFocus(pathname);
  return (
    <>
      {/* First in the page when shown, so Tab and screen readers meet it before anything it could hide. */}
      <ConsentPrompt />
      <SkipLink />
      <NavigationProgress />
      <ScrollToTop pathname={pathname} />
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
      <Toasts />
    </>
  );
}
