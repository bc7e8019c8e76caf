import type { Insertable } from 'kysely';
import type { Database } from '../../db/database';
import type { ScenarioVersionRow, ScenarioVersionsTable } from '../../db/schema';

export type VersionMeta = Omit<ScenarioVersionRow, 'body' | 'is_snapshot'>;

export const insertVersion = (db: Database, row: Insertable<ScenarioVersionsTable>) =>
  db.insertInto('scenario_versions').values(row).execute();

export const versionExists = async (db: Database, resimId: string, revision: number): Promise<boolean> =>
  (await db
    .selectFrom('scenario_versions')
    .select('revision')
    .where('resim_id', '=', resimId)
    .where('revision', '=', revision)
    .executeTakeFirst()) !== undefined;

/** The rows that rebuild `revision`: the last snapshot at or before it and the patches after that snapshot, oldest first. */
export const findVersionChain = async (db: Database, resimId: string, revision: number) => {
  const snapshot = await db
    .selectFrom('scenario_versions')
    .select('revision')
    .where('resim_id', '=', resimId)
    .where('is_snapshot', '=', 1)
    .where('revision', '<=', revision)
    .orderBy('revision', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!snapshot) return [];
  return db
    .selectFrom('scenario_versions')
    .select(['revision', 'is_snapshot', 'body'])
    .where('resim_id', '=', resimId)
    .where('revision', '>=', snapshot.revision)
    .where('revision', '<=', revision)
    .orderBy('revision', 'asc')
    .execute();
};

const metaColumns = ['resim_id', 'revision', 'changes', 'author_id', 'author', 'saved_at', 'name', 'restored_from'] as const;

/** Every version of a scenario with its body, oldest first, for an export. */
export const findAllVersions = (db: Database, resimId: string): Promise<ScenarioVersionRow[]> =>
  db.selectFrom('scenario_versions').selectAll().where('resim_id', '=', resimId).orderBy('revision', 'asc').execute();

export const findVersionMeta = (db: Database, resimId: string, revision: number): Promise<VersionMeta | undefined> =>
  db
    .selectFrom('scenario_versions')
    .select(metaColumns)
    .where('resim_id', '=', resimId)
    .where('revision', '=', revision)
    .executeTakeFirst();

/** A page of versions, newest first, below revision `before` when given. */
export const listVersions = (
  db: Database,
  options: { resimId: string; before: number | undefined; limit: number },
): Promise<VersionMeta[]> => {
  let query = db.selectFrom('scenario_versions').select(metaColumns).where('resim_id', '=', options.resimId);
  if (options.before !== undefined) query = query.where('revision', '<', options.before);
  return query.orderBy('revision', 'desc').limit(options.limit).execute();
};

export const countVersions = async (db: Database, resimId: string): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('scenario_versions')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('resim_id', '=', resimId)
        .executeTakeFirstOrThrow()
    ).count,
  );

export const updateVersionName = async (db: Database, resimId: string, revision: number, name: string | null): Promise<boolean> => {
  const result = await db
    .updateTable('scenario_versions')
    .set({ name })
    .where('resim_id', '=', resimId)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};
