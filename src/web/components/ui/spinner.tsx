import { LoaderCircleIcon } from 'lucide-react';
import * as sv from '#shared/i18n/sv.ts';
import { cn } from '../../lib/cn.ts';

/** A spinning icon with a text for screen readers ("Laddar…" unless told otherwise). */
export function Spinner({ className, label = sv.shell.loading }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <LoaderCircleIcon className="size-5 animate-spin" aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}
