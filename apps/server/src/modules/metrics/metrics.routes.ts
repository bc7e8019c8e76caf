import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { AppError, notFound } from '../../errors/app-error';
import type { Metrics } from './metrics';

const sameText = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** GET /metrics: Prometheus's text format, for a scraper holding METRICS_TOKEN; off without it. */
export const metricsRoutes: FastifyPluginAsync<{ metrics: Metrics; token: string | undefined }> = async (app, options) => {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!options.token) throw notFound('Metrics (set METRICS_TOKEN to serve them)');
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameText(given, options.token))
      throw new AppError('unauthenticated', 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>');
    const text = await options.metrics.registry.metrics();
    return reply.type(options.metrics.registry.contentType).send(text);
  });
};
