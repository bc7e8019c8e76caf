import { iso, type Clock } from '../lib/clock';
import { newId } from '../lib/ids';
import { newJoinCode } from '../lib/join-code';
import type { Database } from '../db/database';
import type { UserRow } from '../db/schema';
import { insertResim } from '../modules/resims/resims.repository';
import { demoScenario } from './demo-scenario';
import { insertSpace } from '../modules/spaces/spaces.repository';

export const demoSpaceName = 'Demo space';

/** A demo space owned by the user, holding one scenario, so Home has something to show. */
export const seedDemo = async (options: { db: Database; clock: Clock; owner: UserRow }): Promise<{ spaceId: string; resimId: string }> => {
  const now = iso(options.clock);
  const spaceId = newId();
  const resimId = newId();
  await options.db.transaction().execute(async (trx) => {
    await insertSpace(trx, { id: spaceId, description: demoSpaceName, owner_id: options.owner.id, security: '{}', created_at: now });
    const content = demoScenario();
    await insertResim(trx, {
      id: resimId,
      space_id: spaceId,
      name: content.resimName,
      description: content.description,
      status: 0,
      template_id: content.templateId,
      document: JSON.stringify({ ...content, instances: [] }),
      revision: 0,
      code: newJoinCode(),
      priority: content.priority,
      created_at: now,
      updated_at: now,
    });
  });
  return { spaceId, resimId };
};
