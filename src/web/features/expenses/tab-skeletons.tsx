import * as sv from '#shared/i18n/sv.ts';
import { Skeleton } from '../../components/ui/feedback.tsx';

// Apart from the tabs so the group page can show them before the tabs' code has arrived; the tabs use the same ones
// while their data loads, so a tab keeps its shape from the first frame to the list.

function Loading() {
  return (
    <span className="sr-only" role="status">
      {sv.shell.loading}
    </span>
  );
}

/** Expenses still to come: the list part of the Kvitton tab. */
export function ExpenseListSkeleton() {
  return (
    <div className="grid gap-2" aria-busy="true">
      <Loading />
      <Skeleton className="h-20" />
      <Skeleton className="h-20" />
    </div>
  );
}

/** The whole Kvitton tab while its code loads: the add button's place, then the list. */
export function ExpensesTabSkeleton() {
  return (
    <div className="grid gap-4">
      <Skeleton className="h-11 w-full sm:w-52" />
      <ExpenseListSkeleton />
    </div>
  );
}

/** The Bilagor tab while its code or its expenses load. */
export function AttachmentsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-busy="true">
      <Loading />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="aspect-[3/4]" />
      ))}
    </div>
  );
}
