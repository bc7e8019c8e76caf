import type { Database } from '../../db/database';
import type { EmailTemplateRow } from '../../db/schema';

export const findOwnTemplates = (db: Database, ownerId: string): Promise<EmailTemplateRow[]> =>
  db.selectFrom('email_templates').selectAll().where('owner_id', '=', ownerId).orderBy('name').execute();

export const findOwnTemplate = (db: Database, ownerId: string, name: string): Promise<EmailTemplateRow | undefined> =>
  db.selectFrom('email_templates').selectAll().where('owner_id', '=', ownerId).where('name', '=', name).executeTakeFirst();

/** false when the owner already has a template of that name (saved a moment before, say from another tab) */
export const insertTemplate = async (db: Database, row: EmailTemplateRow): Promise<boolean> =>
  Number(
    (
      await db
        .insertInto('email_templates')
        .values(row)
        .onConflict((oc) => oc.columns(['owner_id', 'name']).doNothing())
        .executeTakeFirst()
    ).numInsertedOrUpdatedRows ?? 0,
  ) > 0;

export const updateTemplate = (db: Database, id: string, changes: Pick<EmailTemplateRow, 'subject' | 'content' | 'text' | 'updated_at'>) =>
  db.updateTable('email_templates').set(changes).where('id', '=', id).execute();

export const deleteTemplate = (db: Database, id: string) => db.deleteFrom('email_templates').where('id', '=', id).execute();
