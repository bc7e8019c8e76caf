import type { Database } from '../../db/database';
import type { UploadRow } from '../../db/schema';

export const insertUpload = (db: Database, row: UploadRow) => db.insertInto('uploads').values(row).execute();

/** An upload under way, only for the one who started it. */
export const findOwnUpload = (db: Database, where: { uploadId: string; key: string; ownerId: string }): Promise<UploadRow | undefined> =>
  db
    .selectFrom('uploads')
    .selectAll()
    .where('upload_id', '=', where.uploadId)
    .where('key', '=', where.key)
    .where('owner_id', '=', where.ownerId)
    .executeTakeFirst();

export const deleteUpload = (db: Database, id: string) => db.deleteFrom('uploads').where('id', '=', id).execute();

export const uploadsStartedBefore = (db: Database, before: string): Promise<UploadRow[]> =>
  db.selectFrom('uploads').selectAll().where('created_at', '<', before).orderBy('created_at').execute();
