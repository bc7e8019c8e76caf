import type { Kysely } from 'kysely';

/**
 * Learners of a space (by email, with tags) and their allocations to the space's scenarios.
 * A learner needs no account: a signed-in user sees what is allocated to their email.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('space_learners')
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('invited_at', 'text')
    .addColumn('reminded_at', 'text')
    .addPrimaryKeyConstraint('space_learners_pk', ['space_id', 'email'])
    .execute();

  await db.schema
    .createTable('allocations')
    .addColumn('space_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('resim_id', 'text', (c) => c.notNull().references('resims.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('allocations_pk', ['space_id', 'email', 'resim_id'])
    // Removing a learner removes what was allocated to them.
    .addForeignKeyConstraint('allocations_learner', ['space_id', 'email'], 'space_learners', ['space_id', 'email'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();
  // A signed-in learner's scenarios are looked up by their email.
  await db.schema.createIndex('allocations_email').on('allocations').column('email').execute();
  await db.schema.createIndex('allocations_resim').on('allocations').column('resim_id').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('allocations').execute();
  await db.schema.dropTable('space_learners').execute();
};
