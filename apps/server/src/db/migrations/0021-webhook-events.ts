import type { Kysely } from 'kysely';

/**
 * Stripe's events already handled, by id, kept for the days Stripe may send one again: a signed
 * event replayed (by anyone who saw it) changes nothing the second time.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('billing_webhook_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('billing_webhook_events_received').on('billing_webhook_events').column('received_at').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('billing_webhook_events').execute();
};
