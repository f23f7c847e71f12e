import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A plain <label>: Radix's Label only adds double-click text selection prevention, not worth a dependency here. */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('ui-label', className)} {...props} />;
}
