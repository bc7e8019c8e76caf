import type { Kysely } from 'kysely';

/**
 * Which ended runs' reports have been emailed to their learners, and in which message: emailing an
 * opening's reports again (after a failure part of the way, or a second click) sends only those
 * not sent yet.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('report_emails')
    .addColumn('game_id', 'text', (c) => c.primaryKey().references('games.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('queued_at', 'text', (c) => c.notNull())
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('report_emails').execute();
};
