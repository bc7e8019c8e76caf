import { retryBaseMs, retryCeilingMs } from '@resim/domain';

/** How many times one request is sent at most, the first try included. */
export const maxAttempts = 6;

/**
 * SPEC 9: retries back off exponentially from 100 ms with jitter, up to 300000 ms. Full jitter
 * (a uniform draw below the exponential bound) keeps many browsers that failed together from
 * retrying together. `retry` counts from 0 for the first retry.
 */
export const backoffDelay = (
  retry: number,
  random: () => number = Math.random,
  base: number = retryBaseMs,
  ceiling: number = retryCeilingMs,
): number => {
  const bound = Math.min(ceiling, base * 2 ** Math.max(0, retry));
  return Math.floor(Math.min(Math.max(random(), 0), 1) * bound);
};

const idempotentMethods: ReadonlySet<string> = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** Only a request that can be repeated without doing its work twice is retried. */
export const isIdempotent = (method: string): boolean => idempotentMethods.has(method.toUpperCase());

/** Server trouble and rate limits pass; any other 4xx says the request itself is wrong. */
export const isRetryableStatus = (status: number): boolean => status === 429 || status >= 500;
