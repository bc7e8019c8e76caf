import type { BoardLearner, Dashboard, PresenterView, Scoreboard } from '@resim/contracts';
import { canEndByTime, measureUnitName, rankRuns, runDiagnosis, type PassMarking, type RunScore, type Scenario } from '@resim/domain';
import type { GameRow } from '../../db/schema';
import { notFound } from '../../errors/app-error';
import { toCsv } from '../../lib/csv';
import { getResim } from '../resims/resims.service';
import type { SpaceContext } from '../spaces/spaces.service';
import { inSlices } from '../../lib/slices';
import { removedReason, runAccommodation, scoreOf, stateOf, toSessionMessage, type ScoredGame } from './game-records';
import { currentInstanceId, phaseOf, testInstanceId } from './phase';
import { layoutFor } from '../presenter-views/presenter-views.service';
import { mostPointsAt } from '../resim-history/revision-figures';
import * as repo from './runs.repository';
import { markingsOf, verdictOf } from './verdicts';
import { readShared } from './shared-reads';
import { runsOfOpening } from './opening-runs';

const mean = (values: readonly number[]): number | null =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * A run as the board shows it: one its clock ended is over, as its learner sees it, though nothing
 * was stored yet (the end is written at the run's next step or the session's Stop).
 */
const settledRow = (scenario: Scenario, game: GameRow, now: number): GameRow => {
  if (game.ended_at !== null || game.state === null || !canEndByTime(scenario)) return game;
  const ended = stateOf(scenario, game, now)?.ended;
  return ended ? { ...game, ended_at: new Date(ended.at).toISOString(), end_reason: ended.reason } : game;
};

/**
 * An opening's learners: the ranked first, by rank; then the rest, as they joined. Learners the
 * host removed stay listed, marked, but are not counted. Each ended run has the pass mark's
 * verdict when `marking` is given. Every run is scored once, a slice at a time: a scoreboard or a
 * presenter display of thousands, read every few seconds, would otherwise hold every learner's
 * step up while it is made. The scores of the runs listed (removed ones among them) come back
 * with the board, by run id, for the averages and the CSV's measures.
 */
const board = async (
  scenario: Scenario,
  instanceId: string,
  games: readonly GameRow[],
  now: number,
  locked: boolean,
  marking: PassMarking | null,
): Promise<{ board: Scoreboard; scores: ReadonlyMap<string, RunScore> }> => {
  const runs: GameRow[] = [];
  const learners: GameRow[] = [];
  const scored: ScoredGame[] = [];
  const scores = new Map<string, RunScore>();
  await inSlices(games, (game) => {
    if (game.test) return;
    const run = settledRow(scenario, game, now);
    runs.push(run);
    const score = scoreOf(scenario, run, now);
    if (score) scores.set(run.id, score);
    if (run.end_reason === removedReason) return;
    learners.push(run);
    if (score) scored.push({ game: run, score });
  });
  const ranked = rankRuns(scenario, scored);
  const rankOf = new Map(ranked.map((entry) => [entry.game.id, entry]));
  const toLearner = (game: GameRow): BoardLearner => {
    const entry = rankOf.get(game.id);
    return {
      gameId: game.id,
      nickname: game.nickname,
      joined: game.created_at,
      startedAt: game.started_at,
      endedAt: game.ended_at,
      eventCount: game.event_count,
      points: entry?.score.points ?? null,
      durationMs: entry?.score.durationMs ?? null,
      rank: entry?.rank ?? null,
      endReason: game.end_reason,
      verdict: verdictOf(scenario, marking, game, entry?.score ?? null, now),
      accommodation: runAccommodation(game),
    };
  };
  const unranked = runs.filter((game) => !rankOf.has(game.id)).sort((a, b) => a.created_at.localeCompare(b.created_at));
  const finished = ranked.filter((entry) => entry.game.ended_at !== null);
  const listed: BoardLearner[] = [];
  await inSlices([...ranked.map((entry) => entry.game), ...unranked], (game) => listed.push(toLearner(game)));
  return {
    board: {
      resimId: scenario.id,
      instanceId,
      resimName: scenario.resimName,
      players: learners.length,
      finished: learners.filter((game) => game.ended_at !== null).length,
      averagePoints: mean(finished.flatMap((entry) => (entry.score.points === null ? [] : [entry.score.points]))),
      locked,
      learners: listed,
    },
    scores,
  };
};

