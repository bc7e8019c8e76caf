import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

export type ServerProcess = {
  readonly child: ChildProcess;
  readonly output: () => string;
  /** resolves with the exit code (or the signal's name) once the process has ended */
  readonly exited: Promise<number | string>;
  readonly alive: () => boolean;
  readonly stop: (signal?: NodeJS.Signals) => Promise<number | string>;
};

/** The server as an operator runs it (`src/server.ts`, through tsx), with the given settings. */
export const spawnServer = (env: Record<string, string>): ServerProcess => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, NODE_OPTIONS: '', LOG_LEVEL: 'warn', DEMO_SEED: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let ended = false;
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      ended = true;
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  return {
    child,
    output: () => output,
    exited,
    alive: () => !ended,
    stop: async (signal = 'SIGTERM') => {
      if (!ended) child.kill(signal);
      return exited;
    },
  };
};

/** Waits until the server answers `/readyz` with 200, or fails with what it printed. */
export const waitReady = async (server: ServerProcess, url: string, timeoutMs = 60_000): Promise<void> => {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (!server.alive()) throw new Error(`the server exited: ${server.output()}`);
    const status = await fetch(`${url}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server was not ready within ${timeoutMs / 1000} s: ${server.output()}`);
};
