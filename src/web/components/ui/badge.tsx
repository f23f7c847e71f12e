import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export type BadgeVariant = 'default' | 'secondary' | 'outline' | 'positive' | 'negative';

export function Badge({
  className,
  variant = 'default',
  ...props
}: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return <span className={cn('ui-badge', `ui-badge-${variant}`, className)} {...props} />;
}
