import { clientLogBody, errorBody } from '@resim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientLogLevel } from './client-log-level';

/**
 * Where the web app reports requests that failed in a browser. Open to signed-out pages too
 * (a failed sign-in is worth knowing about), so it is rate-limited and only logs.
 */
export const clientLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/client-log',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      bodyLimit: 16_384,
      schema: {
        tags: ['Client log'],
        summary: 'Report a failure seen in the browser',
        body: clientLogBody,
        response: { 204: z.null(), 400: errorBody },
      },
    },
    async (request, reply) => {
      const { level: _level, ...report } = request.body;
      request.log[clientLogLevel(request.body)]({ client: report }, 'client reported a failure');
      return reply.status(204).send(null);
    },
  );
};
