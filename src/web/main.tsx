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
