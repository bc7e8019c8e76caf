import { rankAmong, rankScores, type RunScore, type Scenario } from '@resim/domain';
import type { Database } from '../../db/database';
import type { GameRow } from '../../db/schema';
import { inSlices } from '../../lib/slices';
import { removedReason } from './game-records';
import { runsOfOpening, scoredRuns } from './opening-runs';
import type { RankedRun } from './play.service';
import { readShared } from './shared-reads';

/**
 * Every run of an opening and where each ranks, read a page at a time and scored a slice at a
 * time: at the end of a session of thousands, the event loop is never held for long.
 */
export const rankingOfInstance = async (
  db: Database,
  scenario: Scenario,
  instanceId: string,
  now: number,
): Promise<{ games: Map<string, GameRow>; ranking: Map<string, RankedRun> }> => {
  const games = new Map((await runsOfOpening(db, scenario.id, instanceId)).map((game) => [game.id, game]));
  const scored = await scoredRuns(scenario, games.values(), now);
  const { ranks } = rankScores(
    scenario,
    scored.map((entry) => entry.score),
  );
  const ranking = new Map<string, RankedRun>();
  await inSlices(scored.keys(), (index) => {
    const entry = scored[index]!;
    ranking.set(entry.game.id, { score: entry.score, rank: ranks[index]!, of: scored.length });
  });
  return { games, ranking };
};

/** The scores of an opening's runs that rank, by run id, as read at most a moment before (placeInOpening). */
export const openingScores = (db: Database, scenario: Scenario, instanceId: string, now: number): Promise<Map<string, RunScore>> =>
  readShared(
    db,
    scenario.id,
    `scores:${instanceId}`,
    async () => {
      const scored = await scoredRuns(scenario, await runsOfOpening(db, scenario.id, instanceId), now);
      return new Map(scored.map((entry) => [entry.game.id, entry.score]));
    },
    { outlivesChanges: true },
  );

/**
 * Where a run ranks in its opening, for its learner when it ends: its score, fresh, placed among
 * the opening's other scores as read at most a moment before and shared by every run placed
 * meanwhile (each placed run's score goes into what is shared). Learners of a session of thousands
 * end one after another; reading and scoring every run again for each would hold the event loop
 * for as long as the opening is large, as often as its learners end. Test runs and removed learners
 * do not rank: none for them.
 */
export const placeInOpening = async (
  db: Database,
  scenario: Scenario,
  game: GameRow,
  score: RunScore,
  now: number,
): Promise<Map<string, RankedRun>> => {
  if (game.test || game.end_reason === removedReason) return new Map();
  const others = await openingScores(db, scenario, game.instance_id, now);
  others.delete(game.id);
  const rank = rankAmong(scenario, others.values(), score);
  others.set(game.id, score);
  return new Map([[game.id, { score, rank, of: others.size }]]);
};
