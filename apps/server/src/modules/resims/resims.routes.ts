import { errorBody, resimSummary } from '@resim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import { listResims } from './resims.service';

export const resimRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  app.get(
    '/admin/resim',
    {
      schema: {
        tags: ['Scenarios'],
        summary: "Scenarios in the caller's spaces",
        response: { 200: z.array(resimSummary), 401: errorBody },
      },
    },
    (request) => listResims({ db: ctx.db, clock: ctx.clock, principal: authOf(request).principal }),
  );
};
