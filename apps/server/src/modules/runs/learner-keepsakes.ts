import type { Scenario } from '@resim/domain';
import type { Database } from '../../db/database';
import type { GameRow } from '../../db/schema';
import { feedbackShown, scoreOf } from './game-records';
import { verdictOfRun } from './verdicts';

export type Keepsakes = { readonly reportReady: boolean; readonly certificateReady: boolean };

const none: Keepsakes = { reportReady: false, certificateReady: false };

/**
 * What a learner may download of their run from their home, by the rules of the downloads
 * themselves: the report once the session shows them how they did, and the certificate of a run
 * that passed, unless its space's owner revoked it.
 */
export const keepsakesOf = async (db: Database, scenario: Scenario, game: GameRow | undefined, now: number): Promise<Keepsakes> => {
  if (!game || game.ended_at === null || !feedbackShown(scenario, game, false)) return none;
  const verdict = await verdictOfRun(db, scenario, game, scoreOf(scenario, game, now), now);
  if (!verdict?.passed) return { reportReady: true, certificateReady: false };
  const revoked = await db
    .selectFrom('certificates')
    .select('revoked_at')
    .where('game_id', '=', game.id)
    .where('revoked_at', 'is not', null)
    .executeTakeFirst();
  return { reportReady: true, certificateReady: revoked === undefined };
};
