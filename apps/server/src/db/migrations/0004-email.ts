import { sql, type Kysely } from 'kysely';

/**
 * Email: the outbox becomes the delivery queue (DESIGN 2), each message knowing who sent it and
 * the space it concerns; users' own versions of the email templates (SPEC 3).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  // SQLite adds one column per statement.
  await db.schema
    .alterTable('outbox')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('outbox').addColumn('next_attempt_at', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('last_error', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('sent_at', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('claim_token', 'text').execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('sender_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('space_id', 'text', (c) => c.references('spaces.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('outbox').addColumn('template_name', 'text').execute();
  // What the outbox held before was kept there, never sent anywhere: it counts as delivered.
  await sql`update outbox set status = 'sent', sent_at = created_at`.execute(db);

  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_created').on('outbox').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('outbox_sender').on('outbox').column('sender_id').execute();
  await db.schema.createIndex('outbox_space').on('outbox').column('space_id').execute();

  await db.schema
    .createTable('email_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('email_templates_owner_name', ['owner_id', 'name'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('email_templates').execute();
  for (const index of ['outbox_space', 'outbox_sender', 'outbox_created', 'outbox_due']) await db.schema.dropIndex(index).execute();
  for (const column of [
    'template_name',
    'space_id',
    'sender_id',
    'claim_token',
    'sent_at',
    'last_error',
    'next_attempt_at',
    'attempts',
    'status',
  ]) {
    await db.schema.alterTable('outbox').dropColumn(column).execute();
  }
};
