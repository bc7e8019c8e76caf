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

/** The scenario of a run by id, reading its document only when this version is not cached yet. */
export const loadRunnableScenario = async (db: Database, id: string): Promise<Scenario | undefined> => {
  const version = await db.selectFrom('resims').select(['id', 'revision', 'status', 'updated_at']).where('id', '=', id).executeTakeFirst();
  if (!version) return undefined;
  const hit = cache.get(keyOf(version));
  if (hit) return hit;
  const row = await db.selectFrom('resims').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? runnableScenario(row) : undefined;
};
