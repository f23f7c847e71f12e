import { useId, type ComponentProps, type ReactNode } from 'react';
import { PanelLeftIcon } from 'lucide-react';
import * as sv from '#shared/i18n/sv.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';
import { Sheet, SheetContent, SheetTitle } from './sheet.tsx';
import { useSidebar } from './sidebar-context.tsx';

/**
 * The navigation panel: fixed at the left on desktop (16rem, or 3rem when collapsed to icons), a drawer below 768 px
 * (18rem). Children use `group-data-[state=collapsed]/sidebar:` classes to adapt to the collapsed state.
 */
export function Sidebar({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();
  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          side="left"
          aria-describedby={undefined}
          className="w-(--sidebar-width-mobile) max-w-[85vw] gap-0 bg-sidebar p-0 text-sidebar-foreground"
        >
          <SheetTitle className="sr-only">{label}</SheetTitle>
          <nav aria-label={label} className={cn('flex h-full min-h-0 flex-col', className)}>
            {children}
          </nav>
        </SheetContent>
      </Sheet>
    );
  }
  const width =
    'w-(--sidebar-width) transition-[width] duration-200 ease-out group-data-[state=collapsed]/sidebar:w-(--sidebar-width-icon)';
  return (
    <div className="group/sidebar hidden text-sidebar-foreground md:block" data-state={state}>
      {/* Takes the sidebar's width in the page flow, so the fixed panel does not cover the content. */}
      <div aria-hidden className={cn('h-svh', width)} />
      <nav
        aria-label={label}
        className={cn(
          'fixed inset-y-0 left-0 z-20 flex h-svh flex-col border-r border-sidebar-border bg-sidebar',
          width,
          className,
        )}
      >
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
  return <div className={cn('relative flex min-h-svh min-w-0 flex-1 flex-col', className)} {...props} />;
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-2 p-2', className)} {...props} />;
}

export function SidebarFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-auto flex flex-col gap-2 border-t border-sidebar-border p-2', className)} {...props} />;
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto group-data-[state=collapsed]/sidebar:overflow-hidden',
        className,
      )}
      {...props}
    />
  );
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
    <div
      role="group"
      aria-labelledby={label ? id : undefined}
      className={cn('flex w-full min-w-0 flex-col p-2', className)}
    >
      {label ? (
        <h2
          id={id}
          className="flex h-8 items-center px-2 text-xs font-medium text-muted-foreground group-data-[state=collapsed]/sidebar:sr-only"
        >
          {label}
        </h2>
      ) : null}
      {children}
    </div>
  );
}
