import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { createTestDatabase, testConfig, type TestDatabase } from './harness';
import { freePort } from './oidc-client';
import type { Dialect } from '../src/db/database';
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
