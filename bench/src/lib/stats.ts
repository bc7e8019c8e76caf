/** Nearest rank in sorted samples: the smallest value with at least q of them at or below it; NaN without samples. */
const rank = (sorted: Float64Array, q: number): number =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;

/** p50, p95, p99 and the largest of the samples. */
export const spread = (values: ArrayLike<number>) => {
  const sorted = Float64Array.from(values).sort();
  return { count: sorted.length, p50: rank(sorted, 0.5), p95: rank(sorted, 0.95), p99: rank(sorted, 0.99), max: rank(sorted, 1) };
};
export type Spread = ReturnType<typeof spread>;

/** Runs task(0 … count-1) with at most `limit` in flight; the first failure stops new tasks and is thrown. */
export const forEachLimit = async (count: number, limit: number, task: (index: number) => Promise<void>): Promise<void> => {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < count) {
      const index = next++;
      try {
        await task(index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, count)) }, worker));
};

/** The middle sample, the lower of the two middle ones for an even count. */
export const lowerMedian = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
