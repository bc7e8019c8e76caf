import type { BoardLearner, LockState, SessionMessage } from '@resim/contracts';
import { RunStatus, allowanceSummary, runReadingOf, startRun, type RunState, type Scenario } from '@resim/domain';
import { sql } from 'kysely';
import type { AllowedRuns, LiveBus } from '../../adapters/live/live-bus';
import { findApplyingInLobby } from '../accommodations/accommodations.repository';
import { allowanceOf, effectiveByLearner } from '../accommodations/learner-accommodations';
import { inBatches } from '../learners/learners.repository';
import type { Database } from '../../db/database';
import type { GameRow } from '../../db/schema';
import { conflict, notFound } from '../../errors/app-error';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { inSlices, yieldToLoop } from '../../lib/slices';
import { controlResim, getResim } from '../resims/resims.service';
import type { SpaceContext } from '../spaces/spaces.service';
import { requireInstance } from './boards.service';
import * as flowCounts from '../learner-flow/flow-counts.repository';
import { countsInFlow, removedReason, stateOf, toSessionMessage } from './game-records';
import { currentInstanceId, isPreviewInstance, testInstanceId } from './phase';
import { loadRunnableScenario } from './scenario-cache';
import * as repo from './runs.repository';
import { forgetShared } from './shared-reads';
import { recordEvent, stateColumns } from './steps';
import { insertStatements } from '../learning-records/learning-records.repository';
import { statementQueueOf } from '../learning-records/statement-queue';
import { gradeQueueOf } from '../lti/grade-queue';
import { insertScore } from '../lti/lti.repository';

type Log = { warn: (details: object, message: string) => void };

/** What a session's work needs beyond the database: the clock, the live bus that tells every process, a log for what fails unseen. */
export type LiveContext = { readonly db: Database; readonly clock: Clock; readonly live: LiveBus; readonly log?: Log };

export type SessionContext = SpaceContext & LiveContext;

/** Lobby runs started by one statement: a large lobby starts in a few of them, the event loop let go between. */
const startBatch = 2000;
/** Runs ended per slice of a Stop: judged by the engine and stored together, then the event loop is let go. */
const stopBatch = 250;
/**
 * How long a Stop's request waits for its runs to end before it is answered: a class's session has
 * ended by then; a congress's goes on ending its runs, its progress pushed to the consoles.
 */
export const stopAnswerBudgetMs = 300;

const progress = (ctx: LiveContext, scenario: Scenario, task: 'start' | 'stop', done: number, total: number) =>
  ctx.live
    .publish({ kind: 'progress', resimId: scenario.id, task, done, total })
    .catch((error: unknown) => ctx.log?.warn({ err: error }, 'could not tell the consoles how a session is going'));

/**
 * Starts the lobby runs of learners with an accommodation first, with their time allowance: the
 * accommodations of the lobby's learners read in one statement, their runs written together by
 * allowance (most often a handful of statements). Answers the runs started so.
 */
const releaseAllowedRuns = async (ctx: LiveContext, scenario: Scenario, instanceId: string, now: Date): Promise<AllowedRuns[]> => {
  const accommodations = effectiveByLearner(await findApplyingInLobby(ctx.db, scenario.group, { resimId: scenario.id, instanceId }));
  const groups = new Map<string, { state: RunState; emails: string[] }>();
  for (const [email, accommodation] of accommodations) {
    const state = startRun(scenario, now.getTime(), allowanceOf(accommodation));
    if (!state.allowance) continue;
    const key = JSON.stringify(state.allowance);
    const group = groups.get(key) ?? { state, emails: [] };
    group.emails.push(email);
    groups.set(key, group);
  }
  const at = now.toISOString();
  const allowed: AllowedRuns[] = [];
  for (const { state, emails } of groups.values()) {
    const gameIds: string[] = [];
    await inBatches(emails, async (batch) => {
      const changes = { state: JSON.stringify(state), started_at: at, updated_at: at };
      gameIds.push(...(await repo.startLearnersLobbyRuns(ctx.db, { resimId: scenario.id, instanceId, emails: batch, changes })));
    });
    if (gameIds.length > 0) allowed.push({ gameIds, allowance: state.allowance! });
  }
  return allowed;
};

