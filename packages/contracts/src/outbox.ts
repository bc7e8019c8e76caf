import { z } from 'zod';

/**
 * A message is queued, being sent, sent, failed after its last attempt, or kept: handled without
 * an SMTP server to send it, so it stays in the outbox and reaches nobody.
 */
export const outboxStatus = z.enum(['queued', 'sending', 'sent', 'failed', 'kept']);
export type OutboxStatus = z.infer<typeof outboxStatus>;

export const outboxMessage = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    status: outboxStatus,
    attempts: z.number(),
    lastError: z.string().nullable(),
    created: z.string(),
    sentAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable().describe('When a queued message is tried next'),
    templateName: z.string().nullable(),
    spaceId: z.string().nullable(),
    sender: z.string().nullable().describe('Email of the user who sent it'),
    text: z.string(),
    html: z.string().nullable(),
    attachments: z
      .array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int().describe('In bytes') }))
      .describe('The files sent with it, in order; their content is never given'),
  })
  .meta({ id: 'OutboxMessage' });
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const outboxQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** nextCursor of the page before */
  cursor: z.string().max(200).optional(),
  status: outboxStatus.optional(),
});

export const outboxPage = z
  .object({ messages: z.array(outboxMessage), nextCursor: z.string().nullable().describe('Ask with it for older messages') })
  .meta({ id: 'OutboxPage' });
export type OutboxPage = z.infer<typeof outboxPage>;

/** A message just queued. */
export const queuedEmail = z.object({ id: z.string(), status: outboxStatus }).meta({ id: 'QueuedEmail' });
