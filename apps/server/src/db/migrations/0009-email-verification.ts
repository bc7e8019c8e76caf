import { sql, type Kysely } from 'kysely';

/**
 * Whether a user of the embedded issuer has proved their address: when (null: not yet). Users made
 * before count as proved. A password link records the address it was emailed to, as following it
 * proves that mailbox; a link printed by the command line proves nothing. Sign-ins of an unproved
 * address wait for the code emailed to it.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
  await sql`update users set email_verified_at = created_at where external_subject is null`.execute(db);
  await db.schema.alterTable('password_resets').addColumn('emailed_to', 'text').execute();

  await db.schema
    .createTable('email_confirmations')
    .addColumn('interaction_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('code_expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sends', 'integer', (c) => c.notNull())
    .addColumn('last_sent_at', 'text', (c) => c.notNull())
    // the sign-in's own lifetime: a new code can be sent until then
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('email_confirmations').execute();
  await db.schema.alterTable('password_resets').dropColumn('emailed_to').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
};
