import type { Kysely } from 'kysely';

/**
 * xAPI: a space's learning record store (its statements endpoint and the key and secret it gave),
 * and the statements of its runs queued for it (the outbox's way: stored with the step, sent and
 * retried apart, each with its own id so that a statement sent twice is one statement there).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('space_lrs')
    .addColumn('space_id', 'text', (c) => c.primaryKey().references('spaces.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('xapi_statements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('game_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('verb', 'text', (c) => c.notNull())
    .addColumn('statement', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('claim_token', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('xapi_statements_due').on('xapi_statements').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('xapi_statements_game').on('xapi_statements').columns(['game_id', 'seq']).execute();
  await db.schema.createIndex('xapi_statements_space').on('xapi_statements').columns(['space_id', 'status']).execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('xapi_statements').execute();
  await db.schema.dropTable('space_lrs').execute();
};
