import { ReceiptTextIcon } from 'lucide-react';
import * as sv from '#shared/i18n/sv.ts';
import { cn } from '../lib/cn.ts';

/** The product mark: icon plus name; the name hides where only the icon fits (collapsed sidebar). */
export function Brand({ className, nameClassName }: { className?: string; nameClassName?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold', className)}>
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <ReceiptTextIcon className="size-4" aria-hidden />
      </span>
      <span className={cn('text-lg tracking-tight', nameClassName)}>{sv.shell.product}</span>
    </span>
  );
}
