import { Zip, ZipPassThrough } from 'fflate';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { setImmediate as turn } from 'node:timers/promises';
import type { RunState, Scenario } from '@resim/domain';
import type { GameRow } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { readJson } from '../../lib/json';
import { scenarioAsPlayed } from '../resim-history/revision-figures';
import { getResim } from '../resims/resims.service';
import { feedbackShown } from '../runs/game-records';
import { ownGame, scenarioOfGame, type PlayContext } from '../runs/play.service';
import { hostRun, openingRanking, runRecord } from '../runs/records.service';
import type { SpaceContext } from '../spaces/spaces.service';
import { runReport } from './report-model';
import { reportPdf } from './report-pdf';
import { fileNamePart as namePart } from '@resim/contracts';

export type ReportFile = {
  readonly name: string;
  readonly pdf: Buffer;
  /** the pass mark's verdict on the run; null when the scenario sets none */
  readonly passed: boolean | null;
};

/** One run's report, made from the version of the scenario it was played on. */
export const reportOf = async (
  db: SpaceContext['db'],
  played: Scenario,
  game: GameRow,
  now: Date,
  ranks?: ReadonlyMap<string, number>,
): Promise<ReportFile> => {
  const detail = await runRecord(db, played, game, now.getTime(), ranks);
  const state = readJson<RunState | null>(game.state, null);
  const pdf = await reportPdf(runReport(played, detail, state), now);
  return {
    name: `${namePart(played.resimName, 'scenario')}-${namePart(game.nickname, 'learner')}-${game.id}.pdf`,
    pdf,
    passed: detail.run.verdict?.passed ?? null,
  };
};

/** Every ended run of an opening (Test Mode apart) by learner's name, with what their reports need. */
export const endedRunsOfOpening = async (
  ctx: SpaceContext,
  resimId: string,
  instanceId: string,
): Promise<{ scenario: Scenario; played: Scenario; games: GameRow[]; ranks: ReadonlyMap<string, number>; now: Date }> => {
  const scenario = await getResim(ctx, resimId);
  if (!scenario.instances.some((instance) => instance.id === instanceId))
    throw new AppError('not_found', 'The scenario has no such opening');
  const now = ctx.clock.now();
  // The runs are read once, with the ranking, a page at a time.
  const { games: all, ranks } = await openingRanking(ctx.db, scenario, instanceId, now.getTime());
  const byName = new Intl.Collator().compare;
  const games = all
    .filter((game) => game.ended_at !== null && game.test === 0)
    .sort((a, b) => byName(a.nickname, b.nickname) || byName(a.id, b.id));
  const played = await scenarioAsPlayed(ctx.db, scenario, instanceId);
  return { scenario, played, games, ranks, now };
};

/** GET /admin/resim/{id}/games/{gameId}/report: one run's report for its host. */
export const hostRunReport = async (ctx: SpaceContext, resimId: string, gameId: string): Promise<ReportFile> => {
  const { scenario, game } = await hostRun(ctx, resimId, gameId);
  return reportOf(ctx.db, await scenarioAsPlayed(ctx.db, scenario, game.instance_id), game, ctx.clock.now());
};

/**
 * GET /learn/game/{gameId}/report: the learner's own report, once their run has ended and the
 * session lets them see how they did (a live session's learners see it once the host stops it).
 */
export const learnerRunReport = async (ctx: PlayContext, gameId: string): Promise<ReportFile> => {
  const game = await ownGame(ctx, gameId);
  const scenario = await scenarioOfGame(ctx.db, game);
  if (game.ended_at === null) throw new AppError('conflict', 'Your report is ready once your run has ended');
  if (!feedbackShown(scenario, game, false)) throw new AppError('conflict', 'Your report is ready once the host ends the session');
  return reportOf(ctx.db, await scenarioAsPlayed(ctx.db, scenario, game.instance_id), game, ctx.clock.now());
};

/**
 * GET /admin/resim/{id}/instance/{instanceId}/reports: the report of every ended run of an
 * opening (Test Mode apart) in one zip, streamed as it is made; the event loop is let go between
 * reports, so a large opening holds no other request up.
 */
export const openingReports = async (ctx: SpaceContext, resimId: string, instanceId: string): Promise<{ name: string; zip: Readable }> => {
  const { played, games, ranks, now } = await endedRunsOfOpening(ctx, resimId, instanceId);
  const stream = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) stream.destroy(error);
    else {
      stream.write(chunk);
      if (final) stream.end();
    }
  });
  const write = async () => {
    for (const game of games) {
      const report = await reportOf(ctx.db, played, game, now, ranks);
      // PDF streams are compressed already: stored as they are.
      const entry = new ZipPassThrough(report.name);
      zip.add(entry);
      entry.push(report.pdf, true);
      // A client that stops reading holds the making of the rest, not the server's memory.
      if (stream.destroyed) return;
      if (stream.writableNeedDrain) await once(stream, 'drain');
      await turn();
    }
    zip.end();
  };
  write().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return { name: `${namePart(played.resimName, 'scenario')}-reports.zip`, zip: stream };
};
