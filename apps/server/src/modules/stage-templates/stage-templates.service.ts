import type { StageTemplate } from '@resim/contracts';
import { action, conclusion, stage } from '@resim/domain';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { notFound } from '../../errors/app-error';
import { iso, type Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { readJson } from '../../lib/json';

const templateDocument = z.object({ stage, actions: z.array(action), conclusions: z.array(conclusion) });

const toTemplate = (row: { id: string; name: string; document: string; created_at: string }): StageTemplate => ({
  id: row.id,
  name: row.name,
  created: row.created_at,
  ...templateDocument.parse(readJson(row.document, {})),
});

/** A stage template is its author's own: a stage with its actions and conclusions, to insert into any scenario. */
export const listStageTemplates = async (db: Database, ownerId: string): Promise<StageTemplate[]> =>
  (await db.selectFrom('stage_templates').selectAll().where('owner_id', '=', ownerId).orderBy('name').execute()).map(toTemplate);

export const getStageTemplate = async (db: Database, ownerId: string, id: string): Promise<StageTemplate> => {
  const row = await db.selectFrom('stage_templates').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  if (!row) throw notFound('Stage template');
  return toTemplate(row);
};

export const createStageTemplate = async (options: {
  db: Database;
  clock: Clock;
  ownerId: string;
  template: { name: string } & z.infer<typeof templateDocument>;
}): Promise<StageTemplate> => {
  const { name, ...document } = options.template;
  const row = { id: newId(), owner_id: options.ownerId, name, document: JSON.stringify(document), created_at: iso(options.clock) };
  await options.db.insertInto('stage_templates').values(row).execute();
  return toTemplate(row);
};
