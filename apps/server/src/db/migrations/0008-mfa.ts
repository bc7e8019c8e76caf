import type { Kysely } from 'kysely';

/**
 * Multi-factor sign-in of the embedded issuer: a user's TOTP secret (encrypted), their
 * single-use recovery codes (hashed), and the sign-ins waiting for a code after the password.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('user_mfa')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_encrypted', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // null while enrolment waits for the first code
    .addColumn('enabled_at', 'text')
    // the last time step whose code was accepted: the same code is not taken twice
    .addColumn('last_step', 'integer')
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .execute();

  await db.schema
    .createTable('mfa_recovery_codes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addPrimaryKeyConstraint('mfa_recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('mfa_challenges')
    .addColumn('interaction_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('mfa_challenges').execute();
  await db.schema.dropTable('mfa_recovery_codes').execute();
  await db.schema.dropTable('user_mfa').execute();
};
