import type { EmailMessage } from '../../adapters/email/email';
import type { Database } from '../../db/database';
import type { EmailAttachmentRow, NewOutboxRow } from '../../db/schema';
import { iso, type Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { insertAttachments, insertMessages } from './outbox.repository';

/** A message to queue, with what the console shows about where it came from. */
export type OutgoingEmail = EmailMessage & {
  readonly senderId?: string | null;
  readonly spaceId?: string | null;
  readonly templateName?: string | null;
};

/** How every module sends email: into the outbox, from which the delivery worker sends it. */
export type EmailSender = {
  /**
   * Queues a message and returns its id. Given a transaction, it is queued in it and goes out once
   * that commits: at once on SQLite, at the worker's next poll on PostgreSQL.
   */
  readonly send: (message: OutgoingEmail, db?: Database) => Promise<string>;
  /** Queues many messages at once, as send does one. */
  readonly sendMany: (messages: readonly OutgoingEmail[], db?: Database) => Promise<string[]>;
  /** Wakes the delivery worker: after a transaction that queued email commits, or a message is queued again. */
  readonly kick: () => void;
};

export const createEmailQueue = (options: { db: Database; clock: Clock; kick: () => void }): EmailSender => {
  const sendMany = async (messages: readonly OutgoingEmail[], db = options.db): Promise<string[]> => {
    const now = iso(options.clock);
    const rows: NewOutboxRow[] = messages.map((message) => ({
      id: newId(),
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      created_at: now,
      status: 'queued',
      attempts: 0,
      next_attempt_at: now,
      last_error: null,
      sent_at: null,
      claim_token: null,
      sender_id: message.senderId ?? null,
      space_id: message.spaceId ?? null,
      template_name: message.templateName ?? null,
    }));
    const attachments: EmailAttachmentRow[] = messages.flatMap((message, index) =>
      (message.attachments ?? []).map((attachment, position) => ({
        message_id: rows[index]!.id,
        position,
        filename: attachment.filename,
        content_type: attachment.contentType,
        size: attachment.content.length,
        content: attachment.content,
      })),
    );
    const insert = async (into: Database) => {
      await insertMessages(into, rows);
      await insertAttachments(into, attachments);
    };
    // Many rows in one transaction: one commit, not one per message, and never a message without its files.
    if ((rows.length > 1 || attachments.length > 0) && !db.isTransaction) await db.transaction().execute(insert);
    else await insert(db);
    options.kick();
    return rows.map((row) => row.id);
  };
  return { sendMany, send: async (message, db) => (await sendMany([message], db))[0]!, kick: options.kick };
};
