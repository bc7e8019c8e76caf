import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as messagesOnce from '../src/db/migrations/0020-messages-once';
import type { Kysely } from 'kysely';
import { createScenarioOf, createTestApp, dialects, type TestApp } from './harness';

describe.each(dialects)('the migration that stores a presenter message once, on %s', (dialect) => {
  let t: TestApp;
  let resimId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    resimId = await createScenarioOf(t, await t.user('author@example.test'));
  });
  afterAll(() => t.close());

  it('keeps the first of the copies stored before it, and refuses a copy after', async () => {
    const db = t.db as unknown as Kysely<unknown>;
    await messagesOnce.down(db);
    const row = (id: string, messageId: string, createdAt: string, instanceId = 'i1') => ({
      id,
      resim_id: resimId,
      instance_id: instanceId,
      message_id: messageId,
      title: 'Break',
      message: `stored as ${id}`,
      created_at: createdAt,
    });
    await t.db
      .insertInto('session_messages')
      .values([
        row('b', 'm1', '2026-11-28T10:00:01.000Z'),
        row('a', 'm1', '2026-11-28T10:00:00.000Z'),
        row('d', 'm1', '2026-11-28T10:00:00.000Z'),
        row('c', 'm2', '2026-11-28T10:00:02.000Z'),
        row('e', 'm1', '2026-11-28T10:00:03.000Z', 'i2'),
      ])
      .execute();
    await messagesOnce.up(db);

    const left = await t.db.selectFrom('session_messages').select(['id', 'message_id', 'instance_id']).orderBy('id').execute();
    expect(left).toEqual([
      { id: 'a', message_id: 'm1', instance_id: 'i1' },
      { id: 'c', message_id: 'm2', instance_id: 'i1' },
      { id: 'e', message_id: 'm1', instance_id: 'i2' },
    ]);
    await expect(
      t.db
        .insertInto('session_messages')
        .values(row('f', 'm2', '2026-11-28T10:00:04.000Z'))
        .execute(),
    ).rejects.toThrow(/unique/i);
  });
});
