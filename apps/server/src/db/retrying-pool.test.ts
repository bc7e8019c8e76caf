import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { isSafeToRepeat, retryingPool } from './retrying-pool';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const terminated = () => new Error('Connection terminated unexpectedly');

/** A connection whose queries answer as `answer` says, and which records how it was given back. */
const fakeClient = (answer: (sql: string) => Promise<unknown>) => {
  const client = { sent: [] as string[], released: [] as unknown[] };
  return Object.assign(client, {
    query: (sql: string) => {
      client.sent.push(sql);
      return answer(sql);
    },
    release: (error?: unknown) => client.released.push(error),
  });
};
const poolOf = (connect: () => Promise<unknown>) => ({ connect, end: () => Promise.resolve() }) as unknown as pg.Pool;
const noWait = () => Promise.resolve();

describe('the pool that retries where it is safe', () => {
  it('sends again only reads that change nothing', () => {
    expect(isSafeToRepeat('select "id" from "games" where "id" = $1')).toBe(true);
    expect(isSafeToRepeat('  SELECT count(*) from runs')).toBe(true);
    for (const sql of [
      'insert into "games" ("id") values ($1)',
      'update "games" set "status" = $1',
      'delete from "games"',
      'with inserted as (insert into live_events values ($1) returning id) select pg_notify($2, id) from inserted',
      'select pg_notify($1, $2)',
      'select pg_advisory_lock($1)',
      'select nextval($1)',
      'select * from "games" where "id" = $1 for update',
      'begin',
    ])
      expect(isSafeToRepeat(sql), sql).toBe(false);
  });

  it('asks again for a connection PostgreSQL refused a moment, but not for long, nor after another error', async () => {
    const client = fakeClient(() => Promise.resolve({ rows: [] }));
    const connect = vi.fn().mockRejectedValueOnce(refused()).mockRejectedValueOnce(refused()).mockResolvedValue(client);
    const lent = await retryingPool(poolOf(connect), noWait).connect();
    expect(connect).toHaveBeenCalledTimes(3);
    lent.release();
    expect(client.released).toEqual([undefined]);

    const wrong = Object.assign(new Error('password authentication failed'), { code: '28P01' });
    const failing = vi.fn().mockRejectedValue(wrong);
    await expect(retryingPool(poolOf(failing), noWait).connect()).rejects.toBe(wrong);
    expect(failing).toHaveBeenCalledTimes(1);

    // Given a real wait, it stops asking once its budget (1.5 s) would run out.
    const away = vi.fn().mockRejectedValue(refused());
    const waited: number[] = [];
    const wait = (ms: number) => {
      waited.push(ms);
      return Promise.resolve();
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const pool = retryingPool(poolOf(away), (ms) => {
        vi.advanceTimersByTime(ms);
        return wait(ms);
      });
      await expect(pool.connect()).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      vi.useRealTimers();
    }
    expect(waited).toEqual([100, 200, 400, 800]);
  });

  it('sends a read again on a new connection when its own was dead, and gives the dead one back as broken', async () => {
    const dead = fakeClient(() => Promise.reject(terminated()));
    const fresh = fakeClient(() => Promise.resolve({ rows: [{ n: 1 }] }));
    const connect = vi.fn().mockResolvedValueOnce(dead).mockResolvedValueOnce(fresh);
    const lent = await retryingPool(poolOf(connect), noWait).connect();
    await expect(lent.query('select 1 as n', [])).resolves.toEqual({ rows: [{ n: 1 }] });
    expect(dead.released).toEqual([expect.any(Error)]);
    lent.release();
    expect(fresh.released).toEqual([undefined]);
  });

  it('never sends again a write, a statement of a transaction, or a read failing for another reason', async () => {
    for (const statements of [['insert into "games" ("id") values ($1)'], ['begin', 'select 1'], ['select 1']]) {
      const other = statements[0] === 'select 1';
      const failure = other ? Object.assign(new Error('division by zero'), { code: '22012' }) : terminated();
      const dead = fakeClient((sql) => (sql === 'begin' ? Promise.resolve({ rows: [] }) : Promise.reject(failure)));
      const connect = vi.fn().mockResolvedValue(dead);
      const lent = await retryingPool(poolOf(connect), noWait).connect();
      for (const sql of statements.slice(0, -1)) await lent.query(sql, []);
      await expect(lent.query(statements.at(-1)!, [])).rejects.toBe(failure);
      expect(connect).toHaveBeenCalledTimes(1);
      expect(dead.sent).toEqual(statements);
    }
  });
});
