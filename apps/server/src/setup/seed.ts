import { iso, type Clock } from '../lib/clock';
import { newId } from '../lib/ids';
import type { Database } from '../db/database';
import type { UserRow } from '../db/schema';
import { insertResim } from '../modules/resims/resims.repository';
import { insertSpace } from '../modules/spaces/spaces.repository';

export const demoSpaceName = 'Demo space';
export const demoScenarioName = 'Chest pain in the emergency department';

/** A demo space owned by the user, holding one scenario, so Home has something to show. */
export const seedDemo = async (options: { db: Database; clock: Clock; owner: UserRow }): Promise<{ spaceId: string; resimId: string }> => {
  const now = iso(options.clock);
  const spaceId = newId();
  const resimId = newId();
  await options.db.transaction().execute(async (trx) => {
    await insertSpace(trx, { id: spaceId, description: demoSpaceName, owner_id: options.owner.id, security: '{}', created_at: now });
    const description = 'A 58-year-old man arrives with chest pain. Order tests, read the results and confirm a diagnosis.';
    await insertResim(trx, {
      id: resimId,
      space_id: spaceId,
      name: demoScenarioName,
      description,
      status: 0,
      template_id: 'blank',
      document: JSON.stringify({ resimName: demoScenarioName, description }),
      created_at: now,
      updated_at: now,
    });
  });
  return { spaceId, resimId };
};
