import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/database';
import type { EmailAttachment } from '../../adapters/email/email';
import type { EmailAttachmentRow, NewOutboxRow, OutboxRow, Tables } from '../../db/schema';

/** Rows per insert: well under SQLite's and PostgreSQL's limits on bound values. */
const insertBatch = 500;

export const insertMessages = async (db: Database, rows: readonly NewOutboxRow[]): Promise<void> => {
  for (let start = 0; start < rows.length; start += insertBatch) {
    await db
      .insertInto('outbox')
      .values(rows.slice(start, start + insertBatch))
      .execute();
  }
};

/** Attachments per insert: each may be a few hundred kilobytes. */
const attachmentBatch = 20;

export const insertAttachments = async (db: Database, rows: readonly EmailAttachmentRow[]): Promise<void> => {
  for (let start = 0; start < rows.length; start += attachmentBatch) {
    await db
      .insertInto('email_attachments')
      .values(rows.slice(start, start + attachmentBatch))
      .execute();
  }
};

/** Rows per read of attachments: the ids of a worker's batch, well under the limits on bound values. */
const idBatch = 500;

const byMessage = <T extends { message_id: string }>(rows: readonly T[]): Map<string, T[]> => {
  const found = new Map<string, T[]>();
  for (const row of rows) {
    const files = found.get(row.message_id);
    if (files) files.push(row);
    else found.set(row.message_id, [row]);
  }
  return found;
};

/** The files of the messages named, each message's in order, to send with them. */
export const findAttachments = async (db: Database, messageIds: readonly string[]): Promise<Map<string, EmailAttachment[]>> => {
  const rows: EmailAttachmentRow[] = [];
  for (let start = 0; start < messageIds.length; start += idBatch) {
    rows.push(
      ...(await db
        .selectFrom('email_attachments')
        .selectAll()
        .where('message_id', 'in', messageIds.slice(start, start + idBatch))
        .orderBy('message_id')
        .orderBy('position')
        .execute()),
    );
  }
  return new Map(
    [...byMessage(rows)].map(([id, files]) => [
      id,
      files.map((file) => ({ filename: file.filename, contentType: file.content_type, content: file.content })),
    ]),
  );
};

export type AttachmentListing = Pick<EmailAttachmentRow, 'message_id' | 'filename' | 'content_type' | 'size'>;

/** What the outbox lists of the messages' files, without their bytes. */
export const findAttachmentListings = async (db: Database, messageIds: readonly string[]): Promise<Map<string, AttachmentListing[]>> =>
  messageIds.length === 0
    ? new Map()
    : byMessage(
        await db
          .selectFrom('email_attachments')
          .select(['message_id', 'filename', 'content_type', 'size'])
          .where('message_id', 'in', [...messageIds])
          .orderBy('message_id')
          .orderBy('position')
          .execute(),
      );

/** The outbox's emails by status, for the metrics. */
export const countByStatus = async (db: Database): Promise<{ status: string; count: number }[]> =>
  (
    await db
      .selectFrom('outbox')
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
      .groupBy('status')
      .execute()
  ).map((row) => ({ status: row.status, count: Number(row.count) }));

/** Queued and due, or claimed by a worker whose claim has lapsed (it stopped mid-send). */
const due = (now: string) => (eb: ExpressionBuilder<Tables, 'outbox'>) =>
  eb.and([eb('status', 'in', ['queued', 'sending']), eb('next_attempt_at', '<=', now)]);

/**
 * Claims up to `limit` due messages for one worker. The condition is checked again on the row
 * itself as it is updated, so when two processes race for a message only one claims it. On
 * PostgreSQL the choice skips rows another process is claiming, so that each takes its own.
 */
export const claimDueMessages = (
  db: Database,
  claim: { now: string; until: string; token: string; limit: number; skipLocked: boolean },
): Promise<OutboxRow[]> => {
  const choice = db.selectFrom('outbox').select('id').where(due(claim.now)).orderBy('next_attempt_at').limit(claim.limit);
  return db
    .updateTable('outbox')
    .set({ status: 'sending', claim_token: claim.token, next_attempt_at: claim.until, attempts: sql`attempts + 1` })
    .where('id', 'in', claim.skipLocked ? choice.forUpdate().skipLocked() : choice)
    .where(due(claim.now))
    .returningAll()
    .execute();
};

/** When the next queued message falls due, or null when none is queued. */
export const findNextAttemptAt = async (db: Database): Promise<string | null> =>
  (
    await db
      .selectFrom('outbox')
      .select((eb) => eb.fn.min('next_attempt_at').as('next'))
      .where('status', '=', 'queued')
      .executeTakeFirst()
  )?.next ?? null;

