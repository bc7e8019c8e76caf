import type { Kysely } from 'kysely';

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .alterTable('resims')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('stage_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stage_templates_owner').on('stage_templates').column('owner_id').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('stage_templates').execute();
  await db.schema.alterTable('resims').dropColumn('revision').execute();
};
