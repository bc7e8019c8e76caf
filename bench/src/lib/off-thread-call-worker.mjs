// One API call on a thread of its own (see off-thread-call.ts): ready at once, it sends when told and posts back the
// status, the body and how long the answer took, timed here.
import { parentPort, workerData } from 'node:worker_threads';

const { url, method, headers, body } = workerData;
parentPort.once('message', async () => {
  const started = performance.now();
  try {
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    parentPort.postMessage({ status: response.status, text, ms: performance.now() - started });
  } catch (error) {
    parentPort.postMessage({ status: 0, text: error instanceof Error ? error.message : String(error), ms: performance.now() - started });
  }
});
parentPort.postMessage({ ready: true });
