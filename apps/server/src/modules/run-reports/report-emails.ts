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

const templated = (ctx: ReportEmailContext, spaceId: string, recipients: ReturnType<typeof recipient>[]) =>
  sendTemplatedEmails(ctx, {
    templateName: 'run-report',
    senderId: ctx.principal.userId,
    spaceId,
    recipients,
  });

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
  await templated(ctx, scenario.group, [recipient(ctx, common, to, game, report)]);
  return { queued: 1 };
};

/**
 * POST /admin/resim/{id}/instance/{instanceId}/reports/email: the report of every ended run of
 * the opening (Test Mode apart) emailed to its learner, for each learner with an address; those
 * without one are counted as skipped. Reports are made and queued a batch at a time, the event
 * loop let go between reports, so that a large opening holds no other request up.
 */
export const emailOpeningReports = async (
  ctx: ReportEmailContext,
  resimId: string,
  instanceId: string,
): Promise<{ queued: number; skipped: number }> => {
  const { scenario, played, games, ranks, now } = await endedRunsOfOpening(ctx, resimId, instanceId);
  const addresses = await learnerAddresses(ctx.db, games);
  const addressed = games.filter((game) => addresses.has(game.id));
  const common = { scenarioName: played.resimName, spaceName: await spaceNameOf(ctx.db, scenario.group) };
  for (let start = 0; start < addressed.length; start += batchSize) {
    const recipients: ReturnType<typeof recipient>[] = [];
    for (const game of addressed.slice(start, start + batchSize)) {
      recipients.push(recipient(ctx, common, addresses.get(game.id)!, game, await reportOf(ctx.db, played, game, now, ranks)));
      await turn();
    }
    await templated(ctx, scenario.group, recipients);
  }
  return { queued: addressed.length, skipped: games.length - addressed.length };
};
