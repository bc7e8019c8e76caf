import { SMTPServer } from 'smtp-server';

export type ReceivedAttachment = { filename: string; contentType: string; content: Buffer };

export type ReceivedEmail = {
  to: string[];
  subject: string;
  html: string | null;
  text: string | null;
  attachments: ReceivedAttachment[];
  raw: string;
};

export type SmtpInbox = {
  readonly port: number;
  readonly received: ReceivedEmail[];
  /** recipients refused, one per attempt, when it answers with a refusal */
  readonly refused: string[];
  /** stops listening; what it received stays */
  readonly stop: () => Promise<void>;
  /** listens again on the same port */
  readonly start: () => Promise<void>;
};

const decodeQuotedPrintable = (text: string): string =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const decodeWords = (header: string): string =>
  header.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_match, encoding: string, word: string) =>
    encoding.toUpperCase() === 'B' ? Buffer.from(word, 'base64').toString('utf8') : decodeQuotedPrintable(word.replace(/_/g, ' ')),
  );

const splitPart = (part: string): { headers: Map<string, string>; body: string } => {
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: rest.join('\n\n') };
};

const decodeBody = (headers: Map<string, string>, body: string): string => {
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  return body;
};

/** The leaf parts of a part, in order: alternatives and attachments are nested in multipart parts. */
const leafParts = (part: { headers: Map<string, string>; body: string }): { headers: Map<string, string>; body: string }[] => {
  const boundary = /boundary="?([^";]+)"?/.exec(part.headers.get('content-type') ?? '')?.[1];
  if (!boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((inner) => leafParts(splitPart(inner.replace(/^\r?\n/, ''))));
};

/** Just enough MIME for what nodemailer sends: a text part, an HTML part, or both as alternatives, and attached files. */
export const parseEmail = (raw: string, to: string[]): ReceivedEmail => {
  const message = splitPart(raw);
  const email: ReceivedEmail = {
    to,
    subject: decodeWords(message.headers.get('subject') ?? ''),
    html: null,
    text: null,
    attachments: [],
    raw,
  };
  for (const part of leafParts(message)) {
    const type = part.headers.get('content-type') ?? 'text/plain';
    const filename = /filename="?([^";]+)"?/.exec(part.headers.get('content-disposition') ?? '')?.[1];
    if (filename !== undefined) {
      const content =
        part.headers.get('content-transfer-encoding')?.toLowerCase() === 'base64'
          ? Buffer.from(part.body, 'base64')
          : Buffer.from(part.body);
      email.attachments.push({ filename, contentType: type.split(';')[0]!.trim(), content });
      continue;
    }
    const content = decodeBody(part.headers, part.body).replace(/\r\n/g, '\n').replace(/\n$/, '');
    if (type.startsWith('text/html')) email.html = content;
    else email.text = content;
  }
  return email;
};

/**
 * A real SMTP server on loopback, without TLS, keeping what it receives; with credentials, it asks
 * for them; with refuseWith, it answers every recipient with that reply code instead.
 */
export const startSmtpInbox = async (
  port: number,
  credentials?: { user: string; pass: string },
  options: { refuseWith?: number } = {},
): Promise<SmtpInbox> => {
  const received: ReceivedEmail[] = [];
  const refused: string[] = [];
  let server: SMTPServer | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: !credentials,
        allowInsecureAuth: true,
        authMethods: ['PLAIN', 'LOGIN'],
        onAuth: (auth, _session, done) =>
          credentials && auth.username === credentials.user && auth.password === credentials.pass
            ? done(null, { user: auth.username })
            : done(new Error('Invalid username or password')),
        disabledCommands: ['STARTTLS'],
        logger: false,
        closeTimeout: 100,
        onRcptTo: (address, _session, done) => {
          if (options.refuseWith === undefined) return done();
          refused.push(address.address);
          done(Object.assign(new Error(`Refused for the test: ${address.address}`), { responseCode: options.refuseWith }));
        },
        onData: (stream, session, done) => {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            received.push(
              parseEmail(
                Buffer.concat(chunks).toString('utf8'),
                session.envelope.rcptTo.map((r) => r.address),
              ),
            );
            done();
          });
        },
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await start();
  return {
    port,
    received,
    refused,
    start,
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
};
