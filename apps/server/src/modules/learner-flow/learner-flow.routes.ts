import { errorBody, idParams, learnerFlow, learnerFlowQuery } from '@resim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import * as flows from './learner-flow.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** SPEC 7: the flow view the console polls every 10 s. */
export const learnerFlowRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  app.get(
    '/admin/resim/:id/flow',
    {
      schema: {
        tags: ['Runs'],
        summary:
          "The learners' flow: who reached each stage, ran each test, confirmed each diagnosis; what they did next; where unfinished runs stand; the wrong diagnoses picked",
        params: idParams,
        querystring: learnerFlowQuery,
        response: { 200: learnerFlow, ...errors },
      },
    },
    (request) =>
      flows.learnerFlow(
        { db: ctx.db, dialect: ctx.dialect, clock: ctx.clock, principal: authOf(request).principal },
        request.params.id,
        request.query.instance,
      ),
  );
};
