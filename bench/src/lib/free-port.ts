import { createServer } from 'node:net';

/** A port the system just gave out on `host`, so parallel runs and other servers are not in the way. */
export const freePort = (host: string) =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
