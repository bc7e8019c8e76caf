export type RetryPolicy = { readonly retryBaseMs: number; readonly retryMaxMs: number; readonly maxAttempts: number };

/** The wait after a message's n-th failed attempt: the base, doubled for each failure before, up to the cap. */
export const retryDelayMs = (failedAttempts: number, policy: RetryPolicy): number =>
  Math.min(policy.retryMaxMs, policy.retryBaseMs * 2 ** Math.max(0, failedAttempts - 1));

/** What follows a failed attempt: another one after a wait, or none left. */
export const afterFailure = (attempts: number, policy: RetryPolicy): { retryInMs: number } | 'failed' =>
  attempts >= policy.maxAttempts ? 'failed' : { retryInMs: retryDelayMs(attempts, policy) };
