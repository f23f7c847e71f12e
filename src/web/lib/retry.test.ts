import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_FAILURE } from './api.ts';
import { MAX_RETRY_DELAY_MS, retryDelay, shouldRetry } from './retry.ts';

describe('retryDelay', () => {
  it('doubles from one second and never waits longer than 30 seconds', () => {
    expect([0, 1, 2, 3, 4].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000]);
    for (let attempt = 5; attempt < 40; attempt += 1) expect(retryDelay(attempt)).toBe(MAX_RETRY_DELAY_MS);
  });
});

describe('shouldRetry', () => {
  it('retries a failing read at most three times', () => {
    const error = new ApiError(503, 'SERVICE_UNAVAILABLE');
    expect([0, 1, 2, 3, 4].map((count) => shouldRetry(count, error))).toEqual([true, true, true, false, false]);
  });

  it('retries network failures, server errors and rate limits', () => {
    for (const error of [
      new ApiError(NETWORK_FAILURE, 'INTERNAL'),
      new ApiError(500, 'INTERNAL'),
      new ApiError(429, 'RATE_LIMITED'),
    ]) {
      expect(shouldRetry(0, error)).toBe(true);
    }
  });

  it('does not retry answers that will not change: missing session, forbidden, not found, invalid input', () => {
    const errors = [
      new ApiError(401, 'UNAUTHENTICATED'),
      new ApiError(403, 'FORBIDDEN'),
      new ApiError(404, 'NOT_FOUND'),
      new ApiError(400, 'VALIDATION'),
    ];
    for (const error of errors) expect(shouldRetry(0, error)).toBe(false);
  });
});
