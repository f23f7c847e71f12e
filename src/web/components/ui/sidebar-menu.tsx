import { useState, type ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '../../lib/cn.ts';
import { Skeleton } from './feedback.tsx';
import { useSidebar } from './sidebar-context.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip.tsx';

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return <ul className={cn('flex w-full min-w-0 flex-col gap-1', className)} {...props} />;
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return <li className={cn('group/menu-item relative', className)} {...props} />;
}

const buttonClasses = cn(
  'flex h-9 w-full items-center gap-2 overflow-hidden rounded-md px-2 text-left text-sm text-sidebar-foreground',
  'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground disabled:pointer-events-none disabled:opacity-50',
  'aria-[current=page]:bg-sidebar-accent aria-[current=page]:font-semibold aria-[current=page]:text-sidebar-accent-foreground',
  '[&>svg]:size-4 [&>svg]:shrink-0 [&>span]:truncate group-has-data-[slot=menu-action]/menu-item:pr-9',
  'group-data-[state=collapsed]/sidebar:size-8 group-data-[state=collapsed]/sidebar:p-2 group-data-[state=collapsed]/sidebar:[&>span]:sr-only',
);

interface SidebarMenuButtonProps extends ComponentProps<'button'> {
  /** Renders the child (a NavLink) with the button's look. */
  asChild?: boolean;
  /** Shown beside the icon while the sidebar is collapsed, where the text is hidden. */
  tooltip?: string;
}

/** An entry: icon plus a <span> text. Collapsed, the text becomes screen-reader only and a tooltip shows it. */
export function SidebarMenuButton({ asChild = false, tooltip, className, ...props }: SidebarMenuButtonProps) {
  const { state, isMobile } = useSidebar();
  const [tooltipOpen, setTooltipOpen] = useState(false);
  const Component = asChild ? Slot.Root : 'button';
  const button = (
    <Component type={asChild ? undefined : 'button'} className={cn(buttonClasses, className)} {...props} />
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
export function SidebarMenuAction({
  className,
  asChild = false,
  ...props
}: ComponentProps<'button'> & { asChild?: boolean }) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      type={asChild ? undefined : 'button'}
      data-slot="menu-action"
      className={cn(
        'absolute top-1.5 right-1 flex size-6 items-center justify-center rounded-md text-sidebar-foreground',
        'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground [&>svg]:size-4 group-data-[state=collapsed]/sidebar:hidden',
        className,
      )}
      {...props}
    />
  );
}

/** A placeholder entry while the list loads. */
export function SidebarMenuSkeleton() {
  return (
    <div className="flex h-9 items-center gap-2 px-2" aria-hidden>
      <Skeleton className="size-4 rounded-md" />
      <Skeleton className="h-4 flex-1 group-data-[state=collapsed]/sidebar:hidden" />
    </div>
  );
}
