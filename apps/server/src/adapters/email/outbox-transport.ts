import type { FastifyBaseLogger } from 'fastify';
import type { EmailTransport } from './email';

/**
 * The embedded default: a message stays in the outbox, where the console shows it, and counts as
 * sent at once. The log says one was queued, never its body, which may hold a sign-in link.
 */
export const createOutboxTransport = (log: FastifyBaseLogger): EmailTransport => ({
  description: 'the outbox (set SMTP_URL to send email)',
  deliver: async (message) => {
    log.info({ emailId: message.id, to: message.to, subject: message.subject }, 'email queued in outbox');
  },
  close: () => undefined,
});
