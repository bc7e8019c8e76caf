import type { Kysely } from 'kysely';

/**
 * Attempts counted per key and window, shared by every process on one PostgreSQL database: sign-in
 * and password limits hold for the whole deployment, not once per process.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    // epoch milliseconds at which the window ends
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_reset').on('rate_limits').column('reset_at').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('rate_limits').execute();
};
