import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type KyselyPlugin } from 'kysely';
import pg from 'pg';
import { fallbackCheckpointPages, startCheckpointer } from './checkpointer';
import { retryingPool } from './retrying-pool';
import type { Tables } from './schema';

export type Database = Kysely<Tables>;
export type Dialect = 'sqlite' | 'postgres';

export type DatabaseOptions = {
  /** postgres:// URL; SQLite under dataDir when absent */
  readonly url: string | undefined;
  readonly dataDir: string;
  /** PostgreSQL schema to work in */
  readonly schema?: string | undefined;
  /** watch or change every query (tests count a path's queries and rows with one) */
  readonly plugins?: readonly KyselyPlugin[];
  /** told of a pooled connection that failed (the database restarted, the network dropped it) */
  readonly onConnectionError?: (error: Error) => void;
};

/** How long a query waits for a connection to PostgreSQL before it fails as unavailable, rather than hanging. */
const connectTimeoutMs = 5000;

// bigint columns (epoch seconds) come back as numbers, not strings
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type DatabaseHandle = { db: Database; dialect: Dialect; schema: string | undefined };

const sqliteFiles = new WeakMap<Database, SQLite.Database>();
const pools = new WeakMap<Database, pg.Pool>();

/** How PostgreSQL's pool of a database is used now; undefined on SQLite. */
export const poolUse = (db: Database): { total: number; idle: number; waiting: number } | undefined => {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : undefined;
};
const checkpointersStopped = new WeakMap<Database, () => Promise<void>>();
const closings = new WeakMap<Database, (() => Promise<void>)[]>();

/** Work to do when a database is closed, after its connections are: files its paths hold open. */
export const onClose = (db: Database, close: () => Promise<void>): void => {
  closings.set(db, [...(closings.get(db) ?? []), close]);
};

/**
 * Closes a database and waits until nothing has its files open: SQLite's checkpointing thread
 * closes its own connection (and, the last to close, removes the log) after the database is
 * destroyed. Who removes the files next (tests) waits for this.
 */
export const closeDatabase = async (db: Database): Promise<void> => {
  await db.destroy();
  await Promise.all((closings.get(db) ?? []).map((close) => close()));
  await checkpointersStopped.get(db)?.();
};

/**
 * The SQLite file behind a database, for the few paths (a session's steps) where going through
 * the query builder costs more than the statement. Use it only while holding the connection
 * (`db.connection().execute`), so that no transaction of the builder's is open on it meanwhile;
 * undefined on PostgreSQL.
 */
export const sqliteFileOf = (db: Database): SQLite.Database | undefined => sqliteFiles.get(db);

const statementCacheSize = 500;

const warnOf = (error: Error) => console.warn(`database connection failed: ${error.message}`);

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs more than running a small
 * query, so each SQL text is prepared once. better-sqlite3 re-prepares a statement by itself
 * when the schema changes under it.
 */
const withStatementCache = (file: SQLite.Database, onClose: () => void) => {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      onClose();
      file.close();
    },
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= statementCacheSize) statements.clear();
        statement = file.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
};

export const createDatabase = (options: DatabaseOptions): DatabaseHandle => {
  if (options.url) {
    const schema = options.schema ?? 'public';
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      options: `-c search_path=${schema}`,
      connectionTimeoutMillis: connectTimeoutMs,
      // A connection the network silently dropped is found out rather than waited on.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // A connection that fails is dropped by the pool and replaced when next needed, and the query it
    // was running fails with the error. Unheard, its error event would end the process: the pool
    // hears its idle connections, and each connection is heard while it is lent out too.
    const onError = options.onConnectionError ?? warnOf;
    pool.on('error', onError);
    pool.on('connect', (client) => client.on('error', onError));
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: retryingPool(pool) }), plugins: [...(options.plugins ?? [])] });
    pools.set(db, pool);
    return { db, dialect: 'postgres', schema };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = new SQLite(path.join(options.dataDir, 'resim.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  // Reads through the operating system's page cache instead of copying each page: the scoreboards and
  // Intel read every run of a scenario.
  file.pragma('mmap_size = 268435456');
  // The log is copied into the file by a thread of its own (checkpointer.ts); this connection does
  // it only if that thread is gone and the log has grown far.
  file.pragma(`wal_autocheckpoint = ${fallbackCheckpointPages}`);
  const checkpointer = startCheckpointer(file.name, (problem) => console.warn(`SQLite checkpoint: ${problem}`));
  const db = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: withStatementCache(file, () => void checkpointer.stop()) }),
    plugins: [...(options.plugins ?? [])],
  });
  sqliteFiles.set(db, file);
  checkpointersStopped.set(db, checkpointer.stop);
  return { db, dialect: 'sqlite', schema: undefined };
};
