import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createPostgresBus, liveChannel } from '../src/adapters/live/postgres-bus';
import { buildApp } from '../src/app';
import { closeDatabase, createDatabase, type Dialect } from '../src/db/database';
import { createTestDatabase, testConfig, type TestDatabase } from './harness';
import { freePort } from './oidc-client';
import type { Clock } from '../src/lib/clock';

export type LiveServer = { url: string; app: FastifyInstance; database: TestDatabase; close: () => Promise<void> };

/** The whole product listening on a loopback port, its issuer's URL being its own. */
export const startLiveServer = async (dialect: Dialect, env: Record<string, string> = {}, clock?: Clock): Promise<LiveServer> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const database = await createTestDatabase(dialect);
  const config = testConfig(database.dataDir, { PORT: String(port), PUBLIC_URL: url, ...env });
  const app = await buildApp({
    config,
    db: database.db,
    dialect,
    logger: false,
    webDist: path.join(database.dataDir, 'no-web'),
    ...(clock ? { clock } : {}),
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url,
    app,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
};

export type Instance = { app: FastifyInstance; url: string };

/**
 * One server instance on a test database shared with others: its own database connections and, on
 * PostgreSQL, its own live channel, as a separate process of a deployment would have.
 */
export const startInstance = async (database: TestDatabase, env: Record<string, string> = {}, clock?: Clock): Promise<Instance> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const handle = createDatabase({ url: database.url, dataDir: database.dataDir, schema: database.schema });
  const live = database.url
    ? await createPostgresBus({ url: database.url, channel: liveChannel(database.schema), db: handle.db, log: console })
    : undefined;
  const app = await buildApp({
    config: testConfig(database.dataDir, { PORT: String(port), PUBLIC_URL: url, ...env }),
    db: handle.db,
    dialect: database.dialect,
    logger: false,
    live,
    webDist: path.join(database.dataDir, 'no-web'),
    ...(clock ? { clock } : {}),
  });
  app.addHook('onClose', () => closeDatabase(handle.db));
  await app.listen({ port, host: '127.0.0.1' });
  return { app, url };
};
