import type { RunScore, Scenario } from '@resim/domain';
import type { Database } from '../../db/database';
import type { GameRow } from '../../db/schema';
import { inSlices, yieldToLoop } from '../../lib/slices';
import { scoreOf, scoredGame, type ScoredGame } from './game-records';
import * as repo from './runs.repository';

/** Runs of an opening read in one go: on SQLite, 1,000 held the event loop for 10–17 ms. */
const pageSize = 250;

/** Before `b` when joined earlier (ids apart when at once): the order in which equal runs are listed and ranked. */
const joinedFirst = (a: GameRow, b: GameRow): number =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * Adds an opening's runs to `games`, read a page at a time: a scoreboard, a ranking or a report of
 * a session of thousands never holds the event loop for the whole opening's read.
 */
const readOpening = async (db: Database, resimId: string, instanceId: string, games: GameRow[]): Promise<void> => {
  for (let after = ''; ;) {
    const page = await repo.findGamesOfInstancePage(db, { resimId, instanceId, after, limit: pageSize });
    for (const game of page) games.push(game);
    if (page.length < pageSize) break;
    after = page.at(-1)!.id;
    await yieldToLoop();
  }
};

/** An opening's runs in the order they joined, read a page at a time. */
export const runsOfOpening = async (db: Database, resimId: string, instanceId: string): Promise<GameRow[]> => {
  const games: GameRow[] = [];
  await readOpening(db, resimId, instanceId, games);
  return games.sort(joinedFirst);
};

/** A scenario's runs, newest first, an opening and a page at a time, sorted once; authors' previews are not among them. */
export const runsOfScenario = async (db: Database, resimId: string): Promise<GameRow[]> => {
  const games: GameRow[] = [];
  for (const instanceId of await repo.findInstanceIdsOfResim(db, resimId)) await readOpening(db, resimId, instanceId, games);
  return games.sort((a, b) => joinedFirst(b, a));
};

/** The runs that rank (not test runs, not removed learners) with their scores, scored a slice at a time. */
export const scoredRuns = async (scenario: Scenario, games: Iterable<GameRow>, now: number): Promise<ScoredGame[]> => {
  const scored: ScoredGame[] = [];
  await inSlices(games, (game) => {
    const entry = scoredGame(scenario, game, now);
    if (entry) scored.push(entry);
  });
  return scored;
};

/** Every run's score (null in the lobby), by run id, scored a slice at a time. */
export const scoresOfRuns = async (scenario: Scenario, games: Iterable<GameRow>, now: number): Promise<Map<string, RunScore | null>> => {
  const scores = new Map<string, RunScore | null>();
  await inSlices(games, (game) => scores.set(game.id, scoreOf(scenario, game, now)));
  return scores;
};
