/**
 * GET /healthz every 10 ms while a Start or Stop goes on, each answer timed. The probe runs on a thread of its own,
 * with its own keep-alive connection: the benchmark's main thread is busy with thousands of sockets at those very
 * moments, and would otherwise add its own delays to the server's.
 */
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { spread, type Spread } from './stats';

export type Health = Spread & { readonly failures: readonly string[] };

/** Starts probing `url`; resolves once the probe's connection is open and it is probing. */
export const startHealthProbe = async (url: string, everyMs = 10, timeoutMs = 5000) => {
  const worker = new Worker(new URL('./health-probe-worker.mjs', import.meta.url), { workerData: { url, everyMs, timeoutMs } });
  const failed = new Promise<never>((_, reject) => worker.once('error', reject));
  // Noted as handled here: the failure is thrown by whichever wait comes next.
  failed.catch(() => undefined);
  const next = async <T>() => ((await Promise.race([once(worker, 'message'), failed])) as [T])[0];
  await next<{ ready: true }>();
  let stopped: Promise<Health> | undefined;
  return {
    /** Stops probing (once, whoever asks first) and answers the latencies, ms, and what failed. */
    stop: (): Promise<Health> =>
      (stopped ??= (async () => {
        worker.postMessage('stop');
        try {
          const { latencies, failures } = await next<{ latencies: number[]; failures: string[] }>();
          return { ...spread(latencies), failures };
        } finally {
          await worker.terminate();
        }
      })()),
  };
};
