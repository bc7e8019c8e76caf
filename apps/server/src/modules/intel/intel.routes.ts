import { errorBody, intel, intelQuery } from '@resim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import { intelOf } from './intel.service';

/** SPEC 7: GET /admin/intel, what the Intel page shows. */
export const intelRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  app.get(
    '/admin/intel',
    {
      schema: {
        tags: ['Intel'],
        summary:
          "Insight across the runs of the caller's scenarios: runs started and finished, completion by day, measures' final values and the answer key's hardest items; ?space, ?resim, ?from and ?to (days, YYYY-MM-DD) narrow it",
        querystring: intelQuery,
        response: { 200: intel, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    (request) => intelOf({ db: ctx.db, dialect: ctx.dialect, clock: ctx.clock, principal: authOf(request).principal }, request.query),
  );
};
