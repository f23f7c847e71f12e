import { useState } from 'react';

interface ActionHandlers<Input, Result> {
  onSuccess?: (result: Result, input: Input) => unknown;
  onError?: (error: unknown, input: Input) => void;
}

/**
 * A form submission on a public page: pending and error state around one async call. Pages inside /app use TanStack
 * Query's useMutation instead; this exists because the query library is not on the public pages' first load.
 */
export function useAction<Input, Result>(
  action: (input: Input) => Promise<Result>,
  handlers: ActionHandlers<Input, Result> = {},
) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (input: Input): Promise<void> => {
    setPending(true);
    setError(null);
    try {
      const result = await action(input);
      await handlers.onSuccess?.(result, input);
    } catch (caught) {
      setError(caught);
      handlers.onError?.(caught, input);
    } finally {
      setPending(false);
    }
  };
  return { run, pending, error, isError: error !== null, reset: () => setError(null) };
}
