import { retryBaseMs, retryCeilingMs } from '@resim/domain';
import { describe, expect, it } from 'vitest';
import { backoffDelay, isIdempotent, isRetryableStatus } from './backoff';

describe('backoff (SPEC 9: exponential from 100 ms with jitter, ceiling 300000 ms)', () => {
  it('doubles the bound from the base on each retry', () => {
    const top = () => 0.999999;
    expect(backoffDelay(0, top)).toBe(retryBaseMs - 1);
    expect(backoffDelay(1, top)).toBe(2 * retryBaseMs - 1);
    expect(backoffDelay(2, top)).toBe(4 * retryBaseMs - 1);
    expect(backoffDelay(5, top)).toBe(32 * retryBaseMs - 1);
  });

  it('draws the delay anywhere below the bound (full jitter)', () => {
    expect(backoffDelay(3, () => 0)).toBe(0);
    expect(backoffDelay(3, () => 0.5)).toBe(400);
    expect(backoffDelay(3, () => 0.25)).toBe(200);
  });

  it('never waits longer than the ceiling', () => {
    expect(backoffDelay(12, () => 1)).toBe(retryCeilingMs);
    expect(backoffDelay(40, () => 1)).toBe(retryCeilingMs);
    expect(backoffDelay(10_000, () => 1)).toBe(retryCeilingMs);
  });

  it('stays within [0, bound] whatever the random source answers', () => {
    expect(backoffDelay(0, () => -3)).toBe(0);
    expect(backoffDelay(0, () => 7)).toBe(retryBaseMs);
    expect(backoffDelay(-2, () => 1)).toBe(retryBaseMs);
  });

  it('uses Math.random by default and stays in range', () => {
    for (let retry = 0; retry < 25; retry += 1) {
      const delay = backoffDelay(retry);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThanOrEqual(Math.min(retryCeilingMs, retryBaseMs * 2 ** retry));
    }
  });

  it('retries idempotent methods only', () => {
    expect(['GET', 'PUT', 'DELETE', 'get'].every(isIdempotent)).toBe(true);
    expect(['POST', 'PATCH'].some(isIdempotent)).toBe(false);
  });

  it('retries on 5xx and 429, never on other 4xx', () => {
    expect([500, 502, 503, 504, 429].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 422].some(isRetryableStatus)).toBe(false);
  });
});