/**
 * Starts every run waiting in the lobby at the same moment, a few statements for the whole lobby
 * (and a few more for learners with an accommodation); the consoles hear how far it has gone.
 * Answers the runs started with an allowance.
 */
const releaseLobby = async (ctx: LiveContext, scenario: Scenario, instanceId: string, now: Date): Promise<AllowedRuns[]> => {
  const at = now.toISOString();
  const changes = { state: JSON.stringify(startRun(scenario, now.getTime())), started_at: at, updated_at: at };
  const total = await repo.countGames(ctx.db, scenario.id, instanceId, 'waiting');
  if (total === 0) return [];
  const allowed = await releaseAllowedRuns(ctx, scenario, instanceId, now);
  let done = allowed.reduce((sum, runs) => sum + runs.gameIds.length, 0);
  for (;;) {
    const started = await repo.startLobbyRuns(ctx.db, { resimId: scenario.id, instanceId, limit: startBatch, changes });
    done += started;
    if (started < startBatch) break;
    // Learners who joined meanwhile are released too, and counted.
    await progress(ctx, scenario, 'start', done, Math.max(total, done));
    await yieldToLoop();
  }
  // Done: as many as there were (fewer when learners' own first steps started some).
  await progress(ctx, scenario, 'start', done, done);
  return allowed;
};

/**
 * Ends one run at the Stop's moment (or at its last step, should one have been stored just after
 * it on another process): its 'stop' stored like a step; a run that a time limit ended before
 * keeps that ending, settled into its state. Answers whether it is ended now (false: a step came
 * first, and the run must be read again).
 */
const endRun = async (db: Database, scenario: Scenario, game: GameRow, now: Date): Promise<boolean> => {
  const state = stateOf(scenario, game, now.getTime());
  if (!state) return true;
  if (state.ended) {
    const settled = await repo.settleGame(
      db,
      { id: game.id, eventCount: game.event_count },
      stateColumns(scenario, state, now, game.started_at),
    );
    // A time limit ended it with no event of its own: its end is told to the space's LRS now.
    const queue = statementQueueOf(db);
    const statements = settled && queue ? await queue.forEnd(scenario, game, state) : [];
    if (statements.length > 0) {
      await insertStatements(db, statements);
      queue?.kick();
    }
    // And its grade to the platform that launched it, as the statements are.
    const grades = gradeQueueOf(db);
    const grade = settled && grades ? await grades.forEnd(scenario, game, state) : null;
    if (grade) {
      await insertScore(db, grade);
      grades?.kick();
    }
    return settled;
  }
  const at = Math.max(now.getTime(), state.at);
  const outcome = await recordEvent(db, scenario, game, { type: 'stop', at }, new Date(at), { state, previousStep: null });
  if (outcome.ok) return true;
  if (outcome.stale) return false;
  throw outcome.error;
};

type Stopping = { readonly work: Promise<void>; readonly spared: ReadonlySet<string> };

const stops = new WeakMap<Database, Map<string, Stopping>>();

/**
 * Ends every run still going in the opening, a slice at a time, each slice stored in one
 * transaction; the consoles hear how far it has gone, and once all have ended every process
 * gives its learners their final scores and ranks. One Stop of an opening at a time per process.
 */
