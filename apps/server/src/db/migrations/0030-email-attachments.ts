import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Files attached to an outbox message, such as a learner's report: kept in order beside the
 * message until it is sent, with their size so that the outbox lists them without reading them.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('email_attachments')
    .addColumn('message_id', 'text', (c) => c.notNull().references('outbox.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content', bytes, (c) => c.notNull())
    .addPrimaryKeyConstraint('email_attachments_pk', ['message_id', 'position'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('email_attachments').execute();
};
