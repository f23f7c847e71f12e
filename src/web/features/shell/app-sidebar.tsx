import type { ReactNode } from 'react';
import {
  ChartColumnIcon,
  CoinsIcon,
  HouseIcon,
  LogOutIcon,
  PlusIcon,
  ReceiptIcon,
  SettingsIcon,
  UserPlusIcon,
  type LucideIcon,
} from 'lucide-react';
import { Link, NavLink } from 'react-router';
import * as sv from '#shared/i18n/sv.ts';
import { Brand } from '../../components/brand.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { Sidebar, SidebarContent, SidebarFooter, SidebarGroup, SidebarHeader } from '../../components/ui/sidebar.tsx';
import { useSidebar } from '../../components/ui/sidebar-context.tsx';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from '../../components/ui/sidebar-menu.tsx';
import { errorText } from '../../lib/api.ts';
import { signOut, useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';

interface Entry {
  to: string;
  label: string;
  Icon: LucideIcon;
  /** Highlight only on this exact path (Hem would otherwise be "current" on every /app page). */
  end?: boolean;
}

const navigation: Entry[] = [
  { to: '/app', label: sv.shell.nav.home, Icon: HouseIcon, end: true },
  { to: '/app/create-group', label: sv.shell.nav.createGroup, Icon: PlusIcon },
  { to: '/app/join', label: sv.shell.nav.joinGroup, Icon: UserPlusIcon },
];

const quickActions: Entry[] = [
  { to: '/app/add-expense', label: sv.shell.quick.addExpense, Icon: ReceiptIcon },
  { to: '/app/statistics', label: sv.shell.quick.statistics, Icon: ChartColumnIcon },
  { to: '/app/settings', label: sv.shell.quick.currency, Icon: CoinsIcon },
];

function EntryList({ entries, navLinks }: { entries: Entry[]; navLinks: boolean }) {
  const { isMobile, setOpenMobile } = useSidebar();
  // On a phone the drawer covers the page, so following a link should also close it.
  const onClick = isMobile ? () => setOpenMobile(false) : undefined;
  return (
    <SidebarMenu>
      {entries.map(({ to, label, Icon, end }) => (
        <SidebarMenuItem key={to + label}>
          <SidebarMenuButton asChild tooltip={label}>
            {navLinks ? (
              <NavLink to={to} end={end ?? false} onClick={onClick}>
                <Icon aria-hidden />
                <span>{label}</span>
              </NavLink>
            ) : (
              <Link to={to} onClick={onClick}>
                <Icon aria-hidden />
                <span>{label}</span>
              </Link>
            )}
          </SidebarMenuButton>
        </SidebarMenuItem>
      ))}
    </SidebarMenu>
  );
}

/**
 * The app shell's sidebar. `myGroups` and `upgrade` are filled by the composition in app/ (the groups feature's list, the
 * billing feature's Premium dialog).
 */
export function AppSidebar({ myGroups, upgrade }: { myGroups: ReactNode; upgrade?: ReactNode }) {
  return (
    <Sidebar label={sv.shell.nav.label}>
      <SidebarHeader>
        <Link to="/app" className="flex h-10 items-center rounded-md px-1 max-md:h-11" aria-label={sv.shell.product}>
          <Brand nameClassName="group-data-[state=collapsed]/sidebar:sr-only" />
        </Link>
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <EntryList entries={navigation} navLinks />
        </SidebarGroup>
        <SidebarGroup label={sv.shell.quick.label}>
          <EntryList entries={quickActions} navLinks={false} />
        </SidebarGroup>
        <SidebarGroup label={sv.shell.myGroups}>{myGroups}</SidebarGroup>
      </SidebarContent>
      <SidebarFooter>
        {upgrade}
        <EntryList entries={[{ to: '/app/settings', label: sv.shell.settings, Icon: SettingsIcon }]} navLinks />
        <ThemeToggle className="group-data-[state=collapsed]/sidebar:flex-col" />
        <AccountEntry />
      </SidebarFooter>
    </Sidebar>
  );
}

function AccountEntry() {
  const user = useSession().session?.user;
  const logOut = async () => {
    try {
      await signOut();
      toast.success(sv.auth.loggedOut);
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  return (
    <SidebarMenu>
      {user ? (
        <li className="grid px-2 py-1 text-sm group-data-[state=collapsed]/sidebar:sr-only">
          <span className="truncate font-medium">{user.name}</span>
          <span className="truncate text-xs text-muted-foreground">{user.email}</span>
        </li>
      ) : null}
      <SidebarMenuItem>
        <SidebarMenuButton tooltip={sv.shell.logout} onClick={() => void logOut()}>
          <LogOutIcon aria-hidden />
          <span>{sv.shell.logout}</span>
        </SidebarMenuButton>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