export const stopSession = (
  ctx: LiveContext,
  scenario: Scenario,
  instanceId: string,
  now: Date,
  /** runs the Stop leaves going: those still within their extra time, when the host spares them */
  spared: ReadonlySet<string> = new Set(),
): Promise<void> => {
  const running = stops.get(ctx.db) ?? new Map<string, Stopping>();
  stops.set(ctx.db, running);
  const key = `${scenario.id}\u0000${instanceId}`;
  const already = running.get(key);
  // A Stop under way that spared runs this one ends: this one follows it.
  if (already && [...already.spared].some((id) => !spared.has(id)))
    return already.work.catch(() => undefined).then(() => stopSession(ctx, scenario, instanceId, now, spared));
  if (already) return already.work;
  const work = (async () => {
    // Begun in a turn of its own, not in the one of the request that asked for it.
    await yieldToLoop();
    const total = await repo.countGames(ctx.db, scenario.id, instanceId, 'running');
    let done = 0;
    for (let after = ''; ;) {
      const page = await repo.findGamesOfInstancePage(ctx.db, { resimId: scenario.id, instanceId, after, limit: stopBatch, running: true });
      if (page.length === 0) break;
      after = page.at(-1)!.id;
      let pending = spared.size > 0 ? page.filter((game) => !spared.has(game.id)) : page;
      // A run that a step changed after it was read is read again and ended as it now stands.
      while (pending.length > 0) {
        // Judging and scoring a page of runs is work enough to share the event loop: a slice at a time.
        const ending: Promise<boolean>[] = [];
        await yieldToLoop();
        await inSlices(pending, (game) => ending.push(endRun(ctx.db, scenario, game, now)));
        const ended = await Promise.all(ending);
        const again = pending.filter((_, at) => !ended[at]);
        pending = (await Promise.all(again.map((game) => repo.findGame(ctx.db, game.id)))).filter(
          (game): game is GameRow => game !== undefined && game.state !== null && game.ended_at === null,
        );
      }
      done += page.length;
      await progress(ctx, scenario, 'stop', done, Math.max(total, done));
      await yieldToLoop();
    }
    // Done: as many as there were (fewer when learners ended their own runs meanwhile).
    await progress(ctx, scenario, 'stop', done, done);
    forgetShared(ctx.db, scenario.id);
    await ctx.live.publish({ kind: 'stopped', resimId: scenario.id, instanceId });
  })().finally(() => running.delete(key));
  running.set(key, { work, spared });
  return work;
};

/** Settles once every Stop under way in this process has ended its runs (the server drains them before it stops). */
export const stopsSettled = async (db: Database): Promise<void> => {
  await Promise.allSettled([...(stops.get(db)?.values() ?? [])].map((stopping) => stopping.work));
};

/**
 * Stops that a process did not finish (it was stopped or failed on the way): every run still going
 * in a finished scenario's opening is ended as that Stop would have. Run when a process starts;
 * several processes doing it at once end each run once.
 */
export const finishInterruptedStops = async (ctx: LiveContext): Promise<void> => {
  const openings = await ctx.db
    .selectFrom('games')
    .innerJoin('resims', 'resims.id', 'games.resim_id')
    .select(['games.resim_id', 'games.instance_id', sql<string>`max(resims.updated_at)`.as('stopped_at')])
    .where('resims.status', '=', RunStatus.Finished)
    .where('games.state', 'is not', null)
    .where('games.ended_at', 'is', null)
    .where('games.instance_id', '!=', testInstanceId)
    .groupBy(['games.resim_id', 'games.instance_id'])
    .execute();
  for (const opening of openings) {
    if (isPreviewInstance(opening.instance_id)) continue;
    const scenario = await loadRunnableScenario(ctx.db, { id: opening.resim_id });
    if (!scenario || currentInstanceId(scenario) !== opening.instance_id) continue;
    // The scenario was last changed by the Stop itself: its runs end at that moment.
    const stoppedAt = new Date(Math.min(ctx.clock.now().getTime(), new Date(opening.stopped_at).getTime()));
    await stopSession(ctx, scenario, opening.instance_id, stoppedAt);
  }
};

/**
 * What a new run status means for the learners of the session: starting releases everyone in
 * the lobby at once (their runs start at the same moment), stopping or closing ends every run
 * still going. Every process is told at once and tells its learners; a Stop's request is
 * answered once its runs have ended or `stopAnswerBudgetMs` has passed, whichever is first.
 */
