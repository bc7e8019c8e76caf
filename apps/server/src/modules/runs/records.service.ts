import type { AuditPage, GameScore, GameSummary, ResimScore, RunDetail } from '@resim/contracts';
import {
  applyEvent,
  rankRuns,
  runView,
  startRun,
  type RunEvent,
  type RunScore,
  type RunState,
  type RunView,
  type Scenario,
} from '@resim/domain';
import type { Database } from '../../db/database';
import type { GameRow } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors/app-error';
import { readJson } from '../../lib/json';
import { scenarioAsPlayed } from '../resim-history/revision-figures';
import { getResim } from '../resims/resims.service';
import type { SpaceContext } from '../spaces/spaces.service';
import { inSlices } from '../../lib/slices';
import {
  feedbackShown,
  removedReason,
  runAccommodation,
  scoreOf,
  stateOf,
  toGameScore,
  toGameSummary,
  type ScoredGame,
} from './game-records';
import { runsOfScenario, scoresOfRuns } from './opening-runs';
import { isPreviewInstance } from './phase';
import * as repo from './runs.repository';
import { launchedByOf } from './external-launch';
import { readShared } from './shared-reads';
import { rankingOfInstance } from './session-ranking';
import { loadRunnableScenario } from './scenario-cache';
import { requireInstance } from './boards.service';
import { markingsOf, verdictOf, verdictOfRun } from './verdicts';

/**
 * Each opening's ranked runs, by opening id, from scores already made: test runs and removed
 * learners do not rank. Equal runs keep the order of `games`.
 */
const rankedByOpening = (scenario: Scenario, games: readonly GameRow[], scores: ReadonlyMap<string, RunScore | null>) => {
  const openings = new Map<string, ScoredGame[]>();
  for (const game of games) {
    const score = scores.get(game.id);
    if (!score || game.test || game.end_reason === removedReason) continue;
    let entries = openings.get(game.instance_id);
    if (!entries) openings.set(game.instance_id, (entries = []));
    entries.push({ game, score });
  }
  return new Map([...openings].map(([instanceId, entries]) => [instanceId, rankRuns(scenario, entries)] as const));
};

const ranksOf = (rankings: ReturnType<typeof rankedByOpening>): Map<string, number> => {
  const ranks = new Map<string, number>();
  for (const ranked of rankings.values()) for (const entry of ranked) ranks.set(entry.game.id, entry.rank);
  return ranks;
};

/** The revision each opening ran, by opening id. */
const openingRevisions = (scenario: Scenario): Map<string, number> =>
  new Map(scenario.instances.flatMap((instance) => (instance.revision === undefined ? [] : [[instance.id, instance.revision] as const])));

/**
 * GET /admin/resim/{id}/games: every run of the scenario, newest first, ranked within its instance.
 * Read a page and scored a slice at a time, each run once: a scenario of thousands of runs holds
 * no other request up for long.
 */
export const listGames = async (ctx: SpaceContext, resimId: string): Promise<GameSummary[]> => {
  const scenario = await getResim(ctx, resimId);
  return readShared(ctx.db, scenario.id, 'games', async () => {
    const now = ctx.clock.now().getTime();
    const games = await runsOfScenario(ctx.db, resimId);
    const scores = await scoresOfRuns(scenario, games, now);
    const ranks = ranksOf(rankedByOpening(scenario, games, scores));
    const revisions = openingRevisions(scenario);
    const markings = await markingsOf(ctx.db, scenario, [...new Set(games.map((game) => game.instance_id))]);
    const summaries: GameSummary[] = [];
    await inSlices(games, (game) => {
      const score = scores.get(game.id) ?? null;
      const verdict = verdictOf(scenario, markings.get(game.instance_id), game, score, now);
      summaries.push(toGameSummary(game, score, ranks.get(game.id) ?? null, revisions.get(game.instance_id) ?? null, verdict));
    });
    return summaries;
  });
};

const cursorVersion = 1;

/** The cursor is opaque to callers: the last step's place, so that the next page starts after it. */
const encodeCursor = (position: repo.AuditPosition): string =>
  Buffer.from(JSON.stringify([cursorVersion, position.at, position.gameId, position.seq])).toString('base64url');

