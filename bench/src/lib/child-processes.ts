/**
 * The benchmarks' child processes (servers, the browser): every one is tracked and stopped, whatever happens, and
 * the run's temp directory is removed with them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './paths';
import { sleep } from './sleep';

/** `group`: the child leads a process group of its own helpers, which are signalled with it. */
export type Child = { readonly name: string; readonly process: ChildProcess; readonly output: string[]; readonly group?: boolean };

const children = new Set<Child>();

/** The run's temp directory (database, response body, browser profile), removed with the children. */
let runDir: string | undefined;

// Only the last lines are kept: enough to explain a failed start without growing over a long run.
const keepOutput = (output: string[], chunk: Buffer) => {
  output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  if (output.length > 200) output.splice(0, output.length - 200);
};

/** Children run plain node: no NODE_OPTIONS inherited from whatever started the benchmark. */
export const childEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.NODE_OPTIONS;
  return env;
};

export const startChild = (name: string, args: string[], env: Record<string, string>): Child => {
  // process.execPath directly (no shell, no npx wrapper): the pid we hold is the server itself.
  const proc = spawn(process.execPath, args, { cwd: repoRoot, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const child: Child = { name, process: proc, output: [] };
  proc.stdout?.on('data', (chunk: Buffer) => keepOutput(child.output, chunk));
  proc.stderr?.on('data', (chunk: Buffer) => keepOutput(child.output, chunk));
  children.add(child);
  return child;
};

/** A process started by someone else (a library) at the head of its own process group, stopped with the rest. */
export const trackProcessGroup = (name: string, proc: ChildProcess): Child => {
  const child: Child = { name, process: proc, output: [], group: true };
  children.add(child);
  return child;
};

export const isRunning = (proc: ChildProcess) => proc.exitCode === null && proc.signalCode === null;

const signal = (child: Child, name: NodeJS.Signals) => {
  const pid = child.process.pid;
  try {
    if (child.group && pid !== undefined) process.kill(-pid, name);
    else child.process.kill(name);
  } catch {
    // already gone
  }
};

/** Stops one child: SIGTERM, then SIGKILL if it has not exited within `timeoutMs` (a server may finish its work first). */
export const stopChild = async (child: Child, timeoutMs = 5000): Promise<void> => {
  const proc = child.process;
  if (isRunning(proc)) {
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    signal(child, 'SIGTERM');
    const timer = setTimeout(() => {
      if (isRunning(proc)) signal(child, 'SIGKILL');
    }, timeoutMs);
    await exited;
    clearTimeout(timer);
  }
  children.delete(child);
};

/** A fresh temp directory for the run, removed by stopAll or when the run is cut short. */
export const makeRunDir = (prefix: string): string => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  runDir = dir;
  return dir;
};

const removeRunDir = () => {
  if (runDir) rmSync(runDir, { recursive: true, force: true });
  runDir = undefined;
};

export const stopAll = async () => {
  await Promise.all([...children].map((child) => stopChild(child)));
  removeRunDir();
};

const killAllNow = () => {
  for (const child of children) if (isRunning(child.process)) signal(child, 'SIGKILL');
};

type Guard = {
  /** The whole run's time limit, after which everything is killed. */
  budgetMs: number;
  /** Who is being stopped on SIGINT or SIGTERM, as in "stopping the servers". */
  stopping: string;
  /** How the limit is shown when it runs out; by default its exact seconds. */
  budgetText?: string;
};

/** Stops the children on exit, on SIGINT or SIGTERM, and when the run overruns its budget. */
export const guardRun = ({ budgetMs, stopping, budgetText = `${budgetMs / 1000}` }: Guard) => {
  process.on('exit', killAllNow);
  for (const name of ['SIGINT', 'SIGTERM'] as const) {
    process.once(name, () => {
      console.error(`\n${name}: stopping ${stopping}`);
      void stopAll().finally(() => process.exit(130));
    });
  }
  const watchdog = setTimeout(() => {
    console.error(`Benchmark took longer than ${budgetText} s; stopping`);
    killAllNow();
    removeRunDir();
    process.exit(1);
  }, budgetMs);
  // The watchdog alone must not keep the process alive once the run is over.
  watchdog.unref();
};

const describeChild = (child: Child) => `--- ${child.name} output (last lines) ---\n${child.output.slice(-40).join('\n')}`;

/** Polls until url answers 200, failing early when the child dies. */
export const waitUntilUp = async (child: Child, url: string, headers: Record<string, string> = {}, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isRunning(child.process)) {
      throw new Error(`${child.name} exited (code ${child.process.exitCode}) before answering ${url}\n${describeChild(child)}`);
    }
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs / 1000} s\n${describeChild(child)}`);
};

/** Runs the benchmark and exits with its outcome, stopping the children first when it fails. */
export const runBenchmark = (main: () => Promise<void>, describeError: (error: Error) => string) => {
  main().then(
    () => process.exit(0),
    async (error: unknown) => {
      console.error(error instanceof Error ? describeError(error) : error);
      await stopAll();
      process.exit(1);
    },
  );
};
