import { errorBody, itemAnalysis, scoreboardParams } from '@resim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import { openingItemAnalysis } from './item-analysis.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export const itemAnalysisRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  app.get(
    '/admin/resim/:id/instance/:instanceId/item-analysis',
    {
      schema: {
        tags: ['Runs'],
        summary: "How the answer key's items worked in an opening: facility, discrimination, flags, KR-20 and its standard error",
        description:
          'Over the finished runs of the opening. A figure that cannot be given (too few learners, nothing that varies) is null with the reason in words.',
        params: scoreboardParams,
        response: { 200: itemAnalysis, ...errors },
      },
    },
    (request) =>
      openingItemAnalysis(
        { db: ctx.db, clock: ctx.clock, principal: authOf(request).principal },
        request.params.id,
        request.params.instanceId,
      ),
  );
};
