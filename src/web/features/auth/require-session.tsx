import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathFor } from '#shared/redirect.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { MAIN_ID } from '../../components/skip-link.tsx';
import { useOnline } from '../../lib/online.ts';
import { lastSessionEnd, refreshSession, useSession } from '../../lib/session.ts';

/**
 * The login guard of /app: signed out (or the session lost later) sends the user to /auth with this page as the
 * redirect target; a deliberate logout goes to /auth plainly.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { session, failed } = useSession();
  if (session) return children;
  if (session === undefined && !failed) {
    return (
      <div className="flex min-h-svh items-center justify-center text-muted-foreground">
        <Spinner />
      </div>
    );
  }
  if (session === undefined) return <SessionUnavailable onRetry={() => void refreshSession()} />;
  const here = `${location.pathname}${location.search}${location.hash}`;
  return <Navigate replace to={lastSessionEnd() === 'signed-out' ? '/auth' : loginPathFor(here)} />;
}

/** The session could not be checked at all (server down, offline): say so instead of pretending to be signed out. */
function SessionUnavailable({ onRetry }: { onRetry: () => void }) {
  const online = useOnline();
  return (
    <main
      id={MAIN_ID}
      tabIndex={-1}
      className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-xl font-semibold">{online ? sv.shell.loadFailed : sv.pwa.offline.title}</h1>
      <p className="text-muted-foreground">{online ? sv.errors.SERVICE_UNAVAILABLE : sv.shell.loadFailedText}</p>
      <Button onClick={onRetry}>{sv.shell.retry}</Button>
    </main>
  );
}
