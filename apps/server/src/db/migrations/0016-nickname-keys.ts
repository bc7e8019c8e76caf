import type { Kysely } from 'kysely';

/**
 * Joins in constant time, however large the session: a nickname is claimed through a unique
 * index (its lower-cased form, per opening) instead of reading every run of the opening, and an
 * anonymous learner's run is found again by its token through an index.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('games').addColumn('nickname_key', 'text').execute();
  // Runs joined with a nickname claim it; of two that share one (joined at the same moment
  // before this check existed), the first keeps it.
  const games = db as Kysely<{
    games: {
      id: string;
      resim_id: string;
      instance_id: string;
      nickname: string;
      user_id: string | null;
      nickname_key: string | null;
      created_at: string;
    };
  }>;
  const claimed = new Set<string>();
  const rows = await games
    .selectFrom('games')
    .select(['id', 'resim_id', 'instance_id', 'nickname'])
    .where('user_id', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const key = row.nickname.toLocaleLowerCase();
    const claim = `${row.resim_id}\u0000${row.instance_id}\u0000${key}`;
    if (claimed.has(claim)) continue;
    claimed.add(claim);
    await games.updateTable('games').set({ nickname_key: key }).where('id', '=', row.id).execute();
  }
  await db.schema.createIndex('games_nickname').unique().on('games').columns(['resim_id', 'instance_id', 'nickname_key']).execute();
  await db.schema.createIndex('games_run_token').on('games').column('run_token_hash').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('games_run_token').execute();
  await db.schema.dropIndex('games_nickname').execute();
  await db.schema.alterTable('games').dropColumn('nickname_key').execute();
};
