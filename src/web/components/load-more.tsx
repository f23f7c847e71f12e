import type { InfiniteQueryObserverResult } from '@tanstack/react-query';
import { Button } from './ui/button.tsx';
import { errorText } from '../lib/api.ts';
import { toast } from '../lib/toast.ts';

interface Props {
  query: Pick<InfiniteQueryObserverResult, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;
  label: string;
  busyLabel: string;
}

/** "Visa fler" under a paged list: the next, older page. A failure is told and the button stays to try again. */
export function LoadMoreButton({ query, label, busyLabel }: Props) {
  if (!query.hasNextPage) return null;
  const more = async () => {
    const result = await query.fetchNextPage();
    if (result.isFetchNextPageError) toast.error(errorText(result.error));
  };
  return (
    <Button
      variant="outline"
      className="w-full sm:w-auto sm:justify-self-center"
      disabled={query.isFetchingNextPage}
      onClick={() => void more()}
    >
      {query.isFetchingNextPage ? busyLabel : label}
    </Button>
  );
}
