/** The two servers of the live-session benchmarks: the built product, and the bare ws server beside it (bench/src/echo-server.ts). */
import { randomBytes } from 'node:crypto';
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

/** Every learner of a benchmark joins from this one machine through one code: the join limits are raised past its sizes. */
const congressJoins = { JOIN_LIMIT_PER_ADDRESS: '1000000', JOIN_LIMIT_PER_CODE: '1000000' };

export type Server = { readonly child: Child; readonly port: number; readonly base: string };

/** A product server's settings on its own SQLite data folder: quiet, no demo, joins from this machine not limited. */
export const productEnv = (dataDir: string, port: number, publicUrl = `http://${host}:${port}`): Record<string, string> => ({
  PORT: String(port),
  HOST: host,
  DATA_DIR: dataDir,
  PUBLIC_URL: publicUrl,
  LOG_LEVEL: 'warn',
  DEMO_SEED: 'false',
  ...congressJoins,
});

/** The product on a fresh SQLite database in `dir`, with a developer's API token. */
export const startProduct = async (dir: string, settings: LiveSettings): Promise<Server & { readonly api: Api }> => {
  const port = await freePort(host);
  const base = `http://${host}:${port}`;
  const env = productEnv(path.join(dir, 'data'), port, `http://localhost:${port}`);
  const token = await createBenchDeveloper(env);
  const profile = settings.cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', settings.cpuProfileDir] : [];
  const child = startChild('product server', [...settings.nodeFlags, ...profile, serverJs], env);
  await waitUntilUp(child, `${base}/healthz`);
  return { child, port, base, api: { base, headers: { authorization: `Bearer ${token}` } } };
};

/**
 * `count` product processes on one PostgreSQL schema, started at once as an operator's would be (each with a data
 * folder of its own in `dir`, trusting the balancer's forwarded headers, serving /metrics), a developer's API token
 * and the metrics token.
 */
export const startProcesses = async (
  dir: string,
  settings: LiveSettings,
  count: number,
  database: { url: string; schema: string },
): Promise<{ servers: Server[]; token: string; metricsToken: string }> => {
  const metricsToken = randomBytes(24).toString('hex');
  const envs = await Promise.all(
    Array.from({ length: count }, async (_, at) => {
      const port = await freePort(host);
      return {
        PORT: String(port),
        HOST: host,
        DATABASE_URL: database.url,
        DATABASE_SCHEMA: database.schema,
        DATA_DIR: path.join(dir, `data-${at + 1}`),
        PUBLIC_URL: 'http://localhost',
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
        DEMO_SEED: 'false',
        METRICS_TOKEN: metricsToken,
        ...congressJoins,
      };
    }),
  );
  const servers = envs.map((env, at) => {
    const child = startChild(`product process ${at + 1}`, [...settings.nodeFlags, serverJs], env);
    return { child, port: Number(env.PORT), base: `http://${host}:${env.PORT}` };
  });
  await Promise.all(servers.map((server) => waitUntilUp(server.child, `${server.base}/readyz`)));
  return { servers, token: await createBenchDeveloper(envs[0]!), metricsToken };
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

/** The learners' sockets a process holds, as its /metrics tells an operator. */
export const learnerSocketsOf = async (server: Server, metricsToken: string): Promise<number> => {
  const response = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  const text = await response.text();
  const line = /^resim_live_sockets\{kind="learner"\} (\d+)$/m.exec(text);
  if (!response.ok || !line) throw new Error(`GET /metrics answered ${response.status} without resim_live_sockets: ${text.slice(0, 300)}`);
  return Number(line[1]);
};