export const applyStatus = async (ctx: SessionContext, scenario: Scenario): Promise<void> => {
  const instanceId = currentInstanceId(scenario);
  const now = ctx.clock.now();
  const allowed = instanceId && scenario.resimStatus === RunStatus.Running ? await releaseLobby(ctx, scenario, instanceId, now) : [];
  forgetShared(ctx.db, scenario.id);
  await ctx.live.publish({
    kind: 'status',
    resimId: scenario.id,
    status: scenario.resimStatus,
    at: now.getTime(),
    ...(allowed.length > 0 ? { allowed } : {}),
  });
  if (instanceId && scenario.resimStatus === RunStatus.Finished) {
    const stopping = stopSession(ctx, scenario, instanceId, now);
    stopping.catch((error: unknown) =>
      ctx.log?.warn({ err: error }, 'a Stop failed before ending every run; it is taken up again when the server restarts'),
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      stopping.catch(() => undefined),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, stopAnswerBudgetMs))),
    ]);
    clearTimeout(timer);
  }
};

/** Learners named in a refusal at most. */
const namedAtMost = 10;

/**
 * The runs of an opening still within their extra time at `now`: played with an allowance, not
 * ended, and untimed or with a clock the allowance moved that has time left. Only runs whose
 * stored state has an allowance are read and judged.
 */
const runsWithinExtraTime = async (db: Database, scenario: Scenario, instanceId: string, now: Date): Promise<GameRow[]> =>
  (await repo.findAllowedRunningGames(db, scenario.id, instanceId)).filter((game) => {
    const state = stateOf(scenario, game, now.getTime());
    const summary = state && !state.ended ? allowanceSummary(scenario, state.allowance) : null;
    return summary !== null && (summary.untimed || summary.extraSeconds !== null);
  });

const extraTimeRefusal = (runs: readonly GameRow[]): string => {
  const names = runs
    .map((game) => game.nickname)
    .toSorted((a, b) => a.localeCompare(b))
    .slice(0, namedAtMost);
  const more = runs.length > namedAtMost ? ` and ${runs.length - namedAtMost} more` : '';
  const who = runs.length === 1 ? '1 learner with extra time is' : `${runs.length} learners with extra time are`;
  return (
    `${who} still within their time: ${names.join(', ')}${more}. ` +
    'Stop again with accommodated=spare to let them finish, or accommodated=end to end their runs too.'
  );
};

/**
 * A Stop that spares the runs still within their extra time: every other run ends as a Stop ends
 * it, while the session stays running for the spared ones, its lobby locked so that nobody new
 * joins. The opening is remembered as spared: the next Stop ends every run.
 */
const spareStop = async (ctx: SessionContext, scenario: Scenario, instanceId: string, spared: readonly GameRow[]) => {
  const now = ctx.clock.now();
  const at = now.toISOString();
  await repo.setLocked(ctx.db, { resim_id: scenario.id, instance_id: instanceId, locked_at: at }, true);
  await repo.markSpared(ctx.db, { resim_id: scenario.id, instance_id: instanceId, spared_at: at });
  const stopping = stopSession(ctx, scenario, instanceId, now, new Set(spared.map((game) => game.id)));
  stopping.catch((error: unknown) =>
    ctx.log?.warn({ err: error }, 'a Stop that spared the runs with extra time failed before ending the others'),
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([stopping.catch(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, stopAnswerBudgetMs)))]);
  clearTimeout(timer);
};

/**
 * POST /admin/control/{id}/{status}: changes the run status and applies it to the session. A Stop
 * of a live session while learners with extra time are still within their time is refused, naming
 * them, unless `accommodated` says what to do with their runs: `end` ends them with the others,
 * `spare` ends the others and leaves them to finish. After a Stop that spared them, a Stop ends all.
 */
export const controlSession = async (
  ctx: SessionContext,
  resimId: string,
  status: number,
  accommodated?: 'spare' | 'end',
): Promise<Scenario> => {
  if (status === RunStatus.Finished && accommodated !== 'end') {
    const scenario = await getResim(ctx, resimId);
    const instanceId = currentInstanceId(scenario);
    if (
      instanceId &&
      scenario.resimStatus === RunStatus.Running &&
      runReadingOf(scenario.mode) === 'live' &&
      !(await repo.isSpared(ctx.db, scenario.id, instanceId))
    ) {
      const within = await runsWithinExtraTime(ctx.db, scenario, instanceId, ctx.clock.now());
      if (within.length > 0 && accommodated === undefined) throw conflict(extraTimeRefusal(within));
      if (within.length > 0) {
        await spareStop(ctx, scenario, instanceId, within);
        return getResim(ctx, resimId);
      }
    }
  }
  const changed = await controlResim(ctx, resimId, status);
  await applyStatus(ctx, changed);
  return changed;
};

