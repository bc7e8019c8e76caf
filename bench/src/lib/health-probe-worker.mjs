// The health probe's thread (see health-probe.ts): GET `url` every `everyMs` on one keep-alive connection, the
// first one (which opens the connection) not counted; when told to stop, posts every latency (ms) and failure.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, everyMs, timeoutMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const latencies = [];
const failures = [];
let running = true;
parentPort.on('message', () => (running = false));

const probe = () =>
  new Promise((resolve) => {
    const started = performance.now();
    const request = http.get(url, { agent, timeout: timeoutMs }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode === 200 ? performance.now() - started : `answered ${response.statusCode}`));
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', (error) => resolve(error.message));
  });

await probe();
parentPort.postMessage({ ready: true });
while (running) {
  const started = performance.now();
  const outcome = await probe();
  if (typeof outcome === 'number') latencies.push(outcome);
  else failures.push(outcome);
  const wait = everyMs - (performance.now() - started);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
agent.destroy();
parentPort.postMessage({ latencies, failures });
