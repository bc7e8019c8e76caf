import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, createDatabase, type Database } from '../src/db/database';
import { isDatabaseUnavailable } from '../src/db/unavailable';
import { createTestDatabase, dialects, type TestDatabase } from './harness';
import { startTcpProxy } from './tcp-proxy';

describe.runIf(dialects.includes('postgres'))('queries whose connection PostgreSQL dropped', () => {
  let database: TestDatabase;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const target = new URL(database.url!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const throughProxy = new URL(database.url!);
    throughProxy.host = `127.0.0.1:${proxy.port}`;
    db = createDatabase({
      url: throughProxy.toString(),
      dataDir: database.dataDir,
      schema: database.schema,
      onConnectionError: () => undefined,
    }).db;
    await sql`create table pings (id text primary key)`.execute(db);
  });
  afterAll(async () => {
    await closeDatabase(db);
    await proxy.close();
    await database.drop();
  });

  /** Every pooled connection dropped as a restart drops them, the next statement sent before the pool has heard. */
  const dropConnectionsThen = <T>(statement: () => Promise<T>): Promise<T> => {
    proxy.cut();
    proxy.restore();
    return statement();
  };

  it('answers a read on a new connection, without the caller knowing', async () => {
    await sql`insert into pings (id) values ('before')`.execute(db);
    for (let round = 0; round < 3; round++) {
      const rows = await dropConnectionsThen(() =>
        db
          .selectFrom('pings' as never)
          .select(sql<string>`id`.as('id'))
          .execute(),
      );
      expect(rows).toEqual([{ id: 'before' }]);
    }
  });

  it('fails a write as unavailable rather than sending it twice, and stores it at most once', async () => {
    await db
      .selectFrom('pings' as never)
      .select(sql`1`.as('warm'))
      .execute();
    const written = await dropConnectionsThen(() => sql`insert into pings (id) values ('during')`.execute(db)).then(
      () => 'stored',
      (error: unknown) => (isDatabaseUnavailable(error) ? 'unavailable' : error),
    );
    expect(['stored', 'unavailable']).toContain(written);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pings where id = 'during'`.execute(db);
    expect(rows[0]?.n).toBe(written === 'stored' ? 1 : 0);
  });
});
