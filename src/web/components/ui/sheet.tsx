import type { ComponentProps } from 'react';
import { XIcon } from 'lucide-react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import * as sv from '#shared/i18n/sv.ts';
import { cn } from '../../lib/cn.ts';
import { overlayClasses } from './dialog.tsx';

/** A dialog that slides in from an edge: the mobile sidebar drawer, filters on small screens. */
export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;

const sides = {
  left: 'inset-y-0 left-0 h-full w-3/4 border-r data-[state=open]:animate-kv-slide-in-left data-[state=closed]:animate-kv-slide-out-left',
  right:
    'inset-y-0 right-0 h-full w-3/4 border-l data-[state=open]:animate-kv-slide-in-right data-[state=closed]:animate-kv-slide-out-right',
  top: 'inset-x-0 top-0 border-b data-[state=open]:animate-kv-slide-in-top data-[state=closed]:animate-kv-slide-out-top',
  bottom:
    'inset-x-0 bottom-0 border-t data-[state=open]:animate-kv-slide-in-bottom data-[state=closed]:animate-kv-slide-out-bottom',
} as const;

interface SheetContentProps extends ComponentProps<typeof SheetPrimitive.Content> {
  side?: keyof typeof sides;
  hideClose?: boolean;
}

export function SheetContent({ className, children, side = 'right', hideClose = false, ...props }: SheetContentProps) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className={overlayClasses} />
      <SheetPrimitive.Content
        className={cn('fixed z-50 flex flex-col gap-4 bg-background shadow-lg', sides[side], className)}
        {...props}
      >
        {children}
        {hideClose ? null : (
          <SheetPrimitive.Close className="absolute top-3 right-3 rounded-md p-1.5 text-muted-foreground hover:bg-accent hover:text-accent-foreground">
            <XIcon className="size-4" aria-hidden />
            <span className="sr-only">{sv.shell.close}</span>
          </SheetPrimitive.Close>
        )}
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export function SheetHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('grid gap-1.5 p-4', className)} {...props} />;
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof SheetPrimitive.Title>) {
  return <SheetPrimitive.Title className={cn('font-semibold', className)} {...props} />;
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof SheetPrimitive.Description>) {
  return <SheetPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
