import type { Kysely } from 'kysely';

/**
 * An opening's runs in id order straight from an index: a Stop, and the final ranking after it,
 * read a large session a page at a time, and without the id in the index every page sorted every
 * run of the opening again. The new index serves whatever the old one did.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.createIndex('games_opening_order').on('games').columns(['resim_id', 'instance_id', 'id']).execute();
  await db.schema.dropIndex('games_resim_instance').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.createIndex('games_resim_instance').on('games').columns(['resim_id', 'instance_id']).execute();
  await db.schema.dropIndex('games_opening_order').execute();
};
