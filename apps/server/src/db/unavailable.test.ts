import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { asUnavailable, isDatabaseUnavailable } from './unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('a database that is away for now', () => {
  it('is told from PostgreSQL going away, the network failing and SQLite being locked', () => {
    expect(isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('outer', { cause: withCode('locked', 'SQLITE_BUSY') }))).toBe(true);
  });

  it('is not a request’s own mistake or a bug', () => {
    expect(isDatabaseUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('syntax error', '42601'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });

  it('is what SQLite says of a file another connection holds past the wait', () => {
    const file = path.join(os.tmpdir(), `resim-locked-${process.pid}.sqlite`);
    const holder = new SQLite(file);
    const waiter = new SQLite(file, { timeout: 10 });
    try {
      holder.exec('create table t (x)');
      holder.exec('begin exclusive');
      let caught: unknown;
      try {
        waiter.exec('insert into t values (1)');
      } catch (error) {
        caught = error;
      }
      expect(isDatabaseUnavailable(caught)).toBe(true);
      expect(asUnavailable(caught)).toMatchObject({ code: 'unavailable', status: 503, details: { retryAfterSeconds: 5 } });
    } finally {
      holder.exec('rollback');
      holder.close();
      waiter.close();
      for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(file + suffix, { force: true });
    }
  });
});
