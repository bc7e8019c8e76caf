import type { GameScore, GameSnapshot, JoinInfo, JoinResult, LearnerScenario, PlaySchedule, PreviewRun } from '@resim/contracts';
import {
  applyEvent,
  flowStepOf,
  RunStatus,
  matchesUserRestriction,
  resolveTextSet,
  runScore,
  runView,
  schedulePhase,
  settleRun,
  startRun,
  type LearnerEvent,
  type RunErrorCode,
  type RunEvent,
  type RunScore,
  type RunState,
  type Scenario,
} from '@resim/domain';
import type { LiveBus } from '../../adapters/live/live-bus';
import type { Database } from '../../db/database';
import type { GameRow, SessionMessageRow } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound, unauthenticated } from '../../errors/app-error';
import type { Principal } from '../../identity/principal';
import type { Clock } from '../../lib/clock';
import { newId, randomSecret, sha256 } from '../../lib/ids';
import { normaliseJoinCode } from '../../lib/join-code';
import { getResim } from '../resims/resims.service';
import { getAccessibleSpace, type SpaceContext } from '../spaces/spaces.service';
import * as flowCounts from '../learner-flow/flow-counts.repository';
import { countsInFlow, feedbackShown, rankInstance, removedReason, scoreOf, stateOf, toGameScore, toSessionMessage } from './game-records';
import { currentInstanceId, isPreviewInstance, phaseOf, phaseOfGame, previewInstanceId, testInstanceId } from './phase';
import * as repo from './runs.repository';
import { loadRunnableScenario } from './scenario-cache';
import { findAllocationsOfEmail, isAllocated } from '../learners/learners.repository';

export type PlayContext = {
  readonly db: Database;
  readonly clock: Clock;
  readonly live: LiveBus;
  /** a signed-in learner, or null */
  readonly principal: Principal | null;
  /** the token an anonymous learner resumes with, or null */
  readonly runToken: string | null;
};

const scenarioByCode = async (db: Database, code: string): Promise<Scenario> => {
  const scenario = await loadRunnableScenario(db, { code: normaliseJoinCode(code) });
  if (!scenario) throw new AppError('not_found', `No scenario has the code ${normaliseJoinCode(code)}; check it and try again`);
  return scenario;
};

const scenarioOfGame = async (db: Database, game: GameRow): Promise<Scenario> => {
  const scenario = await loadRunnableScenario(db, { id: game.resim_id });
  if (!scenario) throw notFound('Run');
  return scenario;
};

const settingsOf = (scenario: Scenario) => ({ ...scenario.settings });

const scheduleOf = (scenario: Scenario, now: Date): PlaySchedule => ({
  opens: scenario.scheduleStart,
  closes: scenario.scheduleEnd,
  phase: schedulePhase(scenario, now),
});

