import type { Database } from '../../db/database';
import type { ScormPackageRow } from '../../db/schema';

export const insertPackage = (db: Database, row: ScormPackageRow) => db.insertInto('scorm_packages').values(row).execute();

/** A scenario's packages, newest first, with their exporter and the runs their learners started. */
export const packagesOfScenario = (db: Database, resimId: string) =>
  db
    .selectFrom('scorm_packages as p')
    .leftJoin('users as u', 'u.id', 'p.created_by')
    .select((eb) => [
      'p.id',
      'p.version',
      'p.created_at',
      'p.revoked_at',
      'u.email',
      eb
        .selectFrom('external_runs as r')
        .select((count) => count.fn.countAll<number>().as('n'))
        .where('r.source', '=', 'scorm')
        .whereRef('r.source_id', '=', 'p.id')
        .as('launches'),
    ])
    .where('p.resim_id', '=', resimId)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id')
    .execute();

export const findPackageByKeyHash = (db: Database, keyHash: string) =>
  db.selectFrom('scorm_packages').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();

/** Revokes a package of the scenario; false when it has no such package. */
export const revokePackage = async (db: Database, resimId: string, packageId: string, at: string): Promise<boolean> => {
  const result = await db
    .updateTable('scorm_packages')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(at)) }))
    .where('id', '=', packageId)
    .where('resim_id', '=', resimId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};
