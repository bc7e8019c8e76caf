import { afterEach, describe, expect, it } from 'vitest';
import { PermanentDeliveryError, type EmailMessage, type EmailTransport } from '../src/adapters/email/email';
import { createOutboxTransport } from '../src/adapters/email/outbox-transport';
import { closeDatabase, createDatabase, type Database } from '../src/db/database';
import { createDeliveryWorker, type DeliveryWorker } from '../src/modules/outbox/delivery-worker';
import { createEmailQueue } from '../src/modules/outbox/email-queue';
import { claimDueMessages, markSent } from '../src/modules/outbox/outbox.repository';
import { createTestDatabase, dialects, type TestDatabase } from './harness';

const silent = { warn: () => undefined };

/** A transport that records what it was given, or refuses everything. */
const recordingTransport = (options: { fail?: string; failForGood?: string; delayMs?: number; before?: () => Promise<void> } = {}) => {
  const delivered: string[] = [];
  const messages: EmailMessage[] = [];
  const transport: EmailTransport = {
    description: 'test',
    sends: true,
    deliver: async (message) => {
      await options.before?.();
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (options.fail) throw new Error(options.fail);
      if (options.failForGood) throw new PermanentDeliveryError(options.failForGood);
      delivered.push(message.id);
      messages.push(message);
    },
    close: () => undefined,
  };
  return { transport, delivered, messages };
};

const fakeClock = (start = Date.parse('2030-01-01T00:00:00.000Z')) => {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
};