// The server does not know the learner's time zone: the message names the time in UTC, the
// player shows it in the learner's own.
const utcTime = (value: string): string => `${new Date(value).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** SPEC 3 schedule: learners play between scheduleStart and scheduleEnd; authors test at any time. */
const refuseOutsideSchedule = (scenario: Scenario, now: Date): void => {
  const phase = schedulePhase(scenario, now);
  if (phase === 'before' && scenario.scheduleStart) throw conflict(`This simulation opens at ${utcTime(scenario.scheduleStart)}`);
  if (phase === 'after' && scenario.scheduleEnd) throw conflict(`This simulation closed at ${utcTime(scenario.scheduleEnd)}`);
};

/** A member of the scenario's space, who may play it in Test Mode. */
const isAuthor = async (ctx: PlayContext, scenario: Scenario): Promise<boolean> => {
  if (!ctx.principal) return false;
  try {
    await getAccessibleSpace({ db: ctx.db, clock: ctx.clock, principal: ctx.principal }, scenario.group);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return false;
    throw error;
  }
};

/**
 * SPEC 7 / DESIGN 6: what a learner sees of a scenario before joining it. Its authors, signed
 * in, see a scenario in Test Mode open, as joining lets them play it.
 */
export const joinInfo = async (ctx: PlayContext, code: string): Promise<JoinInfo> => {
  const scenario = await scenarioByCode(ctx.db, code);
  const test = scenario.resimStatus === RunStatus.TestMode && (await isAuthor(ctx, scenario));
  return {
    code: scenario.code,
    resimId: scenario.id,
    resimName: scenario.resimName,
    description: scenario.description,
    mode: scenario.mode,
    resimStatus: scenario.resimStatus,
    phase: phaseOf(scenario, test),
    allowAnonymous: scenario.allowAnonymous,
    allowSignin: scenario.allowSignin,
    settings: settingsOf(scenario),
    schedule: scheduleOf(scenario, ctx.clock.now()),
  };
};

const closedMessage = (scenario: Scenario): string =>
  scenario.resimStatus === 3
    ? `${scenario.resimName} has finished`
    : `${scenario.resimName} is not open yet; ask your presenter when it starts`;

const ownsGame = (ctx: PlayContext, game: GameRow): boolean =>
  (ctx.runToken !== null && game.run_token_hash !== null && sha256(ctx.runToken) === game.run_token_hash) ||
  (ctx.principal !== null && game.user_id === ctx.principal.userId);

/** A run its learner asks for; another learner's run does not exist for them. */
const ownGame = async (ctx: PlayContext, gameId: string): Promise<GameRow> => {
  const game = await repo.findGame(ctx.db, gameId);
  if (!game || !ownsGame(ctx, game)) {
    if (!ctx.principal && !ctx.runToken) throw unauthenticated('Join the scenario again to continue your run');
    throw notFound('Run');
  }
  return game;
};

/**
 * A run as the player shows it, from its state brought up to `now` (null in the lobby) and what
 * was read for it (messages, the instance's runs once ended).
 */
export const buildSnapshot = (
  scenario: Scenario,
  game: GameRow,
  state: RunState | null,
  now: number,
  read: { readonly messages: readonly SessionMessageRow[]; readonly instanceGames: readonly GameRow[] | null },
): GameSnapshot => {
  let score: GameSnapshot['score'] = null;
  if (state?.ended && read.instanceGames) {
    const ranked = rankInstance(scenario, read.instanceGames, now);
    const mine = ranked.find((entry) => entry.game.id === game.id);
    if (mine) {
      const rank = scenario.settings.hideRank ? null : mine.rank;
      score = toGameScore(game, mine.score, rank, ranked.length, feedbackShown(scenario, game, false));
    }
  }
  return {
    gameId: game.id,
    resimId: scenario.id,
    resimName: scenario.resimName,
    nickname: game.nickname,
    mode: scenario.mode,
    resimStatus: scenario.resimStatus,
    phase: phaseOfGame(scenario, game),
    eventCount: game.event_count,
    startedAt: game.started_at,
    serverTime: now,
    // The view is only read from here on: serialised to the learner.
    view: state ? (runView(scenario, state, now) as GameSnapshot['view']) : null,
    text: state ? null : resolveTextSet(scenario),
    messages: read.messages.map(toSessionMessage),
    settings: settingsOf(scenario),
    nextResimCode: scenario.nextResimCode,
    score,
    endReason: game.end_reason,
  };
};

/** A run's snapshot; `state` when the caller holds it already, so that the stored one is not read again. */
export const snapshotOf = async (
  db: Database,
  scenario: Scenario,
  game: GameRow,
  now: number,
  state: RunState | null = stateOf(scenario, game, now),
): Promise<GameSnapshot> => {
  const ended = game.ended_at !== null || state?.ended;
  return buildSnapshot(scenario, game, state, now, {
    messages: await repo.findMessages(db, scenario.id, game.instance_id),
    instanceGames: ended ? await repo.findGamesOfInstance(db, scenario.id, game.instance_id) : null,
  });
};

const who = (principal: Principal) => principal.name ?? principal.email.split('@')[0] ?? principal.email;

/**
 * Joins a scenario by its code: anonymously with a nickname when it allows, or signed in when it
 * allows and the learner's email matches its restriction patterns. Joining again resumes the
 * same run: a signed-in learner by their account, an anonymous one by their run token.
 */
export const join = async (ctx: PlayContext, code: string, nickname: string | undefined): Promise<JoinResult> => {
  const scenario = await scenarioByCode(ctx.db, code);
  const test = scenario.resimStatus === 4;
  if (test && !(await isAuthor(ctx, scenario))) throw conflict(`${scenario.resimName} is being tested by its authors; try again later`);
  const phase = phaseOf(scenario, test);
  const instanceId = currentInstanceId(scenario);
  if (phase === 'closed' || !instanceId) throw conflict(closedMessage(scenario));
  const now = ctx.clock.now();
  if (!test) refuseOutsideSchedule(scenario, now);

  if (ctx.principal) {
    if (!scenario.allowSignin && !test)
      throw forbidden(`${scenario.resimName} is played anonymously: join with a nickname, without signing in`);
    // A learner the scenario was given to may join it whatever the patterns say.
    if (
      !test &&
      !matchesUserRestriction(ctx.principal.email, scenario.userRestriction.pattern) &&
      !(await isAllocated(ctx.db, ctx.principal.email, scenario.id))
    ) {
      throw forbidden(
        `Your account (${ctx.principal.email}) is not allowed to join ${scenario.resimName}; ask your presenter to invite it`,
      );
    }
    const existing = await repo.findLearnerGame(ctx.db, scenario.id, instanceId, ctx.principal.userId);
    if (existing) return { gameId: existing.id, runToken: null, snapshot: await snapshotOf(ctx.db, scenario, existing, now.getTime()) };
  } else {
    if (ctx.runToken) {
      const resumed = (await repo.findGamesOfInstance(ctx.db, scenario.id, instanceId)).find((game) => ownsGame(ctx, game));
      if (resumed)
        return { gameId: resumed.id, runToken: ctx.runToken, snapshot: await snapshotOf(ctx.db, scenario, resumed, now.getTime()) };
    }
    if (!scenario.allowAnonymous) throw forbidden(`Sign in to join ${scenario.resimName}`);
    if (!nickname) throw badRequest('nickname: give a nickname to join without signing in');
  }
  const gameInstanceId = test ? testInstanceId : instanceId;
  if (await repo.isLocked(ctx.db, scenario.id, gameInstanceId))
    throw conflict(`The lobby of ${scenario.resimName} is locked: nobody new may join; ask your presenter to let you in`);
  // The room tells learners apart by nickname, so two of them may not share one.
  if (nickname) {
    const wanted = nickname.toLocaleLowerCase();
    const others = await repo.findGamesOfInstance(ctx.db, scenario.id, gameInstanceId);
    if (others.some((game) => game.nickname.toLocaleLowerCase() === wanted))
      throw conflict(`The nickname ${nickname} is taken in this session; choose another`);
  }

  const runToken = ctx.principal ? null : randomSecret();
  const started = phase === 'open';
  const game: GameRow = {
    id: newId(),
    resim_id: scenario.id,
    instance_id: gameInstanceId,
    user_id: ctx.principal?.userId ?? null,
    nickname: ctx.principal ? (nickname ?? who(ctx.principal)) : nickname!,
    email: ctx.principal?.email ?? null,
    run_token_hash: runToken ? sha256(runToken) : null,
    test: test ? 1 : 0,
    state: started ? JSON.stringify(startRun(scenario, now.getTime())) : null,
    event_count: 0,
    points: null,
    score: null,
    created_at: now.toISOString(),
    started_at: started ? now.toISOString() : null,
    ended_at: null,
    end_reason: null,
    updated_at: now.toISOString(),
  };
  try {
    await repo.insertGame(ctx.db, game);
  } catch (error) {
    // The same learner joining twice at once: the first run wins and the second resumes it.
    const existing = ctx.principal ? await repo.findLearnerGame(ctx.db, scenario.id, instanceId, ctx.principal.userId) : undefined;
    if (!existing) throw error;
    return { gameId: existing.id, runToken: null, snapshot: await snapshotOf(ctx.db, scenario, existing, now.getTime()) };
  }
  // The console hears that someone joined.
  await ctx.live.publish({ kind: 'game', resimId: scenario.id, gameId: game.id });
  return { gameId: game.id, runToken, snapshot: await snapshotOf(ctx.db, scenario, game, now.getTime()) };
};

/**
 * POST /admin/resim/{id}/preview: a fresh run of the scenario as it is saved, for the author to
 * play as a learner whatever its status; their earlier preview gives way to it.
 */
export const startPreview = async (ctx: SpaceContext, resimId: string): Promise<PreviewRun> => {
  const scenario = await getResim(ctx, resimId);
  const instanceId = previewInstanceId(scenario.id);
  const earlier = await repo.findLearnerGame(ctx.db, scenario.id, instanceId, ctx.principal.userId);
  if (earlier) await repo.deleteGame(ctx.db, earlier.id);
  const now = ctx.clock.now().toISOString();
  const game: GameRow = {
    id: newId(),
    resim_id: scenario.id,
    instance_id: instanceId,
    user_id: ctx.principal.userId,
    nickname: who(ctx.principal),
    email: ctx.principal.email,
    run_token_hash: null,
    test: 1,
    state: JSON.stringify(startRun(scenario, ctx.clock.now().getTime())),
    event_count: 0,
    points: null,
    score: null,
    created_at: now,
    started_at: now,
    ended_at: null,
    end_reason: null,
    updated_at: now,
  };
  await repo.insertGame(ctx.db, game);
  return { gameId: game.id, path: `/play/preview/${encodeURIComponent(scenario.id)}/${encodeURIComponent(game.id)}` };
};

export const gameSnapshot = async (ctx: PlayContext, gameId: string): Promise<GameSnapshot> => {
  const game = await ownGame(ctx, gameId);
  return snapshotOf(ctx.db, await scenarioOfGame(ctx.db, game), game, ctx.clock.now().getTime());
};

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

/** The columns a run's state decides. */
export const stateColumns = (scenario: Scenario, state: RunState, score: () => unknown, now: Date): Partial<GameRow> => ({
  state: JSON.stringify(state),
  ended_at: state.ended ? new Date(state.ended.at).toISOString() : null,
  end_reason: state.ended?.reason ?? null,
  ...(state.ended ? { score: JSON.stringify(score()) } : {}),
  updated_at: now.toISOString(),
});

/**
 * Applies a run's next event, judged by the engine: stored with the audit trail and the new
 * state in one transaction, or refused with the reason and nothing stored.
 */
export const recordEvent = async (
  db: Database,
  scenario: Scenario,
  game: GameRow,
  event: RunEvent,
  scoreOf: (state: RunState) => unknown,
  now: Date,
): Promise<{ ok: true; game: GameRow; state: RunState } | { ok: false; error: AppError }> => {
  const stored = stateOf(scenario, game, event.at);
  if (!stored) return { ok: false, error: conflict('The run has not started yet; wait for your presenter') };
  const result = applyEvent(scenario, stored, event);
  if (!result.ok)
    return { ok: false, error: new AppError(refusalCode[result.error.code], result.error.message, { reason: result.error.code }) };
  const step = countsInFlow(game) ? flowStepOf(event) : null;
  const changes = {
    ...stateColumns(scenario, result.state, () => scoreOf(result.state), now),
    points: result.state.measures.points ?? null,
    started_at: game.started_at,
  };
  const saved = await repo.appendEvent(db, {
    game,
    event: {
      game_id: game.id,
      seq: game.event_count + 1,
      type: event.type,
      payload: payloadOf(event),
      at: new Date(event.at).toISOString(),
    },
    changes,
    ...(step ? { alongside: (trx: Database) => flowCounts.addStep(trx, game, step) } : {}),
  });
  if (!saved) return { ok: false, error: conflict('Another step of this run was taken at the same moment; try again') };
  return { ok: true, game: { ...game, ...changes, event_count: game.event_count + 1 }, state: result.state };
};

/**
 * A lobby run whose session has just started but that the start has not reached yet (the status
 * is set first, then the lobby released): it starts now, so the learner's first step counts.
 */
const releasedRun = (scenario: Scenario, game: GameRow, now: Date): GameRow => ({
  ...game,
  state: JSON.stringify(startRun(scenario, now.getTime())),
  started_at: now.toISOString(),
});

export const removedMessage = 'Your presenter removed you from this session';

/** A learner's step: run tests, confirm diagnoses, take the hint or end the run. */
export const submitEvent = async (ctx: PlayContext, gameId: string, event: LearnerEvent, source?: string): Promise<GameSnapshot> => {
  const found = await ownGame(ctx, gameId);
  if (found.end_reason === removedReason) throw conflict(removedMessage);
  const scenario = await scenarioOfGame(ctx.db, found);
  const phase = phaseOfGame(scenario, found);
  if (phase === 'lobby') throw conflict('The session has not started yet; wait for your presenter');
  if (phase === 'closed' && !found.ended_at) throw conflict(closedMessage(scenario));
  if (!found.test && !isPreviewInstance(found.instance_id) && !found.ended_at && found.instance_id !== currentInstanceId(scenario))
    throw conflict(`This run belongs to an earlier session of ${scenario.resimName}; join again to play the current one`);
  const now = ctx.clock.now();
  if (!found.test) refuseOutsideSchedule(scenario, now);
  const game = found.state === null && phase === 'open' ? releasedRun(scenario, found, now) : found;
  const outcome = await recordEvent(
    ctx.db,
    scenario,
    game,
    { ...event, at: now.getTime() },
    (state) => runScore(scenario, state, now.getTime()),
    now,
  );
  if (!outcome.ok) throw outcome.error;
  await ctx.live.publish({ kind: 'game', resimId: scenario.id, gameId: game.id, ...(source ? { source } : {}) });
  return snapshotOf(ctx.db, scenario, outcome.game, now.getTime(), settleRun(scenario, outcome.state, now.getTime()));
};

/**
 * GET /learn/mine: a signed-in learner's scenarios, one line each: those given to their email
 * first (newest allocation first), then those they have played (newest run first).
 */
export const learnerScenarios = async (ctx: PlayContext): Promise<LearnerScenario[]> => {
  if (!ctx.principal) throw unauthenticated();
  const games = (await repo.findGamesOfUser(ctx.db, ctx.principal.userId)).filter((game) => !game.test);
  const latestGame = new Map<string, GameRow>();
  for (const game of games) if (!latestGame.has(game.resim_id)) latestGame.set(game.resim_id, game);
  const allocated = new Set((await findAllocationsOfEmail(ctx.db, ctx.principal.email)).map((row) => row.resim_id));
  const result: LearnerScenario[] = [];
  const now = ctx.clock.now();
  for (const resimId of new Set([...allocated, ...latestGame.keys()])) {
    const scenario = await loadRunnableScenario(ctx.db, { id: resimId });
    if (!scenario?.code) continue;
    const game = latestGame.get(resimId);
    result.push({
      resimId: scenario.id,
      resimName: scenario.resimName,
      code: scenario.code,
      phase: phaseOf(scenario),
      resimStatus: scenario.resimStatus,
      gameId: game?.id ?? null,
      ended: game?.ended_at != null,
      allocated: allocated.has(resimId),
      schedule: scheduleOf(scenario, now),
    });
  }
  return result;
};

/** GET /scores/{resimId}/{gameId}: a run's score, for its learner or the scenario's authors. */
export const gameScore = async (ctx: PlayContext, resimId: string, gameId: string): Promise<GameScore> => {
  const game = await repo.findGame(ctx.db, gameId);
  if (!game || game.resim_id !== resimId) throw notFound('Run');
  const scenario = await scenarioOfGame(ctx.db, game);
  const author = await isAuthor(ctx, scenario);
  if (!ownsGame(ctx, game) && !author) throw notFound('Run');
  const now = ctx.clock.now().getTime();
  const games = await repo.findGamesOfInstance(ctx.db, resimId, game.instance_id);
  const ranked = rankInstance(scenario, games, now);
  const mine = ranked.find((entry) => entry.game.id === game.id);
  const score = mine?.score ?? scoreOf(scenario, game, now);
  if (!score) return toGameScore(game, emptyScore, null, ranked.length, false);
  const rank = mine && (author || !scenario.settings.hideRank) ? mine.rank : null;
  return toGameScore(game, score, rank, ranked.length, feedbackShown(scenario, game, author));
};

/** The score of a run still in the lobby: nothing done yet. */
const emptyScore: RunScore = {
  measures: {},
  points: null,
  durationMs: 0,
  actionsRun: 0,
  conclusionsConfirmed: [],
  answers: { actionsMatched: 0, actionsExpected: 0, conclusionsMatched: 0, conclusionsExpected: 0, correct: false },
  feedback: {
    requiredActionsMissed: [],
    unnecessaryActionsRun: [],
    harmfulActionsRun: [],
    conclusionsConfirmed: [],
    correctConclusions: [],
  },
};
