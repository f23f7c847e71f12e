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
preloadRouteModules(window.location.pathname);

const root = document.getElementById('root');
if (root) {
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

// The service worker (offline shell, shared photos, "Ny version finns") registers once the page has loaded.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => void import('./pwa/register.ts').then((m) => m.registerServiceWorker()), {
    once: true,
  });
}
