import type { Kysely } from 'kysely';

/** SPEC 3 presenter views: saved layouts of a scenario's presenter display. */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('presenter_views')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('resim_id', 'text', (c) => c.notNull().references('resims.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('panels', 'text', (c) => c.notNull())
    .addColumn('hide_names', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('theme', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('presenter_views_resim').on('presenter_views').column('resim_id').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('presenter_views').execute();
};
