import type { GameScore, GameSnapshot, JoinInfo, JoinResult, LearnerScenario, PreviewRun, SessionMessage } from '@resim/contracts';
import {
  RunStatus,
  allowanceSummary,
  matchesUserRestriction,
  runReadingOf,
  resolveTextSet,
  runView,
  settleRun,
  startRun,
  type LearnerEvent,
  type RunScore,
  type RunState,
  type RunView,
  type Scenario,
} from '@resim/domain';
import type { LiveBus } from '../../adapters/live/live-bus';
import type { Database } from '../../db/database';
import type { GameRow } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound, unauthenticated } from '../../errors/app-error';
import type { Principal } from '../../identity/principal';
import type { Clock } from '../../lib/clock';
import { newId, randomSecret, sha256 } from '../../lib/ids';
import { normaliseJoinCode } from '../../lib/join-code';
import { getResim } from '../resims/resims.service';
import { getAccessibleSpace, type SpaceContext } from '../spaces/spaces.service';
import { feedbackShown, scoreOf, stateOf, toGameScore, toSessionMessage } from './game-records';
import { openingScores, placeInOpening } from './session-ranking';
import { verdictOfRun } from './verdicts';
import { keepsakesOf } from './learner-keepsakes';
import { currentInstanceId, isPreviewInstance, phaseOf, phaseOfGame, previewInstanceId, testInstanceId } from './phase';
import * as repo from './runs.repository';
import { loadRunnableScenario } from './scenario-cache';
import { forgetShared } from './shared-reads';
import { refuseOutsideSchedule, scheduleOf } from './schedule-rules';
import { closedMessage, recordEvent, refuseStep, releasedRun } from './steps';
import { findAllocationsOfEmail, isAllocated } from '../learners/learners.repository';
import { accommodationOf, allowanceOf } from '../accommodations/learner-accommodations';

export type PlayContext = {
  readonly db: Database;
  readonly clock: Clock;
  readonly live: LiveBus;
  /** a signed-in learner, or null */
  readonly principal: Principal | null;
  /** the token an anonymous learner resumes with, or null */
  readonly runToken: string | null;
  /** whether this process may take another learner (DESIGN 6 back-pressure); full, joins are refused for a while */
  readonly capacity?: { readonly full: () => boolean };
  /** throws when a new anonymous run would pass the joins a minute allows (from the address, of the code) */
  readonly admitJoin?: () => Promise<void>;
};

/** A join code that leads to no scenario: the routes count these against the address. */
export class UnknownJoinCode extends AppError {}

const scenarioByCode = async (db: Database, code: string): Promise<Scenario> => {
  const scenario = await loadRunnableScenario(db, { code: normaliseJoinCode(code) });
  if (!scenario) throw new UnknownJoinCode('not_found', `No scenario has the code ${normaliseJoinCode(code)}; check it and try again`);
  return scenario;
};

export const scenarioOfGame = async (db: Database, game: GameRow): Promise<Scenario> => {
  const scenario = await loadRunnableScenario(db, { id: game.resim_id });
  if (!scenario) throw notFound('Run');
  return scenario;
};

const settingsByScenario = new WeakMap<Scenario, GameSnapshot['settings']>();

/**
 * What the player is told of the scenario's settings: the same over the socket as over HTTP, where
 * the schema keeps only these. Made once per scenario version, so that every snapshot of a run
 * shares it.
 */
const settingsOf = (scenario: Scenario): GameSnapshot['settings'] => {
  let settings = settingsByScenario.get(scenario);
  if (!settings) {
    const { hideRank, hideTime, allowApp, allowBrowser } = scenario.settings;
    settings = Object.freeze({ hideRank, hideTime, allowApp, allowBrowser });
    settingsByScenario.set(scenario, settings);
  }
  return settings;
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
 * Whether the opening a learner would join is locked against them: a learner already in it (by
 * account or by the run token this browser holds) comes back in whatever the lock says.
 */
const lockedAgainst = async (ctx: PlayContext, scenario: Scenario, test: boolean): Promise<boolean> => {
  const instanceId = test ? testInstanceId : currentInstanceId(scenario);
  if (instanceId === null || !(await repo.isLocked(ctx.db, scenario.id, instanceId))) return false;
  if (ctx.principal) return (await repo.findLearnerGame(ctx.db, scenario.id, instanceId, ctx.principal.userId)) === undefined;
  if (ctx.runToken) return (await repo.findGameByToken(ctx.db, scenario.id, instanceId, sha256(ctx.runToken))) === undefined;
  return true;
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
    locked: await lockedAgainst(ctx, scenario, test),
    allowAnonymous: scenario.allowAnonymous,
    allowSignin: scenario.allowSignin,
    settings: settingsOf(scenario),
    schedule: scheduleOf(scenario, ctx.clock.now()),
  };
};

