import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { coalesced, logSyncOf } from './log-sync';

/** A sync whose calls are held until released, one by one. */
const heldSync = () => {
  const calls: (() => void)[] = [];
  const sync = () => new Promise<void>((resolve) => calls.push(resolve));
  return { sync, calls };
};

describe('coalesced syncs', () => {
  it('answers each call with a sync begun after it, sharing one among the calls that wait', async () => {
    const { sync, calls } = heldSync();
    const once = coalesced(sync);
    const answered: string[] = [];
    const first = once().then(() => answered.push('first'));
    expect(calls).toHaveLength(1);
    // Made while the first runs: neither is answered by it.
    const second = once().then(() => answered.push('second'));
    const third = once().then(() => answered.push('third'));
    expect(calls).toHaveLength(1);
    calls[0]!();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toEqual(['first']);
    expect(calls).toHaveLength(2);
    calls[1]!();
    await Promise.all([second, third]);
    expect(answered).toEqual(['first', 'second', 'third']);
    expect(calls).toHaveLength(2);
  });

  it('passes a failed sync on to the calls it answers, and begins afresh for the next', async () => {
    let fail = true;
    const once = coalesced(() => (fail ? Promise.reject(new Error('EIO')) : Promise.resolve()));
    await expect(once()).rejects.toThrow('EIO');
    fail = false;
    await expect(once()).resolves.toBeUndefined();
  });
});

describe('the log sync of a SQLite file', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('syncs the write-ahead log of a file, and has nothing to sync for a database in memory', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'log-sync-'));
    const file = new SQLite(path.join(dir, 'runs.sqlite'));
    file.pragma('journal_mode = WAL');
    file.exec('create table steps (id integer primary key, at text)');
    file.prepare('insert into steps (at) values (?)').run('now');
    const log = logSyncOf(file)!;
    await expect(log.sync()).resolves.toBeUndefined();
    await expect(log.sync()).resolves.toBeUndefined();
    await log.close();
    file.close();
    const memory = new SQLite(':memory:');
    expect(logSyncOf(memory)).toBeNull();
    memory.close();
  });
});
