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

export const findResimById = (db: Database, id: string): Promise<ResimRow | undefined> =>
  db.selectFrom('resims').selectAll().where('id', '=', id).executeTakeFirst();

export const findResimByCode = (db: Database, code: string): Promise<ResimRow | undefined> =>
  db.selectFrom('resims').selectAll().where('code', '=', code).executeTakeFirst();

export const insertResim = (db: Database, row: ResimRow) => db.insertInto('resims').values(row).execute();

/**
 * Writes a new revision only if the stored one is still `expected` and the scenario is still
 * Initialized; false when another save or a status change came first.
 */
export const updateResimDocument = async (
  db: Database,
  options: {
    id: string;
    expected: number;
    document: string;
    name: string;
    description: string;
    priority: number | null;
    updatedAt: string;
  },
): Promise<boolean> => {
  const result = await db
    .updateTable('resims')
    .set((eb) => ({
      document: options.document,
      name: options.name,
      description: options.description,
      priority: options.priority,
      updated_at: options.updatedAt,
      revision: eb('revision', '+', 1),
    }))
    .where('id', '=', options.id)
    .where('revision', '=', options.expected)
    .where('status', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** Moves the status only if it is still `from`; false when another change came first. */
export const updateResimStatus = async (
  db: Database,
  options: { id: string; from: number; to: number; updatedAt: string; document?: string },
): Promise<boolean> => {
  const result = await db
    .updateTable('resims')
    .set({ status: options.to, updated_at: options.updatedAt, ...(options.document === undefined ? {} : { document: options.document }) })
    .where('id', '=', options.id)
    .where('status', '=', options.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const deleteResimRow = (db: Database, id: string) => db.deleteFrom('resims').where('id', '=', id).execute();

/** Puts the scenario in another space only if it is still in `from`; false when another move came first. */
export const updateResimSpace = async (db: Database, options: { id: string; from: string; to: string; updatedAt: string }) => {
  const result = await db
    .updateTable('resims')
    .set({ space_id: options.to, updated_at: options.updatedAt })
    .where('id', '=', options.id)
    .where('space_id', '=', options.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** Allocations belong to a space's learners, so a scenario leaving the space leaves them behind. */
export const deleteAllocationsOfResim = (db: Database, spaceId: string, resimId: string) =>
  db.deleteFrom('allocations').where('space_id', '=', spaceId).where('resim_id', '=', resimId).execute();
