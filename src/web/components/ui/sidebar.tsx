import { useId, type ComponentProps, type CSSProperties, type ReactNode } from 'react';
import { PanelLeftIcon } from 'lucide-react';
import * as sv from '#shared/i18n/sv.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';
import { Sheet, SheetContent, SheetTitle } from './sheet.tsx';
import { SIDEBAR_WIDTH_MOBILE, useSidebar } from './sidebar-context.tsx';

/**
 * The navigation panel: fixed at the left on desktop (16rem, or 3rem when collapsed to icons), a drawer below 768 px
 * (18rem). Descendants adapt to the collapsed state with `group-data-[state=collapsed]/sidebar:` classes.
 */
export function Sidebar({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();
  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        {/* The drawer is portalled out of the provider's wrapper, so it needs its width variable itself. */}
        <SheetContent
          side="left"
          aria-describedby={undefined}
          className="ui-sidebar-drawer"
          style={{ '--sidebar-width-mobile': SIDEBAR_WIDTH_MOBILE } as CSSProperties}
        >
          <SheetTitle className="sr-only">{label}</SheetTitle>
          <nav aria-label={label} className={cn('flex h-full min-h-0 flex-col', className)}>
            {children}
          </nav>
        </SheetContent>
      </Sheet>
    );
  }
  return (
    <div className="group/sidebar hidden text-sidebar-foreground md:block" data-state={state}>
      {/* Takes the sidebar's width in the page flow, so the fixed panel does not cover the content. */}
      <div aria-hidden className="ui-sidebar-width h-svh" />
      <nav aria-label={label} className={cn('ui-sidebar-width ui-sidebar-panel', className)}>
        {children}
      </nav>
    </div>
  );
}

/** The button that opens/closes the sidebar (Ctrl/Cmd+B does the same). */
export function SidebarTrigger({ className }: { className?: string }) {
  const { toggle, isMobile, open, openMobile } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon"
      className={className}
      onClick={toggle}
      aria-label={sv.shell.toggleSidebar}
      aria-expanded={isMobile ? openMobile : open}
      aria-keyshortcuts="Control+B Meta+B"
    >
      <PanelLeftIcon aria-hidden />
    </Button>
  );
}

/** The page area next to the sidebar. */
export function SidebarInset({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('ui-sidebar-inset', className)} {...props} />;
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('ui-sidebar-header', className)} {...props} />;
}

export function SidebarFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('ui-sidebar-footer', className)} {...props} />;
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('ui-sidebar-content', className)} {...props} />;
}

/** A titled section (Snabbval, Mina grupper); the title hides when collapsed but stays for screen readers. */
export function SidebarGroup({
  label,
  className,
  children,
}: {
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={label ? id : undefined} className={cn('ui-sidebar-group', className)}>
      {label ? (
        <h2 id={id} className="ui-sidebar-group-label">
          {label}
        </h2>
      ) : null}
      {children}
    </div>
  );
}
