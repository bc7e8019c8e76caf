import { sql, type Kysely } from 'kysely';

/**
 * The files of emails already sent are let go, as the delivery worker now does when it marks a
 * message sent: nothing sends them again. Their names and sizes stay, for the outbox's listing.
 * Emails kept where no SMTP server sends them keep their files.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`update email_attachments set content = ${Buffer.alloc(0)}
    where message_id in (select id from outbox where status = 'sent')`.execute(db);
};

/** The bytes let go are gone; the table keeps its shape. */
export const down = async (): Promise<void> => undefined;
