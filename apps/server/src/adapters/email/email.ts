import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { iso, type Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';

export type EmailMessage = {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
};

export type EmailSender = { send: (message: EmailMessage) => Promise<void> };

/**
 * The embedded default: messages land in the outbox table, where an administrator can read
 * them, and the log says one was queued (never its body, which may hold a reset link).
 */
export const createOutboxSender = (options: { db: Database; clock: Clock; log: FastifyBaseLogger }): EmailSender => ({
  send: async (message) => {
    const id = newId();
    await options.db
      .insertInto('outbox')
      .values({
        id,
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        created_at: iso(options.clock),
      })
      .execute();
    options.log.info({ emailId: id, to: message.to, subject: message.subject }, 'email queued in outbox');
  },
});
