import type { Kysely } from 'kysely';

/** Monitoring lists the runs changed in a recent window: found by the time of their last change, not by reading every run. */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.createIndex('games_updated').on('games').column('updated_at').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('games_updated').execute();
};
