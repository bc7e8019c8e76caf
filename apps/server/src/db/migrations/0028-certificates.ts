import type { Kysely } from 'kysely';

/**
 * Certificates of passed runs: one per run, found by the short code printed on it and behind its
 * QR code; what it certifies is copied in, so that a verification reads what was issued even after
 * the scenario is renamed; revoked by setting when.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('certificates')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('game_id', 'text', (c) => c.notNull().unique().references('games.id').onDelete('cascade'))
    .addColumn('resim_id', 'text', (c) => c.notNull())
    .addColumn('learner', 'text', (c) => c.notNull())
    .addColumn('scenario', 'text', (c) => c.notNull())
    .addColumn('space', 'text', (c) => c.notNull())
    .addColumn('points', 'real')
    .addColumn('credit_hours', 'real')
    .addColumn('passed_at', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('certificates').execute();
};
