import * as sv from '#shared/i18n/sv.ts';
import { Skeleton } from '../../components/ui/feedback.tsx';

/**
 * The Balans tab while its balances load, and while its code loads: one shape for both, so the tab does not jump.
 * Apart from balance-tab.tsx so the group page can show it before that module has arrived.
 */
export function BalanceSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true">
      <span className="sr-only" role="status">
        {sv.shell.loading}
      </span>
      <Skeleton className="h-7 w-48" />
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-14" />
      ))}
      <Skeleton className="h-11 w-72 max-w-full" />
    </div>
  );
}
