import type { GameScore, GameSummary, RunVerdict, SessionMessage } from '@resim/contracts';
import {
  allowanceLabel,
  runScore,
  settleRun,
  SimulationMode,
  type RunFeedback,
  type RunScore,
  type RunState,
  type Scenario,
} from '@resim/domain';
import type { GameRow, SessionMessageRow } from '../../db/schema';
import { readJson } from '../../lib/json';
import { isPreviewInstance, phaseOf } from './phase';

/** The run's state as stored, brought up to `now`: a time limit may have ended it meanwhile. */
export const stateOf = (scenario: Scenario, game: GameRow, now: number): RunState | null => {
  const stored = readJson<RunState | null>(game.state, null);
  return stored ? settleRun(scenario, stored, now) : null;
};

/**
 * A run's score: the stored one once ended, else as it stands now. A score stored before the
 * item-by-item feedback existed is counted again from the ended run.
 */
export const scoreOf = (scenario: Scenario, game: GameRow, now: number): RunScore | null => {
  if (game.score && game.ended_at) {
    const stored = readJson<RunScore | null>(game.score, null);
    if (stored?.feedback) return stored;
  }
  const state = stateOf(scenario, game, now);
  return state ? runScore(scenario, state, now) : null;
};

export type ScoredGame = { readonly game: GameRow; readonly score: RunScore };

/** Why a run ended when the host took its learner out of the session. */
export const removedReason = 'removed';

/** Whether a run's steps count in the learners' flow: not Test Mode, not a preview, not removed by the host. */
export const countsInFlow = (game: Pick<GameRow, 'test' | 'instance_id' | 'end_reason'>): boolean =>
  game.test === 0 && !isPreviewInstance(game.instance_id) && game.end_reason !== removedReason;

/** A run with its score, when it is ranked: test runs and removed learners are not. */
export const scoredGame = (scenario: Scenario, game: GameRow, now: number): ScoredGame | null => {
  const score = game.test || game.end_reason === removedReason ? null : scoreOf(scenario, game, now);
  return score ? { game, score } : null;
};

/**
 * Whether the learner may see the answer key's verdict: once their run has ended and, in a live
 * session (Realtime), once the presenter has stopped it, so that nobody passes the answers on.
 * Authors and test runs see it as soon as the run has ended.
 */
export const feedbackShown = (scenario: Scenario, game: GameRow, author: boolean): boolean =>
  game.ended_at !== null && (author || game.test === 1 || scenario.mode !== SimulationMode.Realtime || phaseOf(scenario) === 'closed');

const copyFeedback = (feedback: RunFeedback): NonNullable<GameScore['feedback']> => ({
  requiredActionsMissed: [...feedback.requiredActionsMissed],
  unnecessaryActionsRun: [...feedback.unnecessaryActionsRun],
  harmfulActionsRun: [...feedback.harmfulActionsRun],
  conclusionsConfirmed: [...feedback.conclusionsConfirmed],
  correctConclusions: [...feedback.correctConclusions],
});

export const toGameScore = (
  game: GameRow,
  score: RunScore,
  rank: number | null,
  of: number,
  showFeedback: boolean,
  verdict: RunVerdict | null = null,
): GameScore => ({
  gameId: game.id,
  resimId: game.resim_id,
  nickname: game.nickname,
  measures: { ...score.measures },
  points: score.points,
  durationMs: score.durationMs,
  actionsRun: score.actionsRun,
  conclusionsConfirmed: [...score.conclusionsConfirmed],
  answers: { ...score.answers },
  feedback: showFeedback ? copyFeedback(score.feedback) : null,
  rank,
  of,
  ended: game.ended_at !== null,
  verdict: showFeedback ? verdict : null,
});

export const toGameSummary = (
  game: GameRow,
  score: RunScore | null,
  rank: number | null,
  revision: number | null,
  verdict: RunVerdict | null,
): GameSummary => ({
  id: game.id,
  instanceId: game.instance_id,
  revision,
  nickname: game.nickname,
  email: game.email,
  test: game.test === 1,
  created: game.created_at,
  startedAt: game.started_at,
  endedAt: game.ended_at,
  endReason: game.end_reason,
  eventCount: game.event_count,
  points: score?.points ?? null,
  measures: score ? { ...score.measures } : {},
  rank,
  verdict,
});

export const toSessionMessage = (row: SessionMessageRow): SessionMessage => ({
  id: row.message_id,
  title: row.title,
  message: row.message,
  sent: row.created_at,
});

/**
 * The time allowance a run was played with, for hosts ('+50 % time', 'untimed'); null for none.
 * Most runs have none, and say so in their stored state: those are not parsed.
 */
export const runAccommodation = (game: Pick<GameRow, 'state'>): string | null =>
  game.state?.includes('"allowance":{') ? allowanceLabel(readJson<RunState | null>(game.state, null)?.allowance) : null;
