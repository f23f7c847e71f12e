import * as sv from '#shared/i18n/sv.ts';
import { Skeleton } from '../../components/ui/feedback.tsx';

/** The tab's loading state, shaped like its list so nothing jumps when it arrives. */
export function ActivitySkeleton() {
  return (
    <div aria-busy="true" aria-label={sv.shell.loading} className="grid gap-2 rounded-xl border bg-card p-4">
      {[0, 1, 2, 3].map((key) => (
        <Skeleton key={key} className="h-12" />
      ))}
    </div>
  );
}