const decodeCursor = (cursor: string): repo.AuditPosition => {
  const refused = badRequest('cursor: not one this server gave; pass the nextCursor of the previous page, or none for the first');
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refused;
  }
  if (!Array.isArray(decoded) || decoded.length !== 4) throw refused;
  const [version, at, gameId, seq] = decoded as unknown[];
  if (version !== cursorVersion || typeof at !== 'string' || typeof gameId !== 'string' || !Number.isInteger(seq)) throw refused;
  return { at, gameId, seq: seq as number };
};

/**
 * GET /admin/resim/{id}/audit: the learner events of the scenario, or of one opening, oldest
 * first, a page at a time; each page names the cursor of the next until the trail ends.
 */
export const listAudit = async (
  ctx: SpaceContext,
  resimId: string,
  query: { instance?: string; cursor?: string; limit: number },
): Promise<AuditPage> => {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const scenario = await getResim(ctx, resimId);
  if (query.instance !== undefined) requireInstance(scenario, query.instance);
  const rows = await repo.findEventsOfResim(ctx.db, { resimId, instanceId: query.instance, after, limit: query.limit + 1 });
  // One step more than asked says whether another page follows.
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({
      gameId: row.game_id,
      nickname: row.nickname,
      seq: row.seq,
      type: row.type,
      detail: readJson<Record<string, unknown>>(row.payload, {}),
      at: row.at,
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.at, gameId: last.game_id, seq: last.seq }) : null,
    total: await repo.countEventsOfResim(ctx.db, resimId, query.instance),
  };
};

const mean = (values: readonly number[]): number | null =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * GET /resim/{id}/score: the ranking of the scenario's latest instance and the caller's own runs.
 * Authors see it whole; a learner who played sees it unless the scenario hides the rank.
 */
export const resimScore = async (ctx: SpaceContext, resimId: string): Promise<ResimScore> => {
  const now = ctx.clock.now().getTime();
  let scenario: Scenario;
  let author = true;
  try {
    scenario = await getResim(ctx, resimId);
  } catch (error) {
    const played = (await repo.findGamesOfUser(ctx.db, ctx.principal.userId)).some(
      (game) => game.resim_id === resimId && !isPreviewInstance(game.instance_id),
    );
    if (!(error instanceof AppError && error.code === 'not_found') || !played) throw error;
    const found = await loadRunnableScenario(ctx.db, { id: resimId });
    if (!found) throw notFound('Scenario');
    scenario = found;
    author = false;
  }
  // Read once the caller may see them.
  const all = await runsOfScenario(ctx.db, resimId);
  const mine = all.filter((game) => game.user_id === ctx.principal.userId);
  const latest = scenario.instances.at(-1)?.id;
  // Only the latest opening's runs and the caller's openings' are scored, each once.
  const concerned = new Set([...(latest ? [latest] : []), ...mine.map((game) => game.instance_id)]);
  const scores = await scoresOfRuns(
    scenario,
    all.filter((game) => concerned.has(game.instance_id)),
    now,
  );
  const rankings = rankedByOpening(scenario, all, scores);
  const ranked = (latest ? rankings.get(latest) : undefined) ?? [];
  const learners = all.filter((game) => !game.test);
  const finished = ranked.filter((entry) => entry.game.ended_at !== null);
  const showRanking = author || !scenario.settings.hideRank;
  const ranks = ranksOf(rankings);
  const markings = await markingsOf(
    ctx.db,
    scenario,
    mine.map((game) => game.instance_id),
  );
  return {
    resimId,
    players: learners.length,
    finished: learners.filter((game) => game.ended_at !== null).length,
    averagePoints: mean(finished.flatMap((entry) => (entry.score.points === null ? [] : [entry.score.points]))),
    ranking: showRanking ? ranked.map((entry) => ({ rank: entry.rank, nickname: entry.game.nickname, points: entry.score.points })) : [],
    mine: mine.flatMap((game): GameScore[] => {
      const score = scores.get(game.id) ?? null;
      const of = all.filter((other) => other.instance_id === game.instance_id && !other.test).length;
      const rank = showRanking ? (ranks.get(game.id) ?? null) : null;
      const verdict = verdictOf(scenario, markings.get(game.instance_id), game, score, now);
      return score ? [toGameScore(game, score, rank, of, feedbackShown(scenario, game, author), verdict)] : [];
    }),
  };
};

