import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

export const healthRoutes: FastifyPluginAsync<{ db: Database; isShuttingDown: () => boolean }> = async (app, options) => {
  // Alive: the process answers.
  app.get('/healthz', { schema: { hide: true } }, () => ({ status: 'ok' }));

  // Ready: the database answers and the process is not draining.
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (options.isShuttingDown()) return reply.status(503).send({ status: 'shutting down' });
    try {
      await sql`select 1`.execute(options.db);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });
};
