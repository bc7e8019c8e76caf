import type { Scenario } from '@resim/domain';
import type { Database } from '../../db/database';
import type { ResimRow } from '../../db/schema';
import { toScenario } from '../resims/resims.service';

const capacity = 200;
const cache = new Map<string, Scenario>();
const keyOf = (row: Pick<ResimRow, 'id' | 'revision' | 'status' | 'updated_at'>) =>
  `${row.id}:${row.revision}:${row.status}:${row.updated_at}`;

/**
 * A scenario read for its runs. Its document is parsed once per version: a run's every event
 * needs it, and a large scenario is half a megabyte of JSON.
 */
export const runnableScenario = (row: ResimRow): Scenario => {
  const key = keyOf(row);
  const hit = cache.get(key);
  if (hit) return hit;
  const scenario = toScenario(row);
  if (cache.size >= capacity) cache.delete(cache.keys().next().value!);
  cache.set(key, scenario);
  return scenario;
};

/**
 * A scenario by id or by join code, reading its document only when this version is not cached
 * yet: every learner's step and join needs it.
 */
export const loadRunnableScenario = async (db: Database, by: { id: string } | { code: string }): Promise<Scenario | undefined> => {
  const query = db.selectFrom('resims').select(['id', 'revision', 'status', 'updated_at']);
  const version = await ('id' in by ? query.where('id', '=', by.id) : query.where('code', '=', by.code)).executeTakeFirst();
  if (!version) return undefined;
  const hit = cache.get(keyOf(version));
  if (hit) return hit;
  const row = await db.selectFrom('resims').selectAll().where('id', '=', version.id).executeTakeFirst();
  return row ? runnableScenario(row) : undefined;
};
