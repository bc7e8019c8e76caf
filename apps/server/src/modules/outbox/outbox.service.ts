import type { OutboxMessage, OutboxPage, OutboxStatus } from '@resim/contracts';
import type { Database } from '../../db/database';
import { badRequest, conflict, notFound } from '../../errors/app-error';
import type { Principal } from '../../identity/principal';
import { iso, type Clock } from '../../lib/clock';
import type { EmailSender } from './email-queue';
import { maskSecrets } from './mask-secrets';
import * as repo from './outbox.repository';

export type OutboxContext = { readonly db: Database; readonly principal: Principal };

const viewerOf = (principal: Principal): repo.Viewer => ({
  userId: principal.userId,
  isDeveloper: principal.isDeveloper,
  groupSpaceIds: principal.groupSpaceIds,
});

const toMessage = (row: repo.OutboxListRow, attachments: readonly repo.AttachmentListing[] = []): OutboxMessage => ({
  id: row.id,
  to: row.to_address,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  lastError: row.last_error,
  created: row.created_at,
  sentAt: row.sent_at,
  nextAttemptAt: row.status === 'queued' ? row.next_attempt_at : null,
  templateName: row.template_name,
  spaceId: row.space_id,
  sender: row.sender_email,
  text: maskSecrets(row.text_body),
  html: row.html_body === null ? null : maskSecrets(row.html_body),
  attachments: attachments.map((file) => ({ filename: file.filename, contentType: file.content_type, size: file.size })),
});

// A cursor is the place of the last message shown: its time and id.
const encodeCursor = (row: repo.OutboxListRow): string => Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url');
const decodeCursor = (cursor: string): { created: string; id: string } => {
  try {
    const [created, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof created === 'string' && typeof id === 'string') return { created, id };
  } catch {
    // answered below
  }
  throw badRequest('cursor: not one this API gave; use nextCursor of the page before');
};

/** The messages the caller may read, newest first, a page at a time. */
export const listOutbox = async (
  ctx: OutboxContext,
  query: { limit: number; cursor?: string | undefined; status?: OutboxStatus | undefined },
): Promise<OutboxPage> => {
  const rows = await repo.findVisibleMessages(ctx.db, {
    viewer: viewerOf(ctx.principal),
    limit: query.limit + 1,
    after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
    status: query.status,
  });
  const page = rows.slice(0, query.limit);
  const attachments = await repo.findAttachmentListings(
    ctx.db,
    page.map((row) => row.id),
  );
  return {
    messages: page.map((row) => toMessage(row, attachments.get(row.id))),
    nextCursor: rows.length > query.limit ? encodeCursor(page.at(-1)!) : null,
  };
};

/** One the caller may read; one they may not is reported exactly like one that does not exist. */
export const getOutboxMessage = async (ctx: OutboxContext, id: string): Promise<OutboxMessage> => {
  const row = await repo.findVisibleMessage(ctx.db, viewerOf(ctx.principal), id);
  if (!row) throw notFound('Email');
  return toMessage(row, (await repo.findAttachmentListings(ctx.db, [row.id])).get(row.id));
};

/** Queues a failed message again, with all its attempts ahead of it. */
export const retryOutboxMessage = async (ctx: OutboxContext & { clock: Clock; email: EmailSender }, id: string): Promise<OutboxMessage> => {
  const message = await getOutboxMessage(ctx, id);
  if (!(await repo.requeueFailed(ctx.db, id, iso(ctx.clock)))) {
    throw conflict(
      message.status === 'kept'
        ? 'This email was kept in the outbox because no SMTP server is configured; set SMTP_URL to send emails'
        : `Only a failed email can be sent again; this one is ${message.status}`,
    );
  }
  ctx.email.kick();
  return getOutboxMessage(ctx, id);
};
