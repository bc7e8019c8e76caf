import type { BoardLearner, LockState, SessionMessage } from '@resim/contracts';
import { RunStatus, runScore, startRun, type Scenario } from '@resim/domain';
import type { LiveBus } from '../../adapters/live/live-bus';
import { conflict, notFound } from '../../errors/app-error';
import { newId } from '../../lib/ids';
import { getResim } from '../resims/resims.service';
import type { SpaceContext } from '../spaces/spaces.service';
import { requireInstance } from './boards.service';
import * as flowCounts from '../learner-flow/flow-counts.repository';
import { countsInFlow, removedReason, stateOf, toSessionMessage } from './game-records';
import { currentInstanceId } from './phase';
import { recordEvent, stateColumns } from './play.service';
import * as repo from './runs.repository';

export type SessionContext = SpaceContext & { readonly live: LiveBus };

/**
 * What a new run status means for the learners of the session: starting releases everyone in
 * the lobby at once (their runs start at the same moment), stopping or closing ends every run
 * still going. Then every process is told, and pushes it to its learners.
 */
export const applyStatus = async (ctx: SessionContext, scenario: Scenario): Promise<void> => {
  const instanceId = currentInstanceId(scenario);
  const now = ctx.clock.now();
  if (instanceId && scenario.resimStatus === RunStatus.Running) {
    const waiting = (await repo.findGamesOfInstance(ctx.db, scenario.id, instanceId)).filter(
      (game) => game.started_at === null && game.ended_at === null,
    );
    const state = JSON.stringify(startRun(scenario, now.getTime()));
    await ctx.db.transaction().execute(async (trx) => {
      for (const game of waiting) {
        await repo.startGame(trx, game.id, { state, started_at: now.toISOString(), updated_at: now.toISOString() });
      }
    });
  }
  if (instanceId && scenario.resimStatus === RunStatus.Finished) {
    const going = (await repo.findGamesOfInstance(ctx.db, scenario.id, instanceId)).filter((game) => game.state && !game.ended_at);
    for (const game of going) {
      const outcome = await recordEvent(
        ctx.db,
        scenario,
        game,
        { type: 'stop', at: now.getTime() },
        (state) => runScore(scenario, state, now.getTime()),
        now,
      );
      // A run that a time limit ended before the stop keeps that ending, settled into its state.
      if (!outcome.ok && outcome.error.details?.reason === 'ended') {
        const settled = stateOf(scenario, game, now.getTime());
        if (settled)
          await repo.updateGame(
            ctx.db,
            game.id,
            stateColumns(scenario, settled, () => runScore(scenario, settled, now.getTime()), now),
          );
      }
    }
  }
  await ctx.live.publish({ kind: 'status', resimId: scenario.id, status: scenario.resimStatus });
};

const messageStatuses: readonly number[] = [RunStatus.Waiting, RunStatus.Running, RunStatus.TestMode];

/** POST /admin/control/{id}/message: reaches every learner of the session at once. */
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
  await repo.insertMessage(ctx.db, row);
  const message = toSessionMessage(row);
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
      const outcome = await recordEvent(
        ctx.db,
        scenario,
        game,
        { type: 'stop', at: now.getTime() },
        (state) => runScore(scenario, state, now.getTime()),
        now,
      );
      // A time limit may have ended the run already; then it is settled and removed as it stands.
      if (!outcome.ok && outcome.error.details?.reason !== 'ended') throw outcome.error;
    }
    endedAt = endedAt ?? now.toISOString();
    // The removed learner's steps leave the learners' flow with them.
    await repo.removeGame(ctx.db, game.id, { ended_at: endedAt, end_reason: removedReason, updated_at: now.toISOString() }, (trx) =>
      countsInFlow(game) ? flowCounts.withdrawRun(trx, game) : Promise.resolve(),
    );
    await ctx.live.publish({ kind: 'game', resimId: scenario.id, gameId: game.id });
  }
  return { gameId: game.id, nickname: game.nickname, endedAt, endReason: removedReason };
};

/** PUT /admin/resim/{id}/instance/{instanceId}/lock: a locked lobby turns away anyone not in it yet. */
export const lockOpening = async (ctx: SpaceContext, resimId: string, instanceId: string, locked: boolean): Promise<LockState> => {
  const scenario = await getResim(ctx, resimId);
  requireInstance(scenario, instanceId);
  await repo.setLocked(ctx.db, { resim_id: scenario.id, instance_id: instanceId, locked_at: ctx.clock.now().toISOString() }, locked);
  return { resimId: scenario.id, instanceId, locked };
};
