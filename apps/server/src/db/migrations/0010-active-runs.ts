import type { Kysely } from 'kysely';

/** Monitoring lists each scenario's runs changed in a recent window: found by the time of their last change, not by reading every run. */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.createIndex('games_resim_updated').on('games').columns(['resim_id', 'updated_at']).execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('games_resim_updated').execute();
};