const ownsGame = (ctx: PlayContext, game: GameRow): boolean =>
  (ctx.runToken !== null && game.run_token_hash !== null && sha256(ctx.runToken) === game.run_token_hash) ||
  (ctx.principal !== null && game.user_id === ctx.principal.userId);

/** A run its learner asks for; another learner's run does not exist for them. */
export const ownGame = async (ctx: PlayContext, gameId: string): Promise<GameRow> => {
  const game = await repo.findGame(ctx.db, gameId);
  if (!game || !ownsGame(ctx, game)) {
    if (!ctx.principal && !ctx.runToken) throw unauthenticated('Join the scenario again to continue your run');
    throw notFound('Run');
  }
  return game;
};

/** A run's place among its opening's ranked runs: its score and rank, and how many are ranked. */
export type RankedRun = { readonly score: RunScore; readonly rank: number; readonly of: number };

/**
 * A run as the player shows it, from its state brought up to `now` (null in the lobby) and what
 * was read for it (messages, and once it ended its place in the opening's ranking).
 */
export const buildSnapshot = (
  scenario: Scenario,
  game: GameRow,
  state: RunState | null,
  now: number,
  read: {
    readonly messages: readonly SessionMessage[];
    readonly ranking: ReadonlyMap<string, RankedRun> | null;
    /** views already made at `now`, by state: runs that share a state (a lobby just started) share their view */
    readonly views?: Map<RunState, RunView>;
    /** the run's view as last made, whose unchanged parts the new one reuses */
    readonly previous?: RunView | null;
  },
): GameSnapshot => {
  let view: RunView | null = null;
  if (state) {
    view = read.views?.get(state) ?? runView(scenario, state, now, read.previous ?? undefined);
    read.views?.set(state, view);
  }
  let score: GameSnapshot['score'] = null;
  const mine = state?.ended ? read.ranking?.get(game.id) : undefined;
  if (mine) {
    const rank = scenario.settings.hideRank ? null : mine.rank;
    score = toGameScore(game, mine.score, rank, mine.of, feedbackShown(scenario, game, false));
  }
  return {
    gameId: game.id,
    resimId: scenario.id,
    resimName: scenario.resimName,
    description: scenario.description,
    nickname: game.nickname,
    mode: scenario.mode,
    hosted: runReadingOf(scenario.mode) === 'live' && game.test !== 1 && !isPreviewInstance(game.instance_id),
    resimStatus: scenario.resimStatus,
    phase: phaseOfGame(scenario, game),
    eventCount: game.event_count,
    startedAt: game.started_at,
    serverTime: now,
    // The view is only read from here on: serialised to the learner.
    view: view as GameSnapshot['view'],
    text: state ? null : resolveTextSet(scenario),
    messages: read.messages as SessionMessage[],
    settings: settingsOf(scenario),
    nextResimCode: scenario.nextResimCode,
    score,
    endReason: game.end_reason,
    allowance: allowanceSummary(scenario, state?.allowance),
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
  const score = state?.ended ? scoreOf(scenario, game, now) : null;
  return buildSnapshot(scenario, game, state, now, {
    messages: (await repo.findMessages(db, scenario.id, game.instance_id)).map(toSessionMessage),
    ranking: score ? await placeInOpening(db, scenario, game, score, now) : null,
  });
};

const who = (principal: Principal) => principal.name ?? principal.email.split('@')[0] ?? principal.email;

/** Retried after this long by a client turned away because the server is full. */
export const retryAfterFullSeconds = 30;

/**
 * Joins a scenario by its code: anonymously with a nickname when it allows, or signed in when it
 * allows and the learner's email matches its restriction patterns. Joining again resumes the
 * same run: a signed-in learner by their account, an anonymous one by their run token. Every
 * read is by index, so a join costs the same in a session of ten learners or ten thousand.
 */
export const join = async (ctx: PlayContext, code: string, nickname: string | undefined): Promise<JoinResult> => {
  const scenario = await scenarioByCode(ctx.db, code);
  const test = scenario.resimStatus === 4;
  if (test && !(await isAuthor(ctx, scenario))) throw conflict(`${scenario.resimName} is being tested by its authors; try again later`);
  const phase = phaseOf(scenario, test);
  const instanceId = currentInstanceId(scenario);
  if (phase === 'closed' || !instanceId) throw conflict(closedMessage(scenario));
  const now = ctx.clock.now();
  // A signed-in learner's accommodation: their run's time allowance, and a window that may close later for them.
  const accommodation = ctx.principal && !test ? await accommodationOf(ctx.db, scenario.group, ctx.principal.email) : null;
  if (!test) refuseOutsideSchedule(scenario, now, accommodation?.windowMinutes);
  const resumed = (game: GameRow, runToken: string | null) =>
    snapshotOf(ctx.db, scenario, game, now.getTime()).then((snapshot) => ({ gameId: game.id, runToken, snapshot }));

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
    if (existing) return resumed(existing, null);
  } else {
    if (ctx.runToken) {
      const own = await repo.findGameByToken(ctx.db, scenario.id, instanceId, sha256(ctx.runToken));
      if (own) return resumed(own, ctx.runToken);
    }
    if (!scenario.allowAnonymous) throw forbidden(`Sign in to join ${scenario.resimName}`);
    if (!nickname) throw badRequest('nickname: give a nickname to join without signing in');
  }
  if (ctx.capacity?.full())
    throw new AppError('unavailable', `This server is taking no more learners for now; try again in ${retryAfterFullSeconds} seconds`, {
      retryAfterSeconds: retryAfterFullSeconds,
    });
  if (!ctx.principal) await ctx.admitJoin?.();
  const gameInstanceId = test ? testInstanceId : instanceId;
  if (await repo.isLocked(ctx.db, scenario.id, gameInstanceId))
    throw conflict(`The lobby of ${scenario.resimName} is locked: nobody new may join; ask your presenter to let you in`);

  const runToken = ctx.principal ? null : randomSecret();
  const started = phase === 'open';
  const name = ctx.principal ? (nickname ?? who(ctx.principal)) : nickname!;
  const game: GameRow = {
    id: newId(),
    resim_id: scenario.id,
    instance_id: gameInstanceId,
    user_id: ctx.principal?.userId ?? null,
    nickname: name,
    // The room tells learners apart by nickname, so two of them may not share one: the run claims
    // its nickname in the opening, and the unique index says whether someone has it already.
    nickname_key: name.toLocaleLowerCase(),
    email: ctx.principal?.email ?? null,
    run_token_hash: runToken ? sha256(runToken) : null,
    test: test ? 1 : 0,
    state: started ? JSON.stringify(startRun(scenario, now.getTime(), allowanceOf(accommodation))) : null,
    event_count: 0,
    points: null,
    score: null,
    created_at: now.toISOString(),
    started_at: started ? now.toISOString() : null,
    ended_at: null,
    end_reason: null,
    updated_at: now.toISOString(),
  };
  if (!(await repo.insertGameIfFree(ctx.db, game))) {
    // The same learner joining twice at once: the first run wins and the second resumes it.
    const existing = ctx.principal ? await repo.findLearnerGame(ctx.db, scenario.id, gameInstanceId, ctx.principal.userId) : undefined;
    if (existing) return resumed(existing, null);
    if (nickname || !ctx.principal) throw conflict(`The nickname ${name} is taken in this session; choose another`);
    // A signed-in learner who chose no nickname goes by their name, which two people may share.
    const unclaimed = { ...game, nickname_key: null };
    if (!(await repo.insertGameIfFree(ctx.db, unclaimed))) {
      const raced = await repo.findLearnerGame(ctx.db, scenario.id, gameInstanceId, ctx.principal.userId);
      if (raced) return resumed(raced, null);
      throw conflict('Joining failed because of another join at the same moment; try again');
    }
  }
  // The console hears that someone joined.
  forgetShared(ctx.db, scenario.id);
  await ctx.live.publish({ kind: 'games', resimId: scenario.id, gameIds: [game.id] });
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
    nickname_key: null,
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

/** A learner's step over HTTP: run tests, confirm diagnoses, take the hint or end the run. */
export const submitEvent = async (ctx: PlayContext, gameId: string, event: LearnerEvent): Promise<GameSnapshot> => {
  const found = await ownGame(ctx, gameId);
  const scenario = await scenarioOfGame(ctx.db, found);
  const now = ctx.clock.now();
  await refuseStep(ctx.db, scenario, found, now);
  const outcome = await recordEvent(
    ctx.db,
    scenario,
    await releasedRun(ctx.db, scenario, found, now),
    { ...event, at: now.getTime() },
    now,
  );
  if (!outcome.ok) throw outcome.error;
  forgetShared(ctx.db, scenario.id);
  await ctx.live.publish({ kind: 'games', resimId: scenario.id, gameIds: [found.id] });
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
      endedAt: game?.ended_at ?? null,
      points: game?.ended_at != null ? game.points : null,
      ...(await keepsakesOf(ctx.db, scenario, game, now.getTime())),
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
  const score = scoreOf(scenario, game, now);
  const mine = score ? (await placeInOpening(ctx.db, scenario, game, score, now)).get(game.id) : undefined;
  const of = mine?.of ?? (await openingScores(ctx.db, scenario, game.instance_id, now)).size;
  if (!score) return toGameScore(game, emptyScore, null, of, false);
  const rank = mine && (author || !scenario.settings.hideRank) ? mine.rank : null;
  const verdict = await verdictOfRun(ctx.db, scenario, game, score, now);
  return toGameScore(game, score, rank, of, feedbackShown(scenario, game, author), verdict);
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
