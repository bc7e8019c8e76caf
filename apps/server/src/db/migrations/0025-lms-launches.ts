import type { Kysely } from 'kysely';

/**
 * Learners sent by a learning platform: SCORM packages exported from a scenario (each carrying a
 * key of its own, kept here as a hash and revocable), and the runs such launches started, found
 * again by the platform's learner so that launching twice resumes one run per opening.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('scorm_packages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('resim_id', 'text', (c) => c.notNull().references('resims.id').onDelete('cascade'))
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('scorm_packages_resim').on('scorm_packages').columns(['resim_id', 'created_at']).execute();
  await db.schema
    .createTable('external_runs')
    .addColumn('game_id', 'text', (c) => c.primaryKey().references('games.id').onDelete('cascade'))
    .addColumn('resim_id', 'text', (c) => c.notNull())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('learner_ref', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('external_runs_learner')
    .unique()
    .on('external_runs')
    .columns(['resim_id', 'instance_id', 'source', 'source_id', 'learner_ref'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('external_runs').execute();
  await db.schema.dropTable('scorm_packages').execute();
};
