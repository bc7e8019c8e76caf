import type { Database } from '../../db/database';
import type { PresenterViewRow } from '../../db/schema';

export const findViewsOfResim = (db: Database, resimId: string): Promise<PresenterViewRow[]> =>
  db.selectFrom('presenter_views').selectAll().where('resim_id', '=', resimId).orderBy('created_at').orderBy('id').execute();

export const findView = (db: Database, id: string): Promise<PresenterViewRow | undefined> =>
  db.selectFrom('presenter_views').selectAll().where('id', '=', id).executeTakeFirst();

export const findDefaultView = (db: Database, resimId: string): Promise<PresenterViewRow | undefined> =>
  db.selectFrom('presenter_views').selectAll().where('resim_id', '=', resimId).where('is_default', '=', 1).executeTakeFirst();

export const insertView = (db: Database, row: PresenterViewRow) => db.insertInto('presenter_views').values(row).execute();

export const updateView = (db: Database, id: string, changes: Partial<Omit<PresenterViewRow, 'id' | 'resim_id' | 'created_at'>>) =>
  db.updateTable('presenter_views').set(changes).where('id', '=', id).execute();

/** A scenario has one default view at most: choosing one sets the others aside. */
export const clearDefault = (db: Database, resimId: string) =>
  db.updateTable('presenter_views').set({ is_default: 0 }).where('resim_id', '=', resimId).where('is_default', '=', 1).execute();
