import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers.tsx';
import { AppRoutes, preloadRouteModules } from './app/router.tsx';
import { startSessionSync } from './lib/session.ts';
import './styles.css';

// Asks for the session and the page's modules now, side by side, rather than each after the one before.
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
