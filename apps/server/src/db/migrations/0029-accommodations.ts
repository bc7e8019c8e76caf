import type { Kysely } from 'kysely';

/**
 * Accommodations of a space's learners: extra time, untimed play and a later close of the
 * schedule window, kept for one learner (kind 'learner', named by email) or for everyone with a
 * tag (kind 'tag'). A learner's own goes when they leave the space; a tag's stays with the tag.
 * An opening whose Stop spared the runs still within their extra time is remembered, so that the
 * next Stop ends them.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('accommodations')
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('extra_percent', 'integer', (c) => c.notNull())
    .addColumn('extra_minutes', 'integer', (c) => c.notNull())
    .addColumn('untimed', 'integer', (c) => c.notNull())
    .addColumn('window_minutes', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('accommodations_pk', ['space_id', 'kind', 'name'])
    .execute();

  await db.schema
    .createTable('spared_openings')
    .addColumn('resim_id', 'text', (c) => c.notNull().references('resims.id').onDelete('cascade'))
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('spared_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('spared_openings_pk', ['resim_id', 'instance_id'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('spared_openings').execute();
  await db.schema.dropTable('accommodations').execute();
};