const factsOf = (view: RunView | null) => (view?.facts ?? []).map((fact) => ({ id: fact.id, name: fact.name, text: fact.text }));
const measuresOf = (view: RunView | null) =>
  (view?.measures ?? []).map((measure) => ({ id: measure.id, name: measure.name, value: measure.value }));

/** A run of a scenario for its hosts, refused as not found when it is of another. */
export const hostRun = async (ctx: SpaceContext, resimId: string, gameId: string): Promise<{ scenario: Scenario; game: GameRow }> => {
  const scenario = await getResim(ctx, resimId);
  const game = await repo.findGame(ctx.db, gameId);
  if (!game || game.resim_id !== scenario.id) throw notFound('Run');
  return { scenario, game };
};

/**
 * GET /admin/resim/{id}/games/{gameId}: one run with every step, replayed through the engine from
 * its start so that each step shows the facts it revealed and the measures just after it.
 */
export const runDetail = async (ctx: SpaceContext, resimId: string, gameId: string): Promise<RunDetail> => {
  const { scenario, game } = await hostRun(ctx, resimId, gameId);
  const record = await runRecord(ctx.db, await scenarioAsPlayed(ctx.db, scenario, game.instance_id), game, ctx.clock.now().getTime());
  // Its hosts see the allowance it was played with; a learner's own report does not say it.
  return { ...record, accommodation: runAccommodation(game) };
};

/**
 * An opening's runs and where each ranks, by run id: read a page at a time and scored a slice at a
 * time, as the Stop ranks them (rankingOfInstance). The reports of an opening of thousands, or of
 * one of its runs, need its whole ranking, and read and scored at once it held every other request
 * up for as long as that took.
 */
export const openingRanking = async (
  db: Database,
  scenario: Scenario,
  instanceId: string,
  now: number,
): Promise<{ games: GameRow[]; ranks: Map<string, number> }> => {
  const { games, ranking } = await rankingOfInstance(db, scenario, instanceId, now);
  const ranks = new Map<string, number>();
  for (const [gameId, ranked] of ranking) ranks.set(gameId, ranked.rank);
  return { games: [...games.values()], ranks };
};

/** One run with every step replayed, whoever may read it (its host, or its learner for their report). */
export const runRecord = async (
  db: Database,
  scenario: Scenario,
  game: GameRow,
  now: number,
  ranks?: ReadonlyMap<string, number>,
): Promise<RunDetail> => {
  const events = await repo.findEventsOfGame(db, game.id);
  ranks ??= (await openingRanking(db, scenario, game.instance_id, now)).ranks;
  const stored = readJson<RunState | null>(game.state, null);
  // Replayed with the allowance the run was played with, so that its clocks end where they did.
  let state = stored ? startRun(scenario, stored.startedAt, stored.allowance) : null;
  const steps = events.map((row) => {
    const at = Date.parse(row.at);
    const detail = readJson<Record<string, unknown>>(row.payload, {});
    const keyOf = (fact: RunView['facts'][number]) => `${fact.source}:${fact.id}`;
    const before = new Set((state ? runView(scenario, state, at).facts : []).map(keyOf));
    if (state) {
      const result = applyEvent(scenario, state, { ...detail, type: row.type, at } as RunEvent);
      // A step the engine refuses now (the scenario changed since) is listed with nothing revealed.
      if (result.ok) state = result.state;
    }
    const view = state && runView(scenario, state, at);
    const revealed = (view?.facts ?? []).filter((fact) => !before.has(keyOf(fact)));
    return {
      seq: row.seq,
      type: row.type,
      at: row.at,
      detail,
      facts: revealed.map((fact) => ({ id: fact.id, name: fact.name, text: fact.text })),
      measures: measuresOf(view),
    };
  });
  const current = stateOf(scenario, game, now);
  const view = current && runView(scenario, current, now);
  const score = scoreOf(scenario, game, now);
  const verdict = await verdictOfRun(db, scenario, game, score, now);
  return {
    run: toGameSummary(game, score, ranks.get(game.id) ?? null, openingRevisions(scenario).get(game.instance_id) ?? null, verdict),
    steps,
    facts: factsOf(view),
    measures: measuresOf(view),
    launchedBy: await launchedByOf(db, game.id),
  };
};