const claimed = (token: string) => (eb: ExpressionBuilder<Tables, 'outbox'>) =>
  eb.and([eb('status', '=', 'sending'), eb('claim_token', '=', token)]);

/**
 * Marks messages handed on: sent, or kept where no server sends them (then `sent_at` is when they
 * were handled). A sent message's attachments have reached its recipient and nothing sends them
 * again, so their bytes are let go in the same commit (a report is a few hundred kilobytes); the
 * outbox still lists each file's name and size. A kept message keeps its files: without SMTP, the
 * outbox is where its email is read.
 */
export const markSent = (db: Database, ids: readonly string[], token: string, now: string, status: 'sent' | 'kept' = 'sent') =>
  db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('outbox')
      .set({ status, sent_at: now, next_attempt_at: null, claim_token: null, last_error: null })
      .where('id', 'in', [...ids])
      .where(claimed(token))
      .returning('id')
      .execute();
    // Only the messages this worker marked: one whose claim lapsed is another worker's to send, with its files.
    if (status === 'sent' && marked.length > 0)
      await trx
        .updateTable('email_attachments')
        .set({ content: Buffer.alloc(0) })
        .where(
          'message_id',
          'in',
          marked.map((row) => row.id),
        )
        .execute();
  });

export const markForRetry = (db: Database, id: string, token: string, retry: { at: string; error: string }) =>
  db
    .updateTable('outbox')
    .set({ status: 'queued', next_attempt_at: retry.at, last_error: retry.error, claim_token: null })
    .where('id', '=', id)
    .where(claimed(token))
    .execute();

export const markFailed = (db: Database, id: string, token: string, error: string) =>
  db
    .updateTable('outbox')
    .set({ status: 'failed', next_attempt_at: null, last_error: error, claim_token: null })
    .where('id', '=', id)
    .where(claimed(token))
    .execute();

/** A failed message queued again with a fresh count of attempts; false when it had not failed. */
export const requeueFailed = async (db: Database, id: string, now: string): Promise<boolean> =>
  Number(
    (
      await db
        .updateTable('outbox')
        .set({ status: 'queued', attempts: 0, next_attempt_at: now })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .executeTakeFirst()
    ).numUpdatedRows,
  ) > 0;

export type Viewer = { readonly userId: string; readonly isDeveloper: boolean; readonly groupSpaceIds: readonly string[] };
export type OutboxListRow = OutboxRow & { sender_email: string | null };

/** Messages the viewer sent or that concern a space they are in; a developer sees every message. */
const visibleTo = (viewer: Viewer) => (eb: ExpressionBuilder<Tables & { sender: Tables['users'] }, 'outbox'>) => {
  if (viewer.isDeveloper) return eb.lit(true);
  const spaces = eb
    .selectFrom('spaces')
    .select('spaces.id')
    .where((s) =>
      s.or([
        s('spaces.owner_id', '=', viewer.userId),
        s(
          'spaces.id',
          'in',
          s.selectFrom('space_members').select('space_members.space_id').where('space_members.user_id', '=', viewer.userId),
        ),
        ...(viewer.groupSpaceIds.length > 0 ? [s('spaces.id', 'in', [...viewer.groupSpaceIds])] : []),
      ]),
    );
  return eb.or([eb('outbox.sender_id', '=', viewer.userId), eb('outbox.space_id', 'in', spaces)]);
};

const withSender = (db: Database) =>
  db
    .selectFrom('outbox')
    .leftJoin('users as sender', 'sender.id', 'outbox.sender_id')
    .selectAll('outbox')
    .select('sender.email as sender_email');

/** Newest first, after the (created_at, id) of the last message of the page before. */
export const findVisibleMessages = (
  db: Database,
  query: { viewer: Viewer; limit: number; after: { created: string; id: string } | undefined; status: OutboxRow['status'] | undefined },
): Promise<OutboxListRow[]> => {
  let select = withSender(db).where(visibleTo(query.viewer));
  if (query.status) select = select.where('outbox.status', '=', query.status);
  const after = query.after;
  if (after) {
    select = select.where((eb) =>
      eb.or([
        eb('outbox.created_at', '<', after.created),
        eb.and([eb('outbox.created_at', '=', after.created), eb('outbox.id', '<', after.id)]),
      ]),
    );
  }
  return select.orderBy('outbox.created_at', 'desc').orderBy('outbox.id', 'desc').limit(query.limit).execute();
};

export const findVisibleMessage = (db: Database, viewer: Viewer, id: string): Promise<OutboxListRow | undefined> =>
  withSender(db).where('outbox.id', '=', id).where(visibleTo(viewer)).executeTakeFirst();
