import { ApiError, NETWORK_FAILURE } from './api.ts';

/** Failed reads retry up to 3 times with exponential backoff, never waiting more than 30 s. */
export const MAX_RETRIES = 3;
export const MAX_RETRY_DELAY_MS = 30_000;

/** 1 s, 2 s, 4 s, … capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);
}

/** Retries only what may pass next time: no answer, a server failure, or being told to slow down. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!(error instanceof ApiError)) return true;
  return error.status === NETWORK_FAILURE || error.status >= 500 || error.status === 408 || error.status === 429;
}
