import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A plain <label>: Radix's Label only adds double-click text selection prevention, not worth a dependency here. */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  // The caller ties it to its control, by htmlFor or by nesting (Field does it for every form field).
  // eslint-disable-next-line jsx-a11y/label-has-associated-control
  return <label className={cn('ui-label', className)} {...props} />;
}
