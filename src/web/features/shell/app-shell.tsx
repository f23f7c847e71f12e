import type { ReactNode } from 'react';
import { Link } from 'react-router';
import * as sv from '#shared/i18n/sv.ts';
import { Brand } from '../../components/brand.tsx';
import { MAIN_ID } from '../../components/skip-link.tsx';
import { SidebarInset, SidebarTrigger } from '../../components/ui/sidebar.tsx';
import { SidebarProvider } from '../../components/ui/sidebar-context.tsx';
import { TooltipProvider } from '../../components/ui/tooltip.tsx';
import { AppSidebar } from './app-sidebar.tsx';

interface AppShellProps {
  /** Content of the sidebar's "Mina grupper" section. */
  myGroups: ReactNode;
  /** The Premium entry of the sidebar footer (the billing feature's dialog). */
  upgrade?: ReactNode;
  /** The current /app page. */
  children: ReactNode;
}

/** Sidebar plus a slim top bar with the sidebar toggle, around every /app page. */
export function AppShell({ myGroups, upgrade, children }: AppShellProps) {
  return (
    // Tooltips live here, not in the global providers: their positioning library would cost every public page ~13 kB.
    <TooltipProvider>
      <SidebarProvider>
        <AppSidebar myGroups={myGroups} upgrade={upgrade} />
        <SidebarInset>
          <header className="sticky top-0 z-10 flex h-14 items-center gap-2 border-b bg-background/95 px-2 backdrop-blur sm:px-4">
            <SidebarTrigger />
            <Link to="/app" className="flex h-11 items-center rounded-md md:hidden" aria-label={sv.shell.product}>
              <Brand />
            </Link>
          </header>
          <main id={MAIN_ID} tabIndex={-1} className="flex flex-1 flex-col p-4 outline-none sm:p-6">
            {children}
          </main>
        </SidebarInset>
      </SidebarProvider>
    </TooltipProvider>
  );
}
