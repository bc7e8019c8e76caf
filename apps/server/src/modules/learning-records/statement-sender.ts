import type { FastifyBaseLogger } from 'fastify';
import { LrsAnswer, lrsClient, type LrsClient, type LrsSettings } from '../../adapters/lrs/lrs-client';
import type { Database, Dialect } from '../../db/database';
import type { XapiStatementRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createClaimLoop, type ClaimLoop } from '../../lib/claim-loop';
import { newId } from '../../lib/ids';
import { afterFailure, type RetryPolicy } from '../outbox/retry-schedule';
import * as repo from './learning-records.repository';

export type StatementSender = ClaimLoop;

export type StatementSenderOptions = {
  readonly db: Database;
  readonly dialect: Dialect;
  readonly clock: Clock;
  readonly policy: RetryPolicy;
  readonly log: Pick<FastifyBaseLogger, 'warn'>;
  /** the client of an LRS (by default @xapi/xapi over fetch) */
  readonly clientOf?: (settings: LrsSettings) => LrsClient;
  readonly pollMs?: number;
  readonly batchSize?: number;
  readonly claimMs?: number;
};

const ids = (rows: readonly XapiStatementRow[]) => rows.map((row) => row.id);

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/** Answers worth trying again later: none at all, too many requests, a failure on the LRS's side. */
const passing = (error: unknown): boolean =>
  !(error instanceof LrsAnswer) || error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;

/**
 * Sends queued statements to their spaces' LRSs in the server process: claims due ones, posts
 * each space's in one batch, and marks them sent, or due again later (no answer, 429 after the
 * wait it asked for, 5xx), or failed (refused: 400, 401, 403, or after the last attempt). A batch
 * refused as a whole is sent again one statement at a time, so that one bad statement does not
 * hold the others; a statement the LRS answers 409 for already holds that id, and the id is only
 * ever ours: it was stored by an earlier attempt whose answer was lost, so it counts as sent.
 */
export const createStatementSender = (options: StatementSenderOptions): StatementSender => {
  const { db, clock, policy, log } = options;
  const clientOf = options.clientOf ?? lrsClient;
  const batchSize = options.batchSize ?? 100;
  const claimMs = options.claimMs ?? 5 * 60 * 1000;

  const afterError = async (rows: readonly XapiStatementRow[], token: string, error: unknown) => {
    const attempts = Math.max(...rows.map((row) => row.attempts));
    const next = passing(error) ? afterFailure(attempts, policy) : 'failed';
    if (next === 'failed') {
      await repo.markFailed(db, ids(rows), token, errorText(error));
      log.warn(
        { statements: rows.length, attempts, err: errorText(error) },
        'xAPI statements failed: refused, or after their last attempt',
      );
      return;
    }
    const asked = error instanceof LrsAnswer ? error.retryAfterMs : null;
    const waitMs = Math.max(next.retryInMs, asked ?? 0);
    await repo.markForRetry(db, ids(rows), token, { at: new Date(clock.now().getTime() + waitMs).toISOString(), error: errorText(error) });
  };

  /** Sends statements of one LRS; refused as a whole, a batch is sent again one by one to tell the refused one from the rest. */
  const send = async (client: LrsClient, rows: readonly XapiStatementRow[], token: string): Promise<void> => {
    try {
      await client.send(rows.map((row) => ({ ...(JSON.parse(row.statement) as object), id: row.id })));
      await repo.markSent(db, ids(rows), token, clock.now().toISOString());
    } catch (error) {
      const status = error instanceof LrsAnswer ? error.status : null;
      if (rows.length > 1 && (status === 400 || status === 409 || status === 413)) {
        for (const row of rows) await send(client, [row], token);
      } else if (status === 409) {
        await repo.markSent(db, ids(rows), token, clock.now().toISOString(), 'The LRS already held it (sent before, its answer lost)');
      } else await afterError(rows, token, error);
    }
  };

  const sendSpace = async (spaceId: string, rows: readonly XapiStatementRow[], token: string) => {
    const settings = await repo.findLrs(db, spaceId);
    if (!settings) {
      await repo.markFailed(db, ids(rows), token, 'The space sends statements to no LRS any more');
      return;
    }
    await send(clientOf({ endpoint: settings.endpoint, key: settings.key, secret: settings.secret }), rows, token);
  };

  return createClaimLoop({
    clock,
    log,
    what: 'xAPI statements',
    ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
    nextAttemptAt: () => repo.findNextAttemptAt(db),
    runBatch: async () => {
      const now = clock.now();
      const token = newId();
      const rows = await repo.claimDue(db, {
        now: now.toISOString(),
        until: new Date(now.getTime() + claimMs).toISOString(),
        token,
        limit: batchSize,
        skipLocked: options.dialect === 'postgres',
      });
      const bySpace = new Map<string, XapiStatementRow[]>();
      for (const row of rows) {
        const ofSpace = bySpace.get(row.space_id);
        if (ofSpace) ofSpace.push(row);
        else bySpace.set(row.space_id, [row]);
      }
      // In the order they were made: an LRS keeps a run's statements in the order it stores them.
      for (const [spaceId, ofSpace] of bySpace)
        await sendSpace(
          spaceId,
          ofSpace.toSorted((a, b) => a.created_at.localeCompare(b.created_at)),
          token,
        );
      return rows.length;
    },
  });
};
