import type { RunVerdict } from '@resim/contracts';
import { runVerdict, type PassMarking, type RunScore, type Scenario } from '@resim/domain';
import type { Database } from '../../db/database';
import type { GameRow } from '../../db/schema';
import { passMarkingAt } from '../resim-history/revision-figures';
import { removedReason, stateOf } from './game-records';

/** The revision an opening ran: the one it recorded, else (an older opening, a test run, a preview) the current one. */
const revisionOf = (scenario: Scenario, instanceId: string): number =>
  scenario.instances.find((instance) => instance.id === instanceId)?.revision ?? scenario.revision;

/** The pass mark each of the openings judges its runs by, by opening id: each version's is read once. */
export const markingsOf = async (
  db: Database,
  scenario: Scenario,
  instanceIds: Iterable<string>,
): Promise<ReadonlyMap<string, PassMarking | null>> => {
  const markings = new Map<string, PassMarking | null>();
  for (const instanceId of new Set(instanceIds))
    markings.set(instanceId, await passMarkingAt(db, scenario, revisionOf(scenario, instanceId)));
  return markings;
};

/**
 * The pass mark's verdict on a run, read where results are read rather than kept with the run: the
 * points it ended with and, when the musts count, the actions it ran, against its opening's version.
 */
export const verdictOf = (
  scenario: Scenario,
  marking: PassMarking | null | undefined,
  game: GameRow,
  score: RunScore | null,
  now: number,
): RunVerdict | null => {
  // A learner the host removed is not judged, as they are not ranked.
  if (!marking || game.ended_at === null || game.end_reason === removedReason) return null;
  const musts = marking.required.length > 0 || marking.harmful.length > 0;
  const ran = musts ? (stateOf(scenario, game, now)?.ran ?? []) : [];
  const verdict = runVerdict(marking, { ended: true, points: score?.points ?? null, ran });
  return verdict && { passed: verdict.passed, reasons: [...verdict.reasons] };
};

/** verdictOf for one run, its opening's pass mark read for it. */
export const verdictOfRun = async (
  db: Database,
  scenario: Scenario,
  game: GameRow,
  score: RunScore | null,
  now: number,
): Promise<RunVerdict | null> =>
  verdictOf(scenario, (await markingsOf(db, scenario, [game.instance_id])).get(game.instance_id), game, score, now);
