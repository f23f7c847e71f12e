import { Navigate, useLocation } from 'react-router';
import { pendingInvite } from './pending-invite.ts';

/**
 * Inside /app: a visitor who opened an invite while signed out and then signed in some other way than the invite's
 * redirect (a password reset, a bookmark) is taken back to the invite once. The invite page forgets the token.
 */
export function PendingInviteRedirect() {
  const { pathname } = useLocation();
  const token = pendingInvite();
  if (!token || pathname.startsWith('/invite/')) return null;
  return <Navigate replace to={`/invite/${encodeURIComponent(token)}`} />;
}
