import type { Kysely } from 'kysely';

/** An opening whose lobby the host has locked: nobody new may join it until it is unlocked. */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('locked_openings')
    .addColumn('resim_id', 'text', (c) => c.notNull().references('resims.id').onDelete('cascade'))
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('locked_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('locked_openings_pk', ['resim_id', 'instance_id'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('locked_openings').execute();
};