export const requireInstance = (scenario: Scenario, instanceId: string) => {
  if (instanceId !== testInstanceId && !scenario.instances.some((instance) => instance.id === instanceId)) throw notFound('Instance');
};

/** An opening's scoreboard with its runs' scores, shared by the consoles reading it at the same moment. */
const scoreboardOf = (ctx: SpaceContext, scenario: Scenario, instanceId: string) => {
  requireInstance(scenario, instanceId);
  return readShared(ctx.db, scenario.id, `scoreboard:${instanceId}`, async () => {
    const games = await runsOfOpening(ctx.db, scenario.id, instanceId);
    const marking = (await markingsOf(ctx.db, scenario, [instanceId])).get(instanceId) ?? null;
    const locked = await repo.isLocked(ctx.db, scenario.id, instanceId);
    return board(scenario, instanceId, games, ctx.clock.now().getTime(), locked, marking);
  });
};

/** GET /admin/resim/{id}/instance/{instanceId}/scoreboard */
export const instanceScoreboard = async (ctx: SpaceContext, resimId: string, instanceId: string): Promise<Scoreboard> =>
  (await scoreboardOf(ctx, await getResim(ctx, resimId), instanceId)).board;

const csvHeader = [
  'rank',
  'nickname',
  'points',
  'steps',
  'duration_seconds',
  'joined',
  'started',
  'ended',
  'end_reason',
  'result',
  'reason',
  'accommodation',
];

/**
 * The opening's runs as rows with the pass mark's result and its reasons, then every measure of
 * the scenario but points (already a column),
 * headed by its id and unit ("cost (USD)"), the diagnosis by name and the answer key's verdict on
 * it (right or wrong; empty while the run goes on or when the key names no diagnosis).
 */
const scoreboardCsv = (scenario: Scenario, board: Scoreboard, scores: ReadonlyMap<string, RunScore>): string => {
  const measures = scenario.measures.filter((measure) => measure.id !== 'points');
  return toCsv(
    [
      ...csvHeader,
      ...measures.map((measure) => {
        const unit = measureUnitName(measure.type, { currency: scenario.currency, timeUnit: measure.timeUnit });
        return unit ? `${measure.id} (${unit})` : measure.id;
      }),
      'diagnosis',
      'answer_key',
    ],
    board.learners.map((learner) => {
      const score = scores.get(learner.gameId);
      const { diagnosis, answerKey } = runDiagnosis(scenario, score ?? null, learner.endedAt !== null);
      return [
        learner.rank,
        learner.nickname,
        learner.points,
        learner.eventCount,
        learner.durationMs === null ? null : Math.round(learner.durationMs / 1000),
        learner.joined,
        learner.startedAt,
        learner.endedAt,
        learner.endReason,
        learner.verdict === null ? null : learner.verdict.passed ? 'passed' : 'failed',
        learner.verdict?.reasons.join('; ') ?? null,
        learner.accommodation,
        ...measures.map((measure) => score?.measures[measure.id] ?? null),
        diagnosis.join('; '),
        answerKey,
      ];
    }),
  );
};

/**
 * GET /admin/resim/{id}/instance/{instanceId}/scoreboard?output=csv: every run of the opening,
 * removed ones marked, saved under the scenario's name and the opening's date.
 */
export const instanceScoreboardCsv = async (
  ctx: SpaceContext,
  resimId: string,
  instanceId: string,
): Promise<{ name: string; content: string }> => {
  const scenario = await getResim(ctx, resimId);
  const { board, scores } = await scoreboardOf(ctx, scenario, instanceId);
  const content = scoreboardCsv(scenario, board, scores);
  const created = scenario.instances.find((instance) => instance.id === instanceId)?.created.slice(0, 10);
  const name = scenario.resimName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'results';
  return { name: `${name}${created ? `-${created}` : ''}.csv`, content };
};

/** A view that hides names shows learners numbered in the order they joined, the same on every refresh. */
const numbered = (learners: readonly BoardLearner[]): BoardLearner[] => {
  const order = [...learners].sort((a, b) => a.joined.localeCompare(b.joined) || a.gameId.localeCompare(b.gameId));
  const numberOf = new Map(order.map((learner, index) => [learner.gameId, index + 1]));
  return learners.map((learner) => ({ ...learner, nickname: `Learner ${numberOf.get(learner.gameId)}` }));
};

