import type { Database } from '../../db/database';
import type { ResimRow } from '../../db/schema';

/** Scenarios in any of the given spaces, newest first. */
export const findResimsInSpaces = (db: Database, spaceIds: readonly string[]): Promise<ResimRow[]> =>
  spaceIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('resims')
        .selectAll()
        .where('space_id', 'in', [...spaceIds])
        .orderBy('created_at', 'desc')
        .execute();

export const insertResim = (db: Database, row: ResimRow) => db.insertInto('resims').values(row).execute();
