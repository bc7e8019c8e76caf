import type { FastifyBaseLogger } from 'fastify';
import type { EmailConfig } from '../../config/config';
import { createOutboxTransport } from './outbox-transport';
import { createSmtpTransport } from './smtp-transport';

/** A file sent with a message, such as a learner's report. */
export type EmailAttachment = {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Buffer;
};

export type EmailMessage = {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string | null;
  readonly attachments?: readonly EmailAttachment[];
};

/** A refusal another attempt would not change, such as an SMTP 5xx reply: the message fails at once. */
export class PermanentDeliveryError extends Error {
  override readonly name = 'PermanentDeliveryError';
}

/** Where the outbox's messages go: an SMTP server, or nowhere beyond the outbox (the embedded default). */
export type EmailTransport = {
  /** for the log; never holds a password */
  readonly description: string;
  /** whether a message it accepts reaches its recipient; the embedded outbox only keeps it */
  readonly sends: boolean;
  /** resolves once the message is accepted; rejects with the reason it was not, a PermanentDeliveryError when retrying is pointless */
  readonly deliver: (message: EmailMessage & { readonly id: string }) => Promise<void>;
  readonly close: () => void;
};

export const createEmailTransport = (config: EmailConfig, log: FastifyBaseLogger): EmailTransport =>
  config.smtpUrl ? createSmtpTransport({ url: config.smtpUrl, from: config.from }) : createOutboxTransport(log);
