/**
 * Debian's nginx in front of several product processes, configured by the deployment guide's own file
 * (docs/deployment/nginx-resim.conf) with the benchmark's addresses in it, and room for a socket per learner both ways.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { trackProcessGroup, waitUntilUp, type Child } from './child-processes';
import { freePort } from './free-port';
import { repoRoot } from './paths';

export const nginxPath = '/usr/sbin/nginx';

export type Balancer = {
  readonly child: Child;
  readonly base: string;
  readonly port: number;
  /** its worker processes, which do the proxying (the master only starts them) */
  readonly workerPids: () => number[];
};

const childPidsOf = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

/** The guide's site with `ports` as its upstream servers, listening on `port`. */
const siteFor = (ports: readonly number[], host: string, port: number) =>
  readFileSync(path.join(repoRoot, 'docs/deployment/nginx-resim.conf'), 'utf8')
    .replace(/^\s*server 127\.0\.0\.1:\d+ .*$/gm, '')
    .replace('upstream resim {', `upstream resim {\n${ports.map((p) => `    server ${host}:${p} max_fails=1 fail_timeout=3s;`).join('\n')}`)
    .replace('listen 80;', `listen ${host}:${port};`);

/** Starts nginx in `dir` (its configuration, temp folders and log), in front of `ports`, for `connections` client sockets. */
export const startBalancer = async (dir: string, host: string, ports: readonly number[], connections: number): Promise<Balancer> => {
  if (!existsSync(nginxPath)) throw new Error(`${nginxPath} is missing: install Debian's nginx (apt-get install nginx)`);
  const tmp = os.tmpdir();
  if (!dir.startsWith(tmp + path.sep)) throw new Error(`nginx's folder must be under ${tmp}: ${dir}`);
  mkdirSync(dir, { recursive: true });
  // Its workers run as nobody, and read and write here: the folders above are opened to them for passing through only.
  chmodSync(dir, 0o777);
  for (let above = path.dirname(dir); above !== tmp; above = path.dirname(above)) chmodSync(above, 0o711);
  const port = await freePort(host);
  // Each learner's socket is two connections to the worker: the learner's and the one to a process.
  const workerConnections = 2 * connections + 1024;
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'worker_processes 1;',
      `worker_rlimit_nofile ${workerConnections + 64};`,
      `events { worker_connections ${workerConnections}; }`,
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      siteFor(ports, host, port),
      '}',
      '',
    ].join('\n'),
  );
  const proc = spawn(nginxPath, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const child = trackProcessGroup('nginx', proc);
  const keep = (chunk: Buffer) => child.output.push(...chunk.toString().split('\n').filter(Boolean));
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const base = `http://${host}:${port}`;
  await waitUntilUp(child, `${base}/healthz`);
  return { child, base, port, workerPids: () => childPidsOf(proc.pid!) };
};
