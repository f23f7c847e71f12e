import { NotFound } from './not-found.tsx';

/** An unknown path under /app: the 404 inside the shell, so the sidebar stays usable. */
export function Component() {
  return <NotFound />;
}
