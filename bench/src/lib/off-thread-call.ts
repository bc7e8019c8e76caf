/**
 * A JSON call made and timed on a thread of its own: a Start or Stop is answered while the benchmark's main thread is
 * busy reading what thousands of sockets are sent, and would otherwise time its own delays as the server's.
 */
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { Api } from './api';

export type OffThreadCall = {
  /** Sends the call; resolves once its answer has been read, with the ms from just before it was sent. Fails on anything but a success. */
  readonly send: () => Promise<{ readonly ms: number; readonly text: string }>;
};

/** Readies the call's thread, so that sending it is not delayed by starting one. */
export const prepareOffThreadCall = async (api: Api, method: string, route: string, body?: unknown): Promise<OffThreadCall> => {
  const workerData = {
    url: `${api.base}${route}`,
    method,
    headers: { ...api.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
  const worker = new Worker(new URL('./off-thread-call-worker.mjs', import.meta.url), { workerData });
  await once(worker, 'message');
  return {
    send: async () => {
      try {
        const answered = once(worker, 'message');
        worker.postMessage('send');
        const [answer] = (await answered) as [{ status: number; text: string; ms: number }];
        if (answer.status < 200 || answer.status >= 300)
          throw new Error(`${method} ${route} answered ${answer.status}: ${answer.text.slice(0, 500)}`);
        return { ms: answer.ms, text: answer.text };
      } finally {
        await worker.terminate();
      }
    },
  };
};
