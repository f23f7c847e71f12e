import * as sv from '#shared/i18n/sv.ts';
import { Skeleton } from '../../components/ui/feedback.tsx';

/**
 * A member list while it loads, and the Medlemmar tab while its code loads: one shape for both, so nothing jumps.
 * Apart from member-list.tsx so the group page can show it before that module has arrived.
 */
export function MembersSkeleton() {
  return (
    <div className="grid gap-2" aria-busy="true">
      <span className="sr-only" role="status">
        {sv.shell.loading}
      </span>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-14" />
      ))}
    </div>
  );
}
