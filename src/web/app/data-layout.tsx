import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client.ts';

/**
 * Pathless layout around every page that reads data through TanStack Query (/app/*, later /invite/:token). It keeps
 * the query library off the first load of the light public pages (docs/decisions/007).
 */
export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
