import type { PostgresCursor, PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { isDatabaseUnavailable } from './unavailable';

/** How long a connection is asked for again while PostgreSQL refuses (a restart, a failover) before the caller is told. */
const connectRetryBudgetMs = 1500;
const firstConnectRetryMs = 100;

// A read that changes nothing: run twice, it answers as once. Anything else may have taken effect
// on a connection that died before its answer came, and is never sent again.
const plainRead = /^\s*select\b/i;
const effectInRead = /\b(pg_notify|pg_advisory\w*|nextval|setval|for\s+update|for\s+share|for\s+no\s+key\s+update|for\s+key\s+share)\b/i;
const transactionStart = /^\s*(begin|start\s+transaction)\b/i;
const transactionEnd = /^\s*(commit|rollback)\s*$/i;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a statement may be sent again on another connection when the one it was sent on died. */
export const isSafeToRepeat = (sql: string): boolean => plainRead.test(sql) && !effectInRead.test(sql);

type Client = pg.PoolClient;

/**
 * The pool Kysely is given on PostgreSQL. A connection is asked for again for a moment when
 * PostgreSQL refuses it (nothing was sent), and a plain read outside a transaction is sent again,
 * once, on a fresh connection when the one it was lent turns out dead (the database restarted since
 * it was last used). Writes, and every statement of a transaction, fail as they are: the caller
 * answers 503 and nothing is half-stored.
 */
export const retryingPool = (pool: pg.Pool, wait: (ms: number) => Promise<unknown> = sleep): PostgresPool => {
  const connect = async (): Promise<Client> => {
    const started = Date.now();
    for (let delay = firstConnectRetryMs; ; delay *= 2) {
      try {
        return await pool.connect();
      } catch (error) {
        if (!isDatabaseUnavailable(error) || Date.now() - started + delay > connectRetryBudgetMs) throw error;
        await wait(delay);
      }
    }
  };

  const lend = (first: Client): PostgresPoolClient => {
    // Undefined once the dead connection is given back and no other could be had.
    let client: Client | undefined = first;
    let inTransaction = false;
    const lent = () => {
      if (!client) throw new Error('The database connection was lost');
      return client;
    };
    const run = async (sql: string, parameters: readonly unknown[]) => {
      if (transactionStart.test(sql)) inTransaction = true;
      try {
        return await lent().query(sql, [...parameters]);
      } catch (error) {
        if (inTransaction || !client || !isDatabaseUnavailable(error) || !isSafeToRepeat(sql)) throw error;
        // The dead connection goes out of the pool; the read goes once more on a new one.
        client.release(error instanceof Error ? error : true);
        client = undefined;
        client = await connect();
        return client.query(sql, [...parameters]);
      } finally {
        if (transactionEnd.test(sql)) inTransaction = false;
      }
    };
    // A cursor (a read streamed a page at a time) is passed through: part of it may already have been read.
    const query = (sqlOrCursor: string | PostgresCursor<unknown>, parameters?: readonly unknown[]) =>
      typeof sqlOrCursor === 'string' ? run(sqlOrCursor, parameters ?? []) : lent().query(sqlOrCursor as unknown as pg.Submittable);
    return {
      query: query as unknown as PostgresPoolClient['query'],
      release: () => client?.release(),
    };
  };

  return {
    connect: async () => lend(await connect()),
    end: () => pool.end(),
  };
};
