import type { Kysely } from 'kysely';

/**
 * The live events processes tell each other through PostgreSQL (DESIGN 2), kept for a few minutes:
 * an event too large for a NOTIFY is sent by its id, and a process whose listening connection was
 * down reads what it missed when it is back.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('live_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payload', 'text', (c) => c.notNull())
    // epoch milliseconds of the publishing process
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('live_events_created').on('live_events').column('created_at').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('live_events').execute();
};
