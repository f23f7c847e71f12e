import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

interface SeparatorProps extends ComponentProps<'div'> {
  orientation?: 'horizontal' | 'vertical';
  /** Purely visual (the default) or a real separator that assistive technology announces. */
  decorative?: boolean;
}

export function Separator({ className, orientation = 'horizontal', decorative = true, ...props }: SeparatorProps) {
  const semantics = decorative ? { role: 'none' } : { role: 'separator', 'aria-orientation': orientation };
  return <div data-orientation={orientation} className={cn('ui-separator', className)} {...semantics} {...props} />;
}
