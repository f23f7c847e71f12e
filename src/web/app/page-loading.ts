import { useSyncExternalStore } from 'react';

let pending = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Counts a page chunk as loading until its import settles, for the progress bar. */
export function trackPageLoad<T>(promise: Promise<T>): Promise<T> {
  pending += 1;
  notify();
  return promise.finally(() => {
    pending -= 1;
    notify();
  });
}

/** True while any page chunk is being fetched (a navigation waiting for its code). */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending > 0,
  );
}
