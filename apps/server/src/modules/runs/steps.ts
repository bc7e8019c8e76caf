import {
  applyEvent,
  flowStepOf,
  runScore,
  startRun,
  stepCounts,
  type FlowStep,
  type RunErrorCode,
  type RunEvent,
  type RunState,
  type Scenario,
} from '@resim/domain';
import type { Database } from '../../db/database';
import type { GameRow } from '../../db/schema';
import { AppError, conflict } from '../../errors/app-error';
import * as flowCounts from '../learner-flow/flow-counts.repository';
import { statementQueueOf } from '../learning-records/statement-queue';
import { gradeQueueOf } from '../lti/grade-queue';
import { countsInFlow, removedReason, stateOf } from './game-records';
import { currentInstanceId, isPreviewInstance, phaseOfGame } from './phase';
import { closedForMost, refuseOutsideSchedule } from './schedule-rules';
import { accommodationOf, allowanceOf } from '../accommodations/learner-accommodations';
import { stepWriterOf, type StepChanges } from './step-writer';

// Refusals a learner can act on (an unknown id, too many choices) are bad requests; the rest
// are about the run as it stands.
const refusalCode: Record<RunErrorCode, 'bad_request' | 'conflict'> = {
  unknown_item: 'bad_request',
  too_many: 'bad_request',
  ended: 'conflict',
  not_available: 'conflict',
  already_done: 'conflict',
  no_hint: 'conflict',
  out_of_order: 'conflict',
};

const payloadOf = (event: RunEvent): string => {
  const { type: _type, at: _at, ...rest } = event;
  return JSON.stringify(rest);
};

/** The columns a run's state decides (and when it started, as the caller knows); a run that ended keeps its score. */
export const stateColumns = (scenario: Scenario, state: RunState, now: Date, startedAt: string | null): StepChanges => ({
  state: JSON.stringify(state),
  ended_at: state.ended ? new Date(state.ended.at).toISOString() : null,
  end_reason: state.ended?.reason ?? null,
  score: state.ended ? JSON.stringify(runScore(scenario, state, now.getTime())) : null,
  points: state.measures.points ?? null,
  started_at: startedAt,
  updated_at: now.toISOString(),
});

export const removedMessage = 'Your presenter removed you from this session';

export const closedMessage = (scenario: Scenario): string =>
  scenario.resimStatus === 3
    ? `${scenario.resimName} has finished`
    : `${scenario.resimName} is not open yet; ask your presenter when it starts`;

/**
 * Whether a learner may take a step in their run now: not removed, the session started and not
 * closed, the run of the current opening, within the schedule (later for a learner whose
 * accommodation extends it, read only once the window has closed for the others). Throws the
 * reason otherwise.
 */
export const refuseStep = async (db: Database, scenario: Scenario, game: GameRow, now: Date): Promise<void> => {
  if (game.end_reason === removedReason) throw conflict(removedMessage);
  const phase = phaseOfGame(scenario, game);
  if (phase === 'lobby') throw conflict('The session has not started yet; wait for your presenter');
  if (phase === 'closed' && !game.ended_at) throw conflict(closedMessage(scenario));
  if (!game.test && !isPreviewInstance(game.instance_id) && !game.ended_at && game.instance_id !== currentInstanceId(scenario))
    throw conflict(`This run belongs to an earlier session of ${scenario.resimName}; join again to play the current one`);
  if (game.test) return;
  const window = closedForMost(scenario, now) ? ((await accommodationOf(db, scenario.group, game.email))?.windowMinutes ?? 0) : 0;
  refuseOutsideSchedule(scenario, now, window);
};

/**
 * A lobby run whose session has just started but that the start has not reached yet (the status
 * is set first, then the lobby released): it starts now, with its learner's time allowance, so
 * the learner's first step counts.
 */
export const releasedRun = async (db: Database, scenario: Scenario, game: GameRow, now: Date): Promise<GameRow> => {
  if (game.state !== null || phaseOfGame(scenario, game) !== 'open') return game;
  const allowance = allowanceOf(await accommodationOf(db, scenario.group, game.email));
  return { ...game, state: JSON.stringify(startRun(scenario, now.getTime(), allowance)), started_at: now.toISOString() };
};

export type Recorded =
  | { readonly ok: true; readonly game: GameRow; readonly state: RunState; readonly step: FlowStep | null }
  /** `stale`: the run moved on since it was read (another step, a Stop, a removal); nothing was stored */
  | { readonly ok: false; readonly error: AppError; readonly stale?: boolean };

/**
 * Applies a run's next event, judged by the engine: stored with the audit trail, the new state
 * and what it adds to the learners' flow in one transaction (committed with the other steps of
 * the moment), or refused with the reason and nothing stored. `previousStep` is the run's last
 * step when the caller knows it (a session keeps it); otherwise it is read.
 */
export const recordEvent = async (
  db: Database,
  scenario: Scenario,
  game: GameRow,
  event: RunEvent,
  now: Date,
  known?: { readonly state: RunState | null; readonly previousStep: FlowStep | null },
): Promise<Recorded> => {
  const stored = known ? known.state : stateOf(scenario, game, event.at);
  if (!stored) return { ok: false, error: conflict('The run has not started yet; wait for your presenter') };
  const result = applyEvent(scenario, stored, event);
  if (!result.ok)
    return { ok: false, error: new AppError(refusalCode[result.error.code], result.error.message, { reason: result.error.code }) };
  const step = flowStepOf(event);
  const counted = step !== null && countsInFlow(game);
  const previous = !counted ? null : known ? known.previousStep : await flowCounts.lastStep(db, game.id);
  const changes = stateColumns(scenario, result.state, now, game.started_at);
  const queue = statementQueueOf(db);
  const statements = queue
    ? await queue.forStep(scenario, game, { before: stored, after: result.state, event, seq: game.event_count + 1 })
    : [];
  // The step that ends the run queues its grade for the platform that launched it, in the same commit.
  const grades = result.state.ended && !stored.ended ? gradeQueueOf(db) : null;
  const grade = grades ? await grades.forEnd(scenario, game, result.state) : null;
  const saved = await stepWriterOf(db).write({
    game,
    changes,
    event: {
      game_id: game.id,
      seq: game.event_count + 1,
      type: event.type,
      payload: payloadOf(event),
      at: new Date(event.at).toISOString(),
    },
    // Summed with the other steps of the same commit.
    counts: counted ? stepCounts(previous, step) : [],
    ...(statements.length > 0 ? { statements } : {}),
    ...(grade ? { grade } : {}),
  });
  if (saved && statements.length > 0) queue?.kick();
  if (saved && grade) grades?.kick();
  if (!saved) return { ok: false, stale: true, error: conflict('Another step of this run was taken at the same moment; try again') };
  return { ok: true, game: { ...game, ...changes, event_count: game.event_count + 1 }, state: result.state, step };
};
