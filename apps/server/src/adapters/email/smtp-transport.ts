import nodemailer from 'nodemailer';
import { PermanentDeliveryError, type EmailTransport } from './email';

/** The SMTP address without its password, for the log. */
export const redactSmtpUrl = (url: string): string => {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString().replace(/\/$/, '');
};

/** An SMTP reply of 5xx is a permanent refusal (RFC 5321, 4.2.1); 4xx and network errors are worth another try. */
export const isPermanentRefusal = (error: unknown): boolean => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/** SMTP through nodemailer: smtps:// is TLS from the start, smtp:// upgrades with STARTTLS when offered. */
export const createSmtpTransport = (options: { url: string; from: string }): EmailTransport => {
  const url = new URL(options.url);
  const transporter = nodemailer.createTransport(
    {
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      ...(url.port ? { port: Number(url.port) } : {}),
      secure: url.protocol === 'smtps:',
      ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
      pool: true,
      maxConnections: 3,
      // Below the outbox's claim on a message, so a stalled server never lets two workers send it.
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    },
    { from: options.from },
  );
  return {
    description: `SMTP at ${redactSmtpUrl(options.url)}`,
    sends: true,
    deliver: async (message) => {
      try {
        await transporter.sendMail({
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.attachments?.length
            ? { attachments: message.attachments.map(({ filename, contentType, content }) => ({ filename, contentType, content })) }
            : {}),
        });
      } catch (error) {
        if (isPermanentRefusal(error)) throw new PermanentDeliveryError((error as Error).message, { cause: error });
        throw error;
      }
    },
    close: () => transporter.close(),
  };
};
