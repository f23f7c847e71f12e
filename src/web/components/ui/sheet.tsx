import type { ComponentProps } from 'react';
import { XIcon } from 'lucide-react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import * as sv from '#shared/i18n/sv.ts';
import { cn } from '../../lib/cn.ts';
import { useReturnFocus } from './return-focus.ts';

/** A dialog that slides in from an edge: the mobile sidebar drawer, filters on small screens. */
export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;

const sides = {
  left: 'ui-sheet-left',
  right: 'ui-sheet-right',
  top: 'ui-sheet-top',
  bottom: 'ui-sheet-bottom',
} as const;

interface SheetContentProps extends ComponentProps<typeof SheetPrimitive.Content> {
  side?: keyof typeof sides;
  hideClose?: boolean;
}

export function SheetContent({
  className,
  children,
  side = 'right',
  hideClose = false,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: SheetContentProps) {
  const focus = useReturnFocus(onOpenAutoFocus, onCloseAutoFocus);
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className="ui-overlay" />
      <SheetPrimitive.Content className={cn('ui-sheet', sides[side], className)} {...props} {...focus}>
        {children}
        {hideClose ? null : (
          <SheetPrimitive.Close className="ui-close">
            <XIcon className="size-4" aria-hidden />
            <span className="sr-only">{sv.shell.close}</span>
          </SheetPrimitive.Close>
        )}
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export function SheetHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('ui-sheet-header', className)} {...props} />;
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof SheetPrimitive.Title>) {
  return <SheetPrimitive.Title className={cn('ui-sheet-title', className)} {...props} />;
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof SheetPrimitive.Description>) {
  return <SheetPrimitive.Description className={cn('ui-dialog-description', className)} {...props} />;
}
