import { Outlet } from 'react-router';
import { RequireSession } from '../features/auth/require-session.tsx';
import { AppShell } from '../features/shell/app-shell.tsx';
import { MyGroupsPlaceholder } from '../features/shell/my-groups-placeholder.tsx';

/**
 * /app/*: the login guard around the sidebar shell. This is where features meet: the groups feature's sidebar list
 * replaces MyGroupsPlaceholder here, so the shell never imports a feature.
 */
export function Component() {
  return (
    <RequireSession>
      <AppShell myGroups={<MyGroupsPlaceholder />}>
        <Outlet />
      </AppShell>
    </RequireSession>
  );
}
