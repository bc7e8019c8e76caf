import { setImmediate as turn } from 'node:timers/promises';
import type { Config } from '../../config/config';
import type { Database } from '../../db/database';
import type { GameRow } from '../../db/schema';
import { conflict } from '../../errors/app-error';
import { scenarioAsPlayed } from '../resim-history/revision-figures';
import { sendTemplatedEmails } from '../email-templates/send-templated-email';
import type { EmailSender } from '../outbox/email-queue';
import { findSpaceById } from '../spaces/spaces.repository';
import type { SpaceContext } from '../spaces/spaces.service';
import { hostRun } from '../runs/records.service';
import { endedRunsOfOpening, reportOf, type ReportFile } from './run-reports.service';

export type ReportEmailContext = SpaceContext & {
  readonly email: EmailSender;
  readonly config: Pick<Config, 'productName' | 'publicUrl'>;
};

/** Reports made and queued together: one transaction each, so that what is acknowledged is stored. */
const batchSize = 25;

/** Bound values per query, well under SQLite's and PostgreSQL's limits. */
const idBatch = 500;

/**
 * Where each run's learner is written to: their account's address as it is now, else the one the
 * run was started with (a learning platform's); runs of anonymous learners have none.
 */
const learnerAddresses = async (db: Database, games: readonly GameRow[]): Promise<Map<string, string>> => {
  const userIds = [...new Set(games.flatMap((game) => game.user_id ?? []))];
  const accounts = new Map<string, string>();
  for (let start = 0; start < userIds.length; start += idBatch) {
    const users = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('id', 'in', userIds.slice(start, start + idBatch))
      .execute();
    for (const user of users) accounts.set(user.id, user.email);
  }
  const addresses = new Map<string, string>();
  for (const game of games) {
    const address = (game.user_id === null ? undefined : accounts.get(game.user_id)) ?? game.email;
    if (address) addresses.set(game.id, address);
  }
  return addresses;
};

/** Of these runs, those whose report has been emailed to their learner already. */
const emailedAlready = async (db: Database, gameIds: readonly string[]): Promise<Set<string>> => {
  const emailed = new Set<string>();
  for (let start = 0; start < gameIds.length; start += idBatch) {
    const rows = await db
      .selectFrom('report_emails')
      .select('game_id')
      .where('game_id', 'in', gameIds.slice(start, start + idBatch))
      .execute();
    for (const row of rows) emailed.add(row.game_id);
  }
  return emailed;
};

const endedText = (at: string): string =>
  `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(at))} UTC`;

const resultText = (passed: boolean | null): string => (passed === null ? '' : passed ? 'Passed' : 'Not passed');

/** One learner's email of the run-report template, their report attached. */
const recipient = (
  ctx: ReportEmailContext,
  common: { scenarioName: string; spaceName: string },
  to: string,
  game: GameRow,
  report: ReportFile,
) => ({
  to,
  data: {
    ...common,
    endedAt: endedText(game.ended_at!),
    result: resultText(report.passed),
    senderEmail: ctx.principal.email,
    signInUrl: `${ctx.config.publicUrl}/play`,
  },
  attachments: [{ filename: report.name, contentType: 'application/pdf', content: report.pdf }],
});

const spaceNameOf = async (db: Database, spaceId: string): Promise<string> => (await findSpaceById(db, spaceId))?.description ?? '';

/**
 * Queues the reports' emails and notes each run as emailed, in one transaction: a failure part of
 * the way leaves every report either queued and noted, or neither, so that sending again sends
 * exactly the rest.
 */
const queueReports = async (
  ctx: ReportEmailContext,
  spaceId: string,
  reports: readonly { gameId: string; email: ReturnType<typeof recipient> }[],
) => {
  await ctx.db.transaction().execute(async (trx) => {
    const messageIds = await sendTemplatedEmails(
      { ...ctx, db: trx },
      { templateName: 'run-report', senderId: ctx.principal.userId, spaceId, recipients: reports.map((report) => report.email) },
    );
    const queuedAt = ctx.clock.now().toISOString();
    await trx
      .insertInto('report_emails')
      .values(reports.map((report, at) => ({ game_id: report.gameId, message_id: messageIds[at]!, queued_at: queuedAt })))
      .onConflict((conflict) =>
        conflict
          .column('game_id')
          .doUpdateSet((update) => ({ message_id: update.ref('excluded.message_id'), queued_at: update.ref('excluded.queued_at') })),
      )
      .execute();
  });
  // The delivery worker is woken once the messages are committed, not while they are being written.
  ctx.email.kick();
};

/**
 * POST /admin/resim/{id}/games/{gameId}/report/email: the run's report emailed to its learner,
 * through the sender's version of the run-report template.
 */
export const emailRunReport = async (ctx: ReportEmailContext, resimId: string, gameId: string): Promise<{ queued: number }> => {
  const { scenario, game } = await hostRun(ctx, resimId, gameId);
  if (game.ended_at === null) throw conflict(`${game.nickname}’s run has not ended: its report can be emailed once it has`);
  const to = (await learnerAddresses(ctx.db, [game])).get(game.id);
  if (to === undefined)
    throw conflict(
      `${game.nickname} has no email address: learners who join with a nickname, without signing in, have none; download the report and hand it to them instead`,
    );
  const played = await scenarioAsPlayed(ctx.db, scenario, game.instance_id);
  const report = await reportOf(ctx.db, played, game, ctx.clock.now());
  const common = { scenarioName: played.resimName, spaceName: await spaceNameOf(ctx.db, scenario.group) };
  // Asked for one run, the report goes whether or not it went before: a learner may have lost it.
  await queueReports(ctx, scenario.group, [{ gameId: game.id, email: recipient(ctx, common, to, game, report) }]);
  return { queued: 1 };
};

/**
 * POST /admin/resim/{id}/instance/{instanceId}/reports/email: the report of every ended run of
 * the opening (Test Mode apart) emailed to its learner, for each learner with an address whose
 * report has not been emailed yet; those without one are counted as skipped, those emailed before
 * as already emailed. Reports are made and queued a batch at a time, the event loop let go between
 * reports, so that a large opening holds no other request up; a failure part of the way keeps the
 * batches queued before it, and sending again sends the rest.
 */
export const emailOpeningReports = async (
  ctx: ReportEmailContext,
  resimId: string,
  instanceId: string,
): Promise<{ queued: number; skipped: number; alreadyEmailed: number }> => {
  const { scenario, played, games, ranks, now } = await endedRunsOfOpening(ctx, resimId, instanceId);
  const addresses = await learnerAddresses(ctx.db, games);
  const addressed = games.filter((game) => addresses.has(game.id));
  const emailed = await emailedAlready(
    ctx.db,
    addressed.map((game) => game.id),
  );
  const pending = addressed.filter((game) => !emailed.has(game.id));
  const common = { scenarioName: played.resimName, spaceName: await spaceNameOf(ctx.db, scenario.group) };
  for (let start = 0; start < pending.length; start += batchSize) {
    const reports: { gameId: string; email: ReturnType<typeof recipient> }[] = [];
    for (const game of pending.slice(start, start + batchSize)) {
      const report = await reportOf(ctx.db, played, game, now, ranks);
      reports.push({ gameId: game.id, email: recipient(ctx, common, addresses.get(game.id)!, game, report) });
      await turn();
    }
    await queueReports(ctx, scenario.group, reports);
  }
  return { queued: pending.length, skipped: games.length - addressed.length, alreadyEmailed: emailed.size };
};
