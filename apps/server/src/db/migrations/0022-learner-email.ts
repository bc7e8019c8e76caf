import type { Kysely } from 'kysely';

/** The spaces a person is a learner of, found by their email: who comes to play is asked at every sign-in. */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.createIndex('space_learners_email').on('space_learners').column('email').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('space_learners_email').execute();
};
