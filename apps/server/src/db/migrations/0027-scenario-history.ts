import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Version history: one row per saved revision of a scenario's content, either a full snapshot or
 * the patch from the revision before (both deflated JSON), who saved it and when, what it
 * changed, the name an author gave it and the revision it restored, if any.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('scenario_versions')
    .addColumn('resim_id', 'text', (c) => c.notNull().references('resims.id').onDelete('cascade'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('is_snapshot', 'integer', (c) => c.notNull())
    .addColumn('body', bytes, (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text')
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('restored_from', 'integer')
    .addPrimaryKeyConstraint('scenario_versions_pk', ['resim_id', 'revision'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('scenario_versions').execute();
};
