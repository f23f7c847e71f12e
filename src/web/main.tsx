import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers.tsx';
import { askForPageData } from './app/early-data.ts';
import { AppRoutes, preloadRouteModules } from './app/router.tsx';
import { startSessionSync } from './lib/session.ts';
import './styles.css';

// Asks for the session, the page's first data and its modules now, side by side, rather than each after the one
// before (decisions 069 and 076).
askForPageData(window.location.pathname, window.location.search);
startSessionSync();
const modulesArrived = preloadRouteModules(window.location.pathname, window.location.search);

/**
 * How long the first render waits for the page's modules. From the device's cache they arrive within tens of
 * milliseconds (a few hundred on a slow phone that is busy), and the page then renders without a loading state in
 * between: React holds back what follows a fallback for 300 ms (decision 077). Over the network they take longer, and
 * the loading state shows after this wait, when it costs nothing.
 */
const FIRST_RENDER_WAIT_MS = 300;

function render() {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
}

void Promise.race([modulesArrived, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]).then(render);

// The service worker (offline shell, shared photos, "Ny version finns") registers once the page has loaded.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => void import('./pwa/register.ts').then((m) => m.registerServiceWorker()), {
    once: true,
  });
}
