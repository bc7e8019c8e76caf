import type { FastifyBaseLogger } from 'fastify';
import { PermanentDeliveryError, type EmailTransport } from '../../adapters/email/email';
import type { Database, Dialect } from '../../db/database';
import type { OutboxRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createClaimLoop, type ClaimLoop } from '../../lib/claim-loop';
import { newId } from '../../lib/ids';
import * as repo from './outbox.repository';
import { afterFailure, type RetryPolicy } from './retry-schedule';

export type DeliveryWorker = ClaimLoop;

export type DeliveryWorkerOptions = {
  readonly db: Database;
  readonly dialect: Dialect;
  readonly clock: Clock;
  readonly transport: EmailTransport;
  readonly policy: RetryPolicy;
  readonly log: Pick<FastifyBaseLogger, 'warn'>;
  /** how often to look for due messages when not kicked: retries, and messages other processes queued */
  readonly pollMs?: number;
  readonly batchSize?: number;
  /** how long a claim holds; past it, a message left in sending (its worker died) is due again */
  readonly claimMs?: number;
};

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Delivers the outbox in the server process: claims due messages, hands each to the transport,
 * marks it sent, or schedules its next attempt, or marks it failed after the last one or when
 * the transport refuses it for good.
 */
export const createDeliveryWorker = (options: DeliveryWorkerOptions): DeliveryWorker => {
  const { db, clock, transport, policy, log } = options;
  const batchSize = options.batchSize ?? 50;
  const claimMs = options.claimMs ?? 5 * 60 * 1000;

  const failed = async (message: OutboxRow, token: string, error: unknown) => {
    const next = error instanceof PermanentDeliveryError ? 'failed' : afterFailure(message.attempts, policy);
    if (next === 'failed') {
      await repo.markFailed(db, message.id, token, errorText(error));
      log.warn(
        { emailId: message.id, attempts: message.attempts, err: error },
        'email failed: refused for good, or after its last attempt',
      );
      return;
    }
    await repo.markForRetry(db, message.id, token, {
      at: new Date(clock.now().getTime() + next.retryInMs).toISOString(),
      error: errorText(error),
    });
  };

  const deliverBatch = async (messages: OutboxRow[], token: string) => {
    const attachments = await repo.findAttachments(
      db,
      messages.map((m) => m.id),
    );
    const results = await Promise.allSettled(
      messages.map((m) =>
        transport.deliver({
          id: m.id,
          to: m.to_address,
          subject: m.subject,
          text: m.text_body,
          html: m.html_body,
          ...(attachments.has(m.id) ? { attachments: attachments.get(m.id)! } : {}),
        }),
      ),
    );
    const sent = messages.filter((_m, i) => results[i]!.status === 'fulfilled').map((m) => m.id);
    if (sent.length > 0) await repo.markSent(db, sent, token, clock.now().toISOString(), transport.sends ? 'sent' : 'kept');
    for (const [i, result] of results.entries()) {
      if (result.status === 'rejected') await failed(messages[i]!, token, result.reason);
    }
  };

  const loop = createClaimLoop({
    clock,
    log,
    what: 'email delivery',
    ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
    nextAttemptAt: () => repo.findNextAttemptAt(db),
    runBatch: async () => {
      const now = clock.now();
      const token = newId();
      const messages = await repo.claimDueMessages(db, {
        now: now.toISOString(),
        until: new Date(now.getTime() + claimMs).toISOString(),
        token,
        limit: batchSize,
        skipLocked: options.dialect === 'postgres',
      });
      if (messages.length > 0) await deliverBatch(messages, token);
      return messages.length;
    },
  });

  return {
    ...loop,
    stop: async () => {
      await loop.stop();
      transport.close();
    },
  };
};
