import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * How often the write-ahead log is copied back into the database file. SQLite would otherwise do
 * it inside whichever commit finds the log past 1,000 pages, and that commit (on the event loop)
 * then waits for the copy and its fsync: 5–25 ms during a busy session.
 */
export const checkpointEveryMs = 500;

/** Pages the log may reach before the process's own connection checkpoints after all: only if the worker is gone. */
export const fallbackCheckpointPages = 20_000;

// The worker's whole program: its own connection to the file, checkpointing without blocking writers.
const program = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const file = new Database(workerData.file, { fileMustExist: true });
file.pragma('busy_timeout = 5000');
const checkpoint = () => {
  try { file.pragma('wal_checkpoint(PASSIVE)'); } catch (error) { parentPort.postMessage(String(error)); }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); checkpoint(); file.close(); process.exit(0); });
`;

/**
 * Checkpoints a SQLite file from a thread of its own (its own connection), so that the server's
 * commits only ever append to the log. Answers a stop that checkpoints once more and ends the thread.
 */
export const startCheckpointer = (file: string, onProblem: (message: string) => void): { stop: () => Promise<void> } => {
  const worker = new Worker(program, {
    eval: true,
    workerData: { file, everyMs: checkpointEveryMs, module: createRequire(import.meta.url).resolve('better-sqlite3') },
  });
  worker.unref();
  worker.on('message', (message: unknown) => onProblem(String(message)));
  worker.on('error', (error) => onProblem(error.message));
  let stopped: Promise<void> | null = null;
  return {
    stop: () => {
      stopped ??= new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        // Whoever waits for the stop is kept waiting until the thread is gone, not let off by an idle event loop.
        worker.ref();
        worker.postMessage('stop');
      });
      return stopped;
    },
  };
};
