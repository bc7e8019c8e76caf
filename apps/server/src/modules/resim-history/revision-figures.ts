import {
  checkingScenario,
  mostPointsOf,
  passMarking,
  scenarioContent,
  type MostPoints,
  type PassMarking,
  type Scenario,
  type ScenarioContent,
} from '@resim/domain';
import type { Database } from '../../db/database';
import { finishInSlices } from '../../lib/slices';
import { contentJsonAt } from './version-store';

// A saved version never changes, so its figures are worked out once; the checker's search is the
// costly part and a dashboard is read every few seconds.
const keptAtMost = 1_000;
const keeper = <T>() => {
  const kept = new Map<string, T>();
  return {
    has: (key: string) => kept.has(key),
    get: (key: string) => kept.get(key)!,
    set: (key: string, value: T) => {
      if (kept.size >= keptAtMost) kept.delete(kept.keys().next().value!);
      kept.set(key, value);
      return value;
    },
  };
};
const keptMostPoints = keeper<MostPoints | null>();
const keptMarkings = keeper<PassMarking | null>();

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
  if (keptMostPoints.has(key)) return keptMostPoints.get(key);
  const content = await versionContent(db, scenario, revision);
  // The checker's search, a slice at a time: a dashboard's first reading of a version must not hold up the sessions running.
  const points = content === undefined ? null : (await finishInSlices(checkingScenario(content))).figures.points;
  return keptMostPoints.set(key, points ? mostPointsOf(points.max) : null);
};

/**
 * The pass mark a version judges its runs by, so that a verdict once given stays whatever the
 * author changes later: null when the version asks for none or cannot be read back.
 */
export const passMarkingAt = async (db: Database, scenario: Scenario, revision: number): Promise<PassMarking | null> => {
  const key = `${scenario.id}:${revision}`;
  if (keptMarkings.has(key)) return keptMarkings.get(key);
  const content = await versionContent(db, scenario, revision);
  if (content === undefined) return keptMarkings.set(key, null);
  // Only a share needs the checker's search.
  const most = content.passMark.threshold.kind === 'share' ? await mostPointsAt(db, scenario, revision) : null;
  return keptMarkings.set(key, passMarking(content, most));
};

/**
 * The scenario as an opening played it: the content of the revision it recorded (the current one
 * for openings made before openings recorded it, or when history lacks it), so that a run replayed
 * later is named and judged as it was played.
 */
export const scenarioAsPlayed = async (db: Database, scenario: Scenario, instanceId: string): Promise<Scenario> => {
  const revision = scenario.instances.find((instance) => instance.id === instanceId)?.revision;
  if (revision === undefined || revision === scenario.revision) return scenario;
  const content = await versionContent(db, scenario, revision);
  return content ? { ...scenario, ...content } : scenario;
};
