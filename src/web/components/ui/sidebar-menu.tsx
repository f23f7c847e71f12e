import { cloneElement, isValidElement, useState, type ComponentProps, type ReactElement } from 'react';
import { cn } from '../../lib/cn.ts';
import { Skeleton } from './feedback.tsx';
import { useSidebar } from './sidebar-context.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip.tsx';

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return <ul className={cn('ui-sidebar-menu', className)} {...props} />;
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return <li className={cn('ui-sidebar-item group/menu-item', className)} {...props} />;
}

interface SidebarMenuButtonProps extends ComponentProps<'button'> {
  /** Gives the only child (a NavLink) the button's look instead of rendering a <button>. */
  asChild?: boolean;
  /** Shown beside the icon while the sidebar is collapsed, where the text is hidden. */
  tooltip?: string;
}

/** An entry: icon plus a <span> text. Collapsed, the text becomes screen-reader only and a tooltip shows it. */
export function SidebarMenuButton({ asChild = false, tooltip, className, children, ...props }: SidebarMenuButtonProps) {
  const { state, isMobile } = useSidebar();
  const [tooltipOpen, setTooltipOpen] = useState(false);
  const classes = cn('ui-sidebar-button', className);
  const button =
    asChild && isValidElement<{ className?: string }>(children) ? (
      cloneElement(children as ReactElement<{ className?: string }>, { ...props, className: classes })
    ) : (
      <button type="button" className={classes} {...props}>
        {children}
      </button>
    );
  if (!tooltip) return button;
  return (
    <Tooltip open={tooltipOpen && state === 'collapsed' && !isMobile} onOpenChange={setTooltipOpen}>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side="right" align="center">
        {tooltip}
      </TooltipContent>
    </Tooltip>
  );
}

/** A small button at the right of an entry, e.g. the per-group menu (Byt namn, Ta bort). Hidden when collapsed. */
export function SidebarMenuAction({ className, ...props }: ComponentProps<'button'>) {
  return <button type="button" data-slot="menu-action" className={cn('ui-sidebar-action', className)} {...props} />;
}

/** A placeholder entry while the list loads. */
export function SidebarMenuSkeleton() {
  return (
    <div className="flex h-9 items-center gap-2 px-2" aria-hidden>
      <Skeleton className="size-4 rounded-md" />
      <Skeleton className="ui-sidebar-expanded-only h-4 flex-1" />
    </div>
  );
}
