import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Tables } from './schema';

export type Database = Kysely<Tables>;
export type Dialect = 'sqlite' | 'postgres';

export type DatabaseOptions = {
  /** postgres:// URL; SQLite under dataDir when absent */
  readonly url: string | undefined;
  readonly dataDir: string;
  /** PostgreSQL schema to work in */
  readonly schema?: string | undefined;
};

// bigint columns (epoch seconds) come back as numbers, not strings
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type DatabaseHandle = { db: Database; dialect: Dialect; schema: string | undefined };

const statementCacheSize = 500;

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs more than running a small
 * query, so each SQL text is prepared once. better-sqlite3 re-prepares a statement by itself
 * when the schema changes under it.
 */
const withStatementCache = (file: SQLite.Database) => {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
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
    const pool = new pg.Pool({ connectionString: options.url, max: 10, options: `-c search_path=${schema}` });
    return { db: new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres', schema };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = new SQLite(path.join(options.dataDir, 'resim.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  // Reads through the operating system's page cache instead of copying each page: the scoreboards and
  // Intel read every run of a scenario.
  file.pragma('mmap_size = 268435456');
  return {
    db: new Kysely<Tables>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) }),
    dialect: 'sqlite',
    schema: undefined,
  };
};
