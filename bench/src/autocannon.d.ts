// The part of autocannon's programmatic API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  export type Options = {
    url: string;
    connections?: number;
    /** seconds */
    duration?: number;
    pipelining?: number;
    /** seconds */
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    title?: string;
  };

  /** Percentiles and moments of one measure; latency in milliseconds, requests per second. */
  export type Histogram = {
    readonly average: number;
    readonly mean: number;
    readonly stddev: number;
    readonly min: number;
    readonly max: number;
    readonly total: number;
    readonly p50: number;
    readonly p90: number;
    readonly p99: number;
  };

  export type Result = {
    readonly title?: string;
    readonly url: string;
    readonly duration: number;
    readonly errors: number;
    readonly timeouts: number;
    readonly mismatches: number;
    readonly non2xx: number;
    readonly '2xx': number;
    readonly statusCodeStats: Readonly<Record<string, { readonly count: number }>>;
    readonly latency: Histogram;
    readonly requests: Histogram & { readonly sent: number };
    readonly throughput: Histogram;
  };

  export type Instance = { stop: () => void };

  const autocannon: (options: Options, callback: (error: Error | null, result: Result) => void) => Instance;
  export default autocannon;
}
