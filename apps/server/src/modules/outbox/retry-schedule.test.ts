import { describe, expect, it } from 'vitest';
import { afterFailure, retryDelayMs } from './retry-schedule';

const policy = { retryBaseMs: 5000, retryMaxMs: 60 * 60 * 1000, maxAttempts: 8 };

describe('retry schedule', () => {
  it('waits the base after the first failure and doubles the wait after each one', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((attempts) => retryDelayMs(attempts, policy))).toEqual([
      5000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000,
    ]);
  });

  it('never waits longer than the cap', () => {
    expect(retryDelayMs(11, policy)).toBe(60 * 60 * 1000);
    expect(retryDelayMs(500, policy)).toBe(60 * 60 * 1000);
  });

  it('gives up after the last attempt', () => {
    expect(afterFailure(7, policy)).toEqual({ retryInMs: 320_000 });
    expect(afterFailure(8, policy)).toBe('failed');
  });
});
