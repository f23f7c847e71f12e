import { useEffect, useState } from 'react';

/**
 * The value once it has stayed the same for `delayMs`: a search box asks the server when typing pauses, not on
 * every key.
 */
export function useSettledValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
