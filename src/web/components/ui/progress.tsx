import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

interface ProgressProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** 0–100. */
  value: number;
}

/** A bar for "Steg n av 3" and uploads. Give it an aria-label or aria-labelledby. */
export function Progress({ className, value, ...props }: ProgressProps) {
  const percent = Math.max(0, Math.min(100, value));
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('ui-progress', className)}
      {...props}
    >
      <div className="h-full bg-primary transition-transform" style={{ transform: `translateX(-${100 - percent}%)` }} />
    </div>
  );
}
