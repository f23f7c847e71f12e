import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { startSessionSync } from './lib/session.ts';
import './styles.css';

// Asks for the session now, while the first page's chunk downloads, not after.
startSessionSync();

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
