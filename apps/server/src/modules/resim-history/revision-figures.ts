import { checkScenario, scenarioContent, type PointsExtreme, type Scenario, type ScenarioContent } from '@resim/domain';
import type { Database } from '../../db/database';
import { contentJsonAt } from './version-store';

/** The most points a run of a version can end with, in the checker's words: exactly, at most (a bound) or at least (a run found). */
export type MostPoints = { readonly value: number; readonly kind: 'exact' | 'atMost' | 'atLeast' };

export const mostPointsOf = (max: PointsExtreme): MostPoints =>
  max.exact
    ? { value: max.found.value, kind: 'exact' }
    : max.bound === null
      ? { value: max.found.value, kind: 'atLeast' }
      : { value: max.bound, kind: 'atMost' };

// A saved version never changes, so its figure is worked out once; the checker's search is the
// costly part and a dashboard is read every few seconds.
const kept = new Map<string, MostPoints | null>();
const keptAtMost = 1_000;

const remember = (key: string, value: MostPoints | null) => {
  if (kept.size >= keptAtMost) kept.delete(kept.keys().next().value!);
  kept.set(key, value);
};

/** The content of one of the scenario's versions: the current one as it is, an earlier one rebuilt from history; undefined when history lacks it. */
export const versionContent = async (db: Database, scenario: Scenario, revision: number): Promise<ScenarioContent | undefined> => {
  if (revision === scenario.revision) return scenario;
  const json = await contentJsonAt(db, scenario.id, revision);
  if (json === undefined) return undefined;
  const read = scenarioContent.safeParse(JSON.parse(json));
  return read.success ? read.data : undefined;
};

/**
 * The most points reachable in the version an opening ran: null when the version keeps no points
 * measure or cannot be read back (a revision saved before history was kept).
 */
export const mostPointsAt = async (db: Database, scenario: Scenario, revision: number): Promise<MostPoints | null> => {
  const key = `${scenario.id}:${revision}`;
  if (kept.has(key)) return kept.get(key)!;
  const content = await versionContent(db, scenario, revision);
  if (content === undefined) {
    remember(key, null);
    return null;
  }
  const points = checkScenario(content).figures.points;
  const most = points ? mostPointsOf(points.max) : null;
  remember(key, most);
  return most;
};
