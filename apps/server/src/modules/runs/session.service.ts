import type { SessionMessage } from '@resim/contracts';
import { RunStatus, runScore, startRun, type Scenario } from '@resim/domain';
import type { LiveBus } from '../../adapters/live/live-bus';
import { conflict } from '../../errors/app-error';
import { newId } from '../../lib/ids';
import { getResim } from '../resims/resims.service';
import type { SpaceContext } from '../spaces/spaces.service';
import { stateOf, toSessionMessage } from './game-records';
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
    const waiting = (await repo.findGamesOfInstance(ctx.db, scenario.id, instanceId)).filter((game) => game.started_at === null);
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
