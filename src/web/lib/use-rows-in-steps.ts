import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a list's `count` rows to draw: the first `first` as the list appears, all of them in a transition
 * right after. Fifty expense rows drawn at once held a slow phone's main thread for a third of a second before any
 * of them showed (decision 077); a moment later every row is in the page again, for the find bar and screen readers.
 */
export function useRowsInSteps(count: number, first: number): { shown: number; partial: boolean } {
  const [all, setAll] = useState(false);
  const partial = !all && count > first;
  useEffect(() => {
    if (partial) startTransition(() => setAll(true));
  }, [partial]);
  return { shown: partial ? first : count, partial };
}
