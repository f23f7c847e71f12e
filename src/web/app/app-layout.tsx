import { Outlet } from 'react-router';
import { RequireSession } from '../features/auth/require-session.tsx';
import { PremiumEntry } from '../features/billing/premium-entry.tsx';
import { LiveUpdates } from '../features/groups/live-updates.tsx';
import { MyGroups } from '../features/groups/my-groups.tsx';
import { PendingInviteRedirect } from '../features/invites/pending-invite-redirect.tsx';
import { AppShell } from '../features/shell/app-shell.tsx';
import { OfflineNotice } from '../features/shell/offline-notice.tsx';

/**
 * /app/*: the login guard around the sidebar shell. This is where features meet: the groups feature's sidebar list
 * fills "Mina grupper" and the billing feature's entry the Premium dialog, so the shell never imports a feature.
 */
export function Component() {
  return (
    <RequireSession>
      <LiveUpdates />
      <PendingInviteRedirect />
      <AppShell myGroups={<MyGroups />} upgrade={<PremiumEntry />}>
        <OfflineNotice />
        <Outlet />
      </AppShell>
    </RequireSession>
  );
}
