import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresBus, liveChannel } from '../src/adapters/live/postgres-bus';
import type { LiveBus, LiveEvent } from '../src/adapters/live/live-bus';
import { closeDatabase, createDatabase } from '../src/db/database';
import { createTestDatabase, dialects, type TestDatabase } from './harness';
import { startTcpProxy } from './tcp-proxy';

const quiet = { warn: () => undefined };

const heard = (bus: LiveBus) => {
  const events: LiveEvent[] = [];
  bus.subscribe((event) => events.push(event));
  return {
    events,
    until: async (count: number, timeoutMs = 15_000) => {
      const started = Date.now();
      while (events.length < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`heard ${events.length} of ${count} events: ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
};

describe.runIf(dialects.includes('postgres'))('the live bus on PostgreSQL', () => {
  let database: TestDatabase;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let near: LiveBus;
  let far: LiveBus;
  const closing: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const url = database.url!;
    const target = new URL(url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const throughProxy = new URL(url);
    throughProxy.host = `127.0.0.1:${proxy.port}`;
    const channel = liveChannel(database.schema);
    // `far` is a process whose way to the database can be cut; `near` publishes meanwhile.
    const farDb = createDatabase({
      url: throughProxy.toString(),
      dataDir: database.dataDir,
      schema: database.schema,
      onConnectionError: () => undefined,
    });
    far = await createPostgresBus({ url: throughProxy.toString(), channel, db: farDb.db, log: quiet });
    near = await createPostgresBus({ url, channel, db: database.db, log: quiet });
    closing.push(
      () => far.close(),
      () => closeDatabase(farDb.db),
      () => near.close(),
    );
  });
  afterAll(async () => {
    for (const close of closing) await close();
    await proxy.close();
    await database.drop();
  });

  it('hears, once each, the events published while its listening connection was down', async () => {
    const farHeard = heard(far);
    await near.publish({ kind: 'presence', resimId: 'before' });
    await farHeard.until(1);

    proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await near.publish({ kind: 'presence', resimId: 'during-1' });
    await near.publish({ kind: 'status', resimId: 'during-2', status: 2, at: 1 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(farHeard.events).toHaveLength(1);
    proxy.restore();

    await farHeard.until(3);
    await near.publish({ kind: 'presence', resimId: 'after' });
    await farHeard.until(4);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(farHeard.events.map((event) => ('resimId' in event ? event.resimId : event.kind))).toEqual([
      'before',
      'during-1',
      'during-2',
      'after',
    ]);
  });

  it('sends an event too large for a NOTIFY by reference', async () => {
    const nearHeard = heard(near);
    const message = { id: 'big', title: 'Big', message: '\u0001'.repeat(5000), sent: new Date(0).toISOString() };
    await near.publish({ kind: 'message', resimId: 'r', instanceId: 'i', message });
    await nearHeard.until(1);
    expect(nearHeard.events[0]).toEqual({ kind: 'message', resimId: 'r', instanceId: 'i', message });
  });
});
