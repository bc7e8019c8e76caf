/** The two servers of the live-session benchmarks: the built product, and the bare ws server beside it (bench/src/echo-server.ts). */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Api } from './api';
import { startChild, waitUntilUp, type Child } from './child-processes';
import { freePort } from './free-port';
import type { Joined } from './joins';
import type { LiveSettings } from './live-settings';
import { benchDir, serverJs } from './paths';
import { createBenchDeveloper } from './server-cli';

export const host = '127.0.0.1';

export type Server = { readonly child: Child; readonly port: number; readonly base: string };

/** The product on a fresh SQLite database in `dir`, with a developer's API token. */
export const startProduct = async (dir: string, settings: LiveSettings): Promise<Server & { readonly api: Api }> => {
  const port = await freePort(host);
  const base = `http://${host}:${port}`;
  const env = {
    PORT: String(port),
    HOST: host,
    DATA_DIR: path.join(dir, 'data'),
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    DEMO_SEED: 'false',
  };
  const token = await createBenchDeveloper(env);
  const profile = settings.cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', settings.cpuProfileDir] : [];
  const child = startChild('product server', [...settings.nodeFlags, ...profile, serverJs], env);
  await waitUntilUp(child, `${base}/healthz`);
  return { child, port, base, api: { base, headers: { authorization: `Bearer ${token}` } } };
};

/** The bare ws server, greeting each socket with `greeting` and answering each event with `delta` (both the product's bytes). */
export const startEcho = async (dir: string, settings: LiveSettings, bytes: { greeting: string; delta: string }): Promise<Server> => {
  const greetingFile = path.join(dir, 'greeting.json');
  const deltaFile = path.join(dir, 'delta.json');
  writeFileSync(greetingFile, bytes.greeting);
  writeFileSync(deltaFile, bytes.delta);
  const port = await freePort(host);
  const base = `http://${host}:${port}`;
  const script = ['--import', import.meta.resolve('tsx'), path.join(benchDir, 'src/echo-server.ts')];
  const profile = settings.cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', path.join(settings.cpuProfileDir, 'echo')] : [];
  const child = startChild('echo server', [...profile, ...script], {
    PORT: String(port),
    HOST: host,
    GREETING_FILE: greetingFile,
    DELTA_FILE: deltaFile,
  });
  await waitUntilUp(child, `${base}/healthz`);
  return { child, port, base };
};

/** Each learner's socket address on a server. */
export const socketUrls = (server: Server, joined: readonly Joined[]) =>
  joined.map(
    (learner) =>
      `ws://${host}:${server.port}/learn/socket?game=${encodeURIComponent(learner.gameId)}&token=${encodeURIComponent(learner.runToken)}`,
  );
