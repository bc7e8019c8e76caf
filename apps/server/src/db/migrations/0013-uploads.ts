import type { Kysely } from 'kysely';

/** SPEC 7 chunked uploads under way: whose each is, so nobody else completes or aborts it, and how old, so abandoned ones are swept. */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('upload_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    // No foreign key: an upload outlives its owner's account until the sweep drops its parts.
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_type', 'text', (c) => c.notNull())
    .addColumn('prop', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_created').on('uploads').column('created_at').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('uploads').execute();
};
