import { RunStatus, startRun, type Scenario } from '@resim/domain';
import type { GameSnapshot } from '@resim/contracts';
import type { LiveBus } from '../../adapters/live/live-bus';
import type { Database } from '../../db/database';
import type { GameRow } from '../../db/schema';
import { AppError, conflict } from '../../errors/app-error';
import type { Clock } from '../../lib/clock';
import { newId, randomSecret, sha256 } from '../../lib/ids';
import { currentInstanceId, phaseOf } from './phase';
import { retryAfterFullSeconds, snapshotOf } from './play.service';
import * as repo from './runs.repository';
import { refuseOutsideSchedule } from './schedule-rules';
import { accommodationOf, allowanceOf } from '../accommodations/learner-accommodations';
import { forgetShared } from './shared-reads';
import { closedMessage } from './steps';

export type LaunchContext = {
  readonly db: Database;
  readonly clock: Clock;
  readonly live: LiveBus;
  readonly capacity?: { readonly full: () => boolean };
};

/** A learner a learning platform sends: who launched them (a SCORM package, an LTI registration) and who they are there. */
export type ExternalLearner = {
  readonly source: 'scorm' | 'lti';
  /** the package or registration that launched them */
  readonly sourceId: string;
  /** the platform's id of the learner, stable across launches */
  readonly learnerRef: string;
  /** the name the room and the results show */
  readonly name: string;
  readonly email: string | null;
};

export type ExternalLaunch = {
  readonly gameId: string;
  readonly runToken: string;
  readonly snapshot: GameSnapshot;
  readonly resumed: boolean;
};

const nameOf = (learner: ExternalLearner): string => {
  const name = learner.name.trim().slice(0, 60);
  return name === '' ? `Learner ${learner.learnerRef.slice(0, 12)}` : name;
};

const findLaunched = (db: Database, resimId: string, instanceId: string, learner: ExternalLearner): Promise<GameRow | undefined> =>
  db
    .selectFrom('external_runs')
    .innerJoin('games', 'games.id', 'external_runs.game_id')
    .selectAll('games')
    .where('external_runs.resim_id', '=', resimId)
    .where('external_runs.instance_id', '=', instanceId)
    .where('external_runs.source', '=', learner.source)
    .where('external_runs.source_id', '=', learner.sourceId)
    .where('external_runs.learner_ref', '=', learner.learnerRef)
    .executeTakeFirst();

/**
 * A learner sent by a learning platform joins the scenario's current opening, or resumes the run
 * they started there. No account and no nickname to choose: the platform vouches for them, so the
 * run claims no nickname in the room (two learners may share a name there) and is handed a fresh
 * run token at every launch, the one the platform's window plays with.
 */
export const launchExternalRun = async (ctx: LaunchContext, scenario: Scenario, learner: ExternalLearner): Promise<ExternalLaunch> => {
  if (scenario.resimStatus === RunStatus.TestMode) throw conflict(`${scenario.resimName} is being tested by its authors; try again later`);
  const phase = phaseOf(scenario);
  const instanceId = currentInstanceId(scenario);
  if (phase === 'closed' || !instanceId) throw conflict(closedMessage(scenario));
  const now = ctx.clock.now();
  // The platform names its learner by email: their accommodation in the space applies as it would signed in.
  const accommodation = await accommodationOf(ctx.db, scenario.group, learner.email);
  refuseOutsideSchedule(scenario, now, accommodation?.windowMinutes);

  const runToken = randomSecret();
  const tokenHash = sha256(runToken);
  const found = await findLaunched(ctx.db, scenario.id, instanceId, learner);
  if (found) {
    await ctx.db.updateTable('games').set({ run_token_hash: tokenHash }).where('id', '=', found.id).execute();
    const game = { ...found, run_token_hash: tokenHash };
    return { gameId: game.id, runToken, snapshot: await snapshotOf(ctx.db, scenario, game, now.getTime()), resumed: true };
  }

  if (ctx.capacity?.full())
    throw new AppError('unavailable', `This server is taking no more learners for now; try again in ${retryAfterFullSeconds} seconds`, {
      retryAfterSeconds: retryAfterFullSeconds,
    });
  if (await repo.isLocked(ctx.db, scenario.id, instanceId))
    throw conflict(`The lobby of ${scenario.resimName} is locked: nobody new may join; ask your presenter to let you in`);

  const started = phase === 'open';
  const game: GameRow = {
    id: newId(),
    resim_id: scenario.id,
    instance_id: instanceId,
    user_id: null,
    nickname: nameOf(learner),
    nickname_key: null,
    email: learner.email,
    run_token_hash: tokenHash,
    test: 0,
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
  const claimed = await ctx.db
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto('games').values(game).execute();
      await trx
        .insertInto('external_runs')
        .values({
          game_id: game.id,
          resim_id: scenario.id,
          instance_id: instanceId,
          source: learner.source,
          source_id: learner.sourceId,
          learner_ref: learner.learnerRef,
          created_at: game.created_at,
        })
        .execute();
      return true;
    })
    .catch(async (error: unknown) => {
      // Two launches of one learner at the same moment: the first run wins and the second resumes it.
      if (await findLaunched(ctx.db, scenario.id, instanceId, learner)) return false;
      throw error;
    });
  if (!claimed) return launchExternalRun(ctx, scenario, learner);
  forgetShared(ctx.db, scenario.id);
  await ctx.live.publish({ kind: 'games', resimId: scenario.id, gameIds: [game.id] });
  return { gameId: game.id, runToken, snapshot: await snapshotOf(ctx.db, scenario, game, now.getTime()), resumed: false };
};

/** Where a run came from when a learning platform launched it, for the console's run view: the platform's name or the package's version. */
export const launchedByOf = async (db: Database, gameId: string) => {
  const row = await db
    .selectFrom('external_runs as r')
    .leftJoin('scorm_packages as p', (join) => join.onRef('p.id', '=', 'r.source_id').on('r.source', '=', 'scorm'))
    .leftJoin('lti_platforms as l', (join) => join.onRef('l.id', '=', 'r.source_id').on('r.source', '=', 'lti'))
    .select(['r.source', 'r.learner_ref', 'p.version', 'l.name'])
    .where('r.game_id', '=', gameId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.source === 'scorm') return { source: 'scorm' as const, name: `SCORM ${row.version ?? ''} package`, learnerRef: row.learner_ref };
  if (row.source === 'lti') return { source: 'lti' as const, name: row.name ?? 'a removed platform', learnerRef: row.learner_ref };
  return null;
};