/** Each measure's average over the board's learners who have a score; removed learners do not count. */
const measureAverages = (scenario: Scenario, shown: Scoreboard, scores: ReadonlyMap<string, RunScore>): PresenterView['measures'] => {
  const counted = shown.learners.flatMap((learner) => {
    const score = learner.endReason === removedReason ? undefined : scores.get(learner.gameId);
    return score ? [score] : [];
  });
  return scenario.measures.flatMap((measure) => {
    const values: number[] = [];
    for (const score of counted) {
      const value = score.measures[measure.id];
      if (value !== undefined) values.push(value);
    }
    const average = mean(values);
    return average === null
      ? []
      : [{ id: measure.id, name: measure.name, type: measure.type, timeUnit: measure.timeUnit, average, learners: values.length }];
  });
};

/**
 * GET /presenter/resim/{id}/{instance}: `current` is the opening learners join now, or the
 * latest one; shown through the saved view named by `viewId`, or the scenario's default view.
 */
export const presenterView = async (
  ctx: SpaceContext & { readonly publicUrl: string },
  resimId: string,
  instance: string,
  viewId?: string,
): Promise<PresenterView> => {
  const scenario = await getResim(ctx, resimId);
  const layout = await layoutFor(ctx.db, scenario.id, viewId);
  const instanceId = instance === 'current' ? (currentInstanceId(scenario) ?? scenario.instances.at(-1)?.id ?? null) : instance;
  if (instanceId) requireInstance(scenario, instanceId);
  const games = instanceId ? await runsOfOpening(ctx.db, resimId, instanceId) : [];
  const messages = instanceId ? await repo.findMessages(ctx.db, resimId, instanceId) : [];
  const locked = instanceId ? await repo.isLocked(ctx.db, resimId, instanceId) : false;
  const now = ctx.clock.now().getTime();
  // The room is not told who passed: the display names learners the verdict could shame.
  const { board: shown, scores } = await board(scenario, instanceId ?? '', games, now, locked, null);
  // Nor who plays with extra time: that is between the learner and their hosts.
  const learners = shown.learners.map((learner) => ({ ...learner, accommodation: null }));
  return {
    ...shown,
    learners: layout.hideNames ? numbered(learners) : learners,
    code: scenario.code || null,
    joinUrl: scenario.code ? `${ctx.publicUrl}/play/${scenario.code}` : null,
    mode: scenario.mode,
    resimStatus: scenario.resimStatus,
    phase: phaseOf(scenario),
    hideRank: scenario.settings.hideRank,
    allowAnonymous: scenario.allowAnonymous,
    allowSignin: scenario.allowSignin,
    scheduleStart: scenario.scheduleStart,
    scheduleEnd: scenario.scheduleEnd,
    // getResim above is the check controlResim and sendMessage make: whoever sees the display may run it.
    canControl: true,
    messages: messages.map(toSessionMessage),
    measures: measureAverages(scenario, shown, scores),
    currency: scenario.currency,
    layout,
  };
};

/** GET /admin/resim/{id}/dashboard: each opening counted by the database, shared by the consoles reading it at the same moment. */
export const resimDashboard = async (ctx: SpaceContext, resimId: string): Promise<Dashboard> => {
  const scenario = await getResim(ctx, resimId);
  const counts = await readShared(ctx.db, scenario.id, 'dashboard', () => repo.countOpenings(ctx.db, resimId));
  const byInstance = new Map(counts.map((row) => [row.instance_id, row]));
  const instances = [];
  for (const instance of [...scenario.instances].reverse()) {
    const row = byInstance.get(instance.id);
    const revision = instance.revision ?? null;
    instances.push({
      id: instance.id,
      created: instance.created,
      players: row?.players ?? 0,
      playing: row?.playing ?? 0,
      finished: row?.finished ?? 0,
      averagePoints: row?.average_points ?? null,
      revision,
      mostPoints: revision === null ? null : await mostPointsAt(ctx.db, scenario, revision),
    });
  }
  return {
    resimId,
    resimStatus: scenario.resimStatus,
    phase: phaseOf(scenario),
    code: scenario.code || null,
    currentInstanceId: currentInstanceId(scenario),
    instances,
    testRuns: counts.reduce((sum, row) => sum + row.test_runs, 0),
  };
};
