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
  return { db: new Kysely<Tables>({ dialect: new SqliteDialect({ database: file }) }), dialect: 'sqlite', schema: undefined };
};
