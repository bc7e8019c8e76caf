import type { FastifyBaseLogger } from 'fastify';
import type { EmailTransport } from './email';

/**
 * The embedded default: a message stays in the outbox, where the console shows it as kept (not
 * sent: no SMTP server). The log says one was kept, never its body, which may hold a sign-in link.
 */
export const createOutboxTransport = (log: FastifyBaseLogger): EmailTransport => ({
  description: 'the outbox (set SMTP_URL to send email)',
  sends: false,
  deliver: async (message) => {
    log.info({ emailId: message.id, to: message.to, subject: message.subject }, 'email kept in the outbox: no SMTP server to send it');
  },
  close: () => undefined,
});
