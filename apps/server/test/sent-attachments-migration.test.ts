import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { up } from '../src/db/migrations/0031-sent-attachments';
import { createEmailQueue } from '../src/modules/outbox/email-queue';
import { createTestDatabase, dialects, type TestDatabase } from './harness';

describe.each(dialects)('the migration that lets go of sent emails’ files, on %s', (dialect) => {
  let database: TestDatabase;
  afterEach(() => database.drop());

  it('empties the files of sent emails, and keeps those of emails kept in the outbox or still to be sent', async () => {
    database = await createTestDatabase(dialect);
    const clock = { now: () => new Date('2030-01-01T00:00:00.000Z') };
    const file = { filename: 'report.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.7 report') };
    const ids = await createEmailQueue({ db: database.db, clock, kick: () => undefined }).sendMany(
      ['sent', 'kept', 'failed', 'queued'].map((status) => ({
        to: `${status}@example.test`,
        subject: status,
        text: 'Hello',
        attachments: [file],
      })),
    );
    const statuses = ['sent', 'kept', 'failed', 'queued'] as const;
    for (const [at, status] of statuses.entries())
      await database.db.updateTable('outbox').set({ status }).where('id', '=', ids[at]!).execute();

    await up(database.db as unknown as Kysely<unknown>);

    const rows = await database.db.selectFrom('email_attachments').select(['message_id', 'filename', 'size', 'content']).execute();
    const byStatus = new Map(rows.map((row) => [statuses[ids.indexOf(row.message_id)], row]));
    expect([...byStatus.keys()].sort()).toEqual([...statuses].sort());
    expect(Buffer.from(byStatus.get('sent')!.content)).toHaveLength(0);
    for (const status of ['kept', 'failed', 'queued'] as const)
      expect(Buffer.from(byStatus.get(status)!.content).toString('utf8')).toBe('%PDF-1.7 report');
    expect(rows.every((row) => row.filename === 'report.pdf' && row.size === file.content.length)).toBe(true);
  });
});
