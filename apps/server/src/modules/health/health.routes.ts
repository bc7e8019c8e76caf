import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** A database slower than this to say `select 1` is not ready: a balancer's check must not hang with it. */
const readyTimeoutMs = 2000;

const withinTime = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

export const healthRoutes: FastifyPluginAsync<{ db: Database; isShuttingDown: () => boolean }> = async (app, options) => {
  // Alive: the process answers.
  app.get('/healthz', { schema: { hide: true } }, () => ({ status: 'ok' }));

  // Ready: the database answers and the process is not draining.
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (options.isShuttingDown()) return reply.status(503).send({ status: 'shutting down' });
    try {
      await withinTime(sql`select 1`.execute(options.db), readyTimeoutMs);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });
};
