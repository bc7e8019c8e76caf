import { open, type FileHandle } from 'node:fs/promises';
import type SQLite from 'better-sqlite3';

/**
 * Calls `sync` so that each call is answered by a sync begun after it, one at a time: the calls
 * made while one runs share the next, so a busy moment costs one sync under way and one waiting.
 */
export const coalesced = (sync: () => Promise<void>): (() => Promise<void>) => {
  let running: Promise<void> | null = null;
  let waiting: Promise<void> | null = null;
  const begin = (): Promise<void> => {
    const done = sync();
    const settled = done.then(
      () => undefined,
      () => undefined,
    );
    running = settled;
    void settled.then(() => {
      if (running === settled) running = null;
    });
    return done;
  };
  return () => {
    if (!running) return begin();
    waiting ??= running.then(() => {
      waiting = null;
      return begin();
    });
    return waiting;
  };
};

/** Makes a SQLite file's committed log durable; `close` lets go of the log's file. */
export type LogSync = { readonly sync: () => Promise<void>; readonly close: () => Promise<void> };

/**
 * Makes what a SQLite file's commits wrote to its write-ahead log durable, on a thread of libuv's
 * pool. A connection to a file already in WAL mode runs with `synchronous = NORMAL` (as
 * better-sqlite3 builds SQLite), which syncs the log only at checkpoints: a commit survives the
 * process but not a power cut. This is the fsync `synchronous = FULL` would make inside each
 * commit, without holding the event loop for it. Null for a database in memory.
 */
export const logSyncOf = (file: SQLite.Database): LogSync | null => {
  if (file.memory) return null;
  const log = `${file.name}-wal`;
  // Opened once: the log stays the same file while a connection to the database is open.
  let handle: Promise<FileHandle> | null = null;
  const letGo = () => {
    const held = handle;
    handle = null;
    return held ? held.then((opened) => opened.close()).catch(() => undefined) : Promise.resolve();
  };
  return {
    sync: coalesced(async () => {
      handle ??= open(log, 'r');
      try {
        await (await handle).sync();
      } catch (error) {
        void letGo();
        throw error;
      }
    }),
    close: letGo,
  };
};