describe.each(dialects)('the delivery worker on %s', (dialect) => {
  let database: TestDatabase;
  const workers: DeliveryWorker[] = [];
  const handles: Database[] = [];
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await Promise.all(handles.splice(0).map((db) => closeDatabase(db)));
    await database.drop();
  });

  const worker = (options: Omit<Parameters<typeof createDeliveryWorker>[0], 'dialect' | 'log' | 'pollMs'>) => {
    // no poll: each test says when the worker looks
    const created = createDeliveryWorker({ ...options, dialect, log: silent, pollMs: 1_000_000 });
    workers.push(created);
    return created;
  };
  const row = (id: string) => database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const message = (n: number) => ({ to: `learner${n}@example.test`, subject: `Message ${n}`, text: 'Hello' });

  it('waits longer after each failure and marks the message failed with its error after the last attempt', async () => {
    database = await createTestDatabase(dialect);
    const clock = fakeClock();
    const { transport } = recordingTransport({ fail: '451 mailbox busy' });
    const policy = { retryBaseMs: 1000, retryMaxMs: 3000, maxAttempts: 4 };
    const delivery = worker({ db: database.db, clock, transport, policy });
    const [id] = await createEmailQueue({ db: database.db, clock, kick: () => undefined }).sendMany([message(1)]);

    const attempts: { attempts: number; status: string; waitMs: number | null }[] = [];
    for (const waitMs of [0, 1000, 2000, 3000]) {
      clock.advance(waitMs - 1);
      await delivery.drain();
      expect((await row(id!)).attempts, 'not due a millisecond early').toBe(attempts.length);
      clock.advance(1);
      await delivery.drain();
      const after = await row(id!);
      attempts.push({
        attempts: after.attempts,
        status: after.status,
        waitMs: after.next_attempt_at ? Date.parse(after.next_attempt_at) - clock.now().getTime() : null,
      });
    }
    expect(attempts).toEqual([
      { attempts: 1, status: 'queued', waitMs: 1000 },
      { attempts: 2, status: 'queued', waitMs: 2000 },
      { attempts: 3, status: 'queued', waitMs: 3000 },
      { attempts: 4, status: 'failed', waitMs: null },
    ]);
    expect((await row(id!)).last_error).toBe('451 mailbox busy');
    clock.advance(60_000);
    await delivery.drain();
    expect((await row(id!)).attempts).toBe(4);
  });

  it('marks a message refused for good failed after its one attempt', async () => {
    database = await createTestDatabase(dialect);
    const clock = fakeClock();
    const { transport } = recordingTransport({ failForGood: '550 no such mailbox' });
    const delivery = worker({ db: database.db, clock, transport, policy: { retryBaseMs: 1000, retryMaxMs: 3000, maxAttempts: 4 } });
    const [id] = await createEmailQueue({ db: database.db, clock, kick: () => undefined }).sendMany([message(1)]);
    await delivery.drain();
    expect(await row(id!)).toMatchObject({ status: 'failed', attempts: 1, next_attempt_at: null, last_error: '550 no such mailbox' });
    clock.advance(60_000);
    await delivery.drain();
    expect((await row(id!)).attempts).toBe(1);
  });

  it('marks a message the embedded outbox took as kept, not sent: without SMTP it reaches nobody', async () => {
    database = await createTestDatabase(dialect);
    const clock = fakeClock();
    const report = { filename: 'report.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.7 report') };
    const [id] = await createEmailQueue({ db: database.db, clock, kick: () => undefined }).sendMany([
      { ...message(1), attachments: [report] },
    ]);
    const log = { info: () => undefined } as unknown as Parameters<typeof createOutboxTransport>[0];
    const delivery = worker({
      db: database.db,
      clock,
      transport: createOutboxTransport(log),
      policy: { retryBaseMs: 1000, retryMaxMs: 1000, maxAttempts: 3 },
    });
    await delivery.drain();
    expect(await row(id!)).toMatchObject({ status: 'kept', attempts: 1, last_error: null });
    // The outbox is where a kept email is read: its file stays whole.
    const [kept] = await database.db.selectFrom('email_attachments').select('content').where('message_id', '=', id!).execute();
    expect(Buffer.from(kept!.content).toString('utf8')).toBe('%PDF-1.7 report');
  });

  it('sends again a message whose worker stopped mid-send once its claim lapses, ignoring that worker’s late word', async () => {
    database = await createTestDatabase(dialect);
    const clock = fakeClock();
    const [id] = await createEmailQueue({ db: database.db, clock, kick: () => undefined }).sendMany([message(1)]);
    const now = clock.now().getTime();
    await claimDueMessages(database.db, {
      now: new Date(now).toISOString(),
      until: new Date(now + 60_000).toISOString(),
      token: 'gone',
      limit: 10,
      skipLocked: false,
    });

    const { transport, delivered } = recordingTransport();
    const delivery = worker({
      db: database.db,
      clock,
      transport,
      policy: { retryBaseMs: 1000, retryMaxMs: 1000, maxAttempts: 3 },
      claimMs: 60_000,
    });
    await delivery.drain();
    expect(delivered).toEqual([]);
    clock.advance(60_000);
    await delivery.drain();
    expect(delivered).toEqual([id]);
    expect(await row(id!)).toMatchObject({ status: 'sent', attempts: 2 });

    await markSent(database.db, [id!], 'gone', new Date(0).toISOString());
    expect((await row(id!)).sent_at).not.toBe(new Date(0).toISOString());
  });

  it('never delivers a message twice when two workers share the database', async () => {
    database = await createTestDatabase(dialect);
    // a connection of its own, as a second server process would have
    const second = createDatabase({ url: database.url, dataDir: database.dataDir, schema: database.schema }).db;
    handles.push(second);
    const clock = { now: () => new Date() };
    const ids = await createEmailQueue({ db: database.db, clock, kick: () => undefined }).sendMany(
      Array.from({ length: 300 }, (_, n) => message(n)),
    );

    // both connections open before the race starts, and each send takes a moment, so the two overlap
    await Promise.all([database.db, second].map((db) => db.selectFrom('outbox').select('id').limit(1).execute()));
    // Neither sends until both have claimed a batch: the race happens however busy the machine is.
    let arrived = 0;
    let bothClaimed: () => void = () => undefined;
    const claimed = new Promise<void>((resolve) => (bothClaimed = resolve));
    const barrier = () => {
      let passed = false;
      return () => {
        if (!passed) {
          passed = true;
          arrived += 1;
          if (arrived === 2) bothClaimed();
        }
        return claimed;
      };
    };
    const one = recordingTransport({ delayMs: 3, before: barrier() });
    const two = recordingTransport({ delayMs: 3, before: barrier() });
    const policy = { retryBaseMs: 1000, retryMaxMs: 1000, maxAttempts: 3 };
    const first = worker({ db: database.db, clock, transport: one.transport, policy, batchSize: 10 });
    const other = worker({ db: second, clock, transport: two.transport, policy, batchSize: 10 });
    await Promise.all([first.drain(), other.drain()]);

    const all = [...one.delivered, ...two.delivered];
    expect(all.length).toBe(ids.length);
    expect(new Set(all)).toEqual(new Set(ids));
    expect(one.delivered.length).toBeGreaterThan(0);
    expect(two.delivered.length).toBeGreaterThan(0);
    const statuses = await database.db.selectFrom('outbox').select(['status', 'attempts']).execute();
    expect(statuses.every((s) => s.status === 'sent' && s.attempts === 1)).toBe(true);
  });

  it('keeps a message’s attachments with it, in order, and hands them to the transport with it', async () => {
    database = await createTestDatabase(dialect);
    const clock = fakeClock();
    const { transport, messages } = recordingTransport();
    const delivery = worker({ db: database.db, clock, transport, policy: { retryBaseMs: 1000, retryMaxMs: 1000, maxAttempts: 3 } });
    // every byte value, and more than a page of them, survives the round trip
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, n) => (n * 7) % 256));
    const files = [
      { filename: 'report.pdf', contentType: 'application/pdf', content: bytes },
      { filename: 'notes.txt', contentType: 'text/plain', content: Buffer.from('Notes ✓') },
    ];
    const [withFiles, without] = await createEmailQueue({ db: database.db, clock, kick: () => undefined }).sendMany([
      { ...message(1), attachments: files },
      message(2),
    ]);
    const [single] = await createEmailQueue({ db: database.db, clock, kick: () => undefined }).sendMany([
      { ...message(3), attachments: [files[1]!] },
    ]);
    expect(
      await database.db
        .selectFrom('email_attachments')
        .select(['message_id', 'position', 'filename', 'size'])
        .orderBy('message_id')
        .execute(),
    ).toEqual(
      expect.arrayContaining([
        { message_id: withFiles, position: 0, filename: 'report.pdf', size: 70_000 },
        { message_id: withFiles, position: 1, filename: 'notes.txt', size: 9 },
        { message_id: single, position: 0, filename: 'notes.txt', size: 9 },
      ]),
    );

    await delivery.drain();
    const sent = new Map(messages.map((m) => [m.to, m.attachments]));
    expect(sent.get('learner1@example.test')?.map((file) => [file.filename, file.contentType])).toEqual([
      ['report.pdf', 'application/pdf'],
      ['notes.txt', 'text/plain'],
    ]);
    expect(Buffer.compare(sent.get('learner1@example.test')![0]!.content, bytes)).toBe(0);
    expect(sent.get('learner3@example.test')![0]!.content.toString('utf8')).toBe('Notes ✓');
    expect(sent.get('learner2@example.test')).toBeUndefined();
    expect((await row(without!)).status).toBe('sent');
    // Sent, the files' bytes are let go; their names and sizes stay for the outbox's listing.
    const stored = await database.db
      .selectFrom('email_attachments')
      .select(['message_id', 'filename', 'size', 'content'])
      .orderBy('message_id')
      .orderBy('position')
      .execute();
    expect(stored.map((file) => [file.filename, file.size, Buffer.from(file.content).length])).toEqual(
      expect.arrayContaining([
        ['report.pdf', 70_000, 0],
        ['notes.txt', 9, 0],
      ]),
    );
    expect(stored).toHaveLength(3);
  });

  it('keeps the files of a message still to be sent: one that failed, and one another worker holds', async () => {
    database = await createTestDatabase(dialect);
    const clock = fakeClock();
    const { transport } = recordingTransport({ failForGood: '550 no such mailbox' });
    const delivery = worker({ db: database.db, clock, transport, policy: { retryBaseMs: 1000, retryMaxMs: 1000, maxAttempts: 3 } });
    const file = { filename: 'report.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.7 report') };
    const queue = createEmailQueue({ db: database.db, clock, kick: () => undefined });
    const [failing] = await queue.sendMany([{ ...message(1), attachments: [file] }]);
    await delivery.drain();
    expect((await row(failing!)).status).toBe('failed');

    const [held] = await queue.sendMany([{ ...message(2), attachments: [file] }]);
    const [claimed] = await claimDueMessages(database.db, {
      now: clock.now().toISOString(),
      until: new Date(clock.now().getTime() + 60_000).toISOString(),
      token: 'other worker',
      limit: 10,
      skipLocked: false,
    });
    expect(claimed?.id).toBe(held);
    // A worker whose claim lapsed reports it sent: the message stays the other worker's, with its file.
    await markSent(database.db, [held!], 'lapsed worker', clock.now().toISOString());

    const contents = await database.db.selectFrom('email_attachments').select(['message_id', 'content']).execute();
    expect(contents.map((entry) => [entry.message_id, Buffer.from(entry.content).toString('utf8')]).sort()).toEqual(
      [
        [failing, '%PDF-1.7 report'],
        [held, '%PDF-1.7 report'],
      ].sort(),
    );
  });
});