const messageStatuses: readonly number[] = [RunStatus.Waiting, RunStatus.Running, RunStatus.TestMode];

/** POST /admin/control/{id}/message: reaches every learner of the session at once; sending it again (the same id) is safe. */
export const sendMessage = async (
  ctx: SessionContext,
  resimId: string,
  body: { id: string; title: string; message: string },
): Promise<SessionMessage> => {
  const scenario = await getResim(ctx, resimId);
  const instanceId = currentInstanceId(scenario);
  if (!instanceId || !messageStatuses.includes(scenario.resimStatus)) {
    throw conflict(`${scenario.resimName} has no session under way; open the lobby or start it first`);
  }
  const row = {
    id: newId(),
    resim_id: scenario.id,
    instance_id: instanceId,
    message_id: body.id,
    title: body.title,
    message: body.message,
    created_at: ctx.clock.now().toISOString(),
  };
  // Sent again with the same id (its answer lost), the message is not stored twice but pushed again: learners take it once.
  const stored = await repo.insertMessageOnce(ctx.db, row);
  if (stored.title !== row.title || stored.message !== row.message) {
    throw conflict(`A message with the id ${body.id} was already sent to this session with other words; send it with a new id`);
  }
  const message = toSessionMessage(stored);
  await ctx.live.publish({ kind: 'message', resimId: scenario.id, instanceId, message });
  return message;
};

/**
 * POST /admin/resim/{id}/instance/{instanceId}/games/{gameId}/remove: takes a learner out of the
 * opening. A run under way is stopped first, so its steps and score stay as they were; the run
 * then ends as 'removed' and its learner's player says so.
 */
export const removeLearner = async (
  ctx: SessionContext,
  resimId: string,
  instanceId: string,
  gameId: string,
): Promise<Pick<BoardLearner, 'gameId' | 'nickname' | 'endedAt' | 'endReason'>> => {
  const scenario = await getResim(ctx, resimId);
  requireInstance(scenario, instanceId);
  const game = await repo.findGame(ctx.db, gameId);
  if (!game || game.resim_id !== scenario.id || game.instance_id !== instanceId) throw notFound('Run');
  const now = ctx.clock.now();
  let endedAt = game.ended_at;
  if (game.end_reason !== removedReason) {
    if (game.state && !game.ended_at) {
      const outcome = await recordEvent(ctx.db, scenario, game, { type: 'stop', at: now.getTime() }, now);
      // A time limit may have ended the run already; then it is settled and removed as it stands.
      if (!outcome.ok && outcome.error.details?.reason !== 'ended') throw outcome.error;
    }
    endedAt = endedAt ?? now.toISOString();
    // The removed learner's steps leave the learners' flow with them.
    await repo.removeGame(ctx.db, game.id, { ended_at: endedAt, end_reason: removedReason, updated_at: now.toISOString() }, (trx) =>
      countsInFlow(game) ? flowCounts.withdrawRun(trx, game) : Promise.resolve(),
    );
    forgetShared(ctx.db, scenario.id);
    await ctx.live.publish({ kind: 'games', resimId: scenario.id, gameIds: [game.id] });
  }
  return { gameId: game.id, nickname: game.nickname, endedAt, endReason: removedReason };
};

/** PUT /admin/resim/{id}/instance/{instanceId}/lock: a locked lobby turns away anyone not in it yet. */
export const lockOpening = async (ctx: SpaceContext, resimId: string, instanceId: string, locked: boolean): Promise<LockState> => {
  const scenario = await getResim(ctx, resimId);
  requireInstance(scenario, instanceId);
  await repo.setLocked(ctx.db, { resim_id: scenario.id, instance_id: instanceId, locked_at: ctx.clock.now().toISOString() }, locked);
  forgetShared(ctx.db, scenario.id);
  return { resimId: scenario.id, instanceId, locked };
};
