import { rankScores, type Scenario } from '@resim/domain';
import type { Database } from '../../db/database';
import type { GameRow } from '../../db/schema';
import { inSlices, yieldToLoop } from '../../lib/slices';
import { scoredGame, type ScoredGame } from './game-records';
import type { RankedRun } from './play.service';
import * as repo from './runs.repository';

/** Runs of an opening read in one go: on SQLite, 1,000 held the event loop for 10–17 ms. */
const pageSize = 250;

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
  const games = new Map<string, GameRow>();
  for (let after = ''; ;) {
    const page = await repo.findGamesOfInstancePage(db, { resimId: scenario.id, instanceId, after, limit: pageSize });
    for (const game of page) games.set(game.id, game);
    if (page.length < pageSize) break;
    after = page.at(-1)!.id;
    await yieldToLoop();
  }
  const scored: ScoredGame[] = [];
  await inSlices(games.values(), (game) => {
    const entry = scoredGame(scenario, game, now);
    if (entry) scored.push(entry);
  });
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
