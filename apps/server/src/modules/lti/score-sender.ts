import type { FastifyBaseLogger } from 'fastify';
import type { Database, Dialect } from '../../db/database';
import type { LtiScoreRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createClaimLoop, type ClaimLoop } from '../../lib/claim-loop';
import { newId } from '../../lib/ids';
import { afterFailure, type RetryPolicy } from '../outbox/retry-schedule';
import * as repo from './lti.repository';
import { answerOf, PlatformAnswer, platformFetch, scoreScope, type PlatformTokens } from './platform-token';

export type ScoreSenderOptions = {
  readonly db: Database;
  readonly dialect: Dialect;
  readonly clock: Clock;
  readonly policy: RetryPolicy;
  readonly tokens: PlatformTokens;
  readonly log: Pick<FastifyBaseLogger, 'warn'>;
  readonly pollMs?: number;
  readonly batchSize?: number;
  readonly claimMs?: number;
};

/** A line item's scores service: `/scores` after its path, before its query (AGS 2.0, 3.4). */
export const scoresUrl = (lineitem: string): string => {
  const url = new URL(lineitem);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/scores`;
  return url.toString();
};

/** Answers worth trying again later: none at all, a time out, too many requests, a failure on the platform's side, an expired token. */
const passing = (error: unknown): boolean =>
  !(error instanceof PlatformAnswer) ||
  error.status === 0 ||
  error.status === 401 ||
  error.status === 408 ||
  error.status === 429 ||
  error.status >= 500;

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Sends queued grades to the gradebooks of the platforms that launched their runs: claims due ones
 * and posts each to its line item's scores with a token of the platform's, then marks it sent, due
 * again later (no answer, 401 with a fresh token next time, 429 after the wait asked for, 5xx), or
 * failed with the platform's words (any other refusal, or after the last attempt). Each run has one
 * row, claimed by one worker at a time, so a run's score is posted once unless an answer is lost.
 */
export const createScoreSender = (options: ScoreSenderOptions): ClaimLoop => {
  const { db, clock, policy, log, tokens } = options;
  const batchSize = options.batchSize ?? 50;
  const claimMs = options.claimMs ?? 5 * 60 * 1000;

  const send = async (row: LtiScoreRow, token: string) => {
    const platform = await repo.findPlatform(db, row.platform_id);
    if (!platform) {
      await repo.markScoreFailed(db, row.game_id, token, 'The platform that launched this run was removed from the space');
      return;
    }
    try {
      const access = await tokens.tokenFor(platform, scoreScope);
      const what = 'Sending the grade';
      const response = await platformFetch(
        scoresUrl(row.lineitem),
        {
          method: 'POST',
          headers: { authorization: `Bearer ${access}`, 'content-type': 'application/vnd.ims.lis.v1.score+json' },
          body: row.score,
        },
        what,
      );
      if (!response.ok) {
        if (response.status === 401) tokens.forget(platform, scoreScope);
        throw await answerOf(response, what);
      }
      await repo.markScoreSent(db, row.game_id, token, clock.now().toISOString());
    } catch (error) {
      const next = passing(error) ? afterFailure(row.attempts, policy) : 'failed';
      if (next === 'failed') {
        await repo.markScoreFailed(db, row.game_id, token, errorText(error));
        log.warn(
          { run: row.game_id, attempts: row.attempts, err: errorText(error) },
          'an LTI grade failed: refused, or after its last attempt',
        );
        return;
      }
      const asked = error instanceof PlatformAnswer ? error.retryAfterMs : null;
      const waitMs = Math.max(next.retryInMs, asked ?? 0);
      await repo.markScoreForRetry(db, row.game_id, token, {
        at: new Date(clock.now().getTime() + waitMs).toISOString(),
        error: errorText(error),
      });
    }
  };

  return createClaimLoop({
    clock,
    log,
    what: 'LTI grades',
    ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
    nextAttemptAt: () => repo.findNextScoreAt(db),
    runBatch: async () => {
      const now = clock.now();
      const token = newId();
      const rows = await repo.claimDueScores(db, {
        now: now.toISOString(),
        until: new Date(now.getTime() + claimMs).toISOString(),
        token,
        limit: batchSize,
        skipLocked: options.dialect === 'postgres',
      });
      for (const row of rows) await send(row, token);
      return rows.length;
    },
  });
};
