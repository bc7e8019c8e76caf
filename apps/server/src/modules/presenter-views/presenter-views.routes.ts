import { createPresenterViewBody, errorBody, idParams, patchPresenterViewBody, savedPresenterView } from '@resim/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import { createPresenterView, listPresenterViews, patchPresenterView } from './presenter-views.service';

const tags = ['Presenter views'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** SPEC 7: a scenario's saved presenter views (authenticated scope). */
export const presenterViewRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  const spaceCtx = (request: FastifyRequest) => ({ db: ctx.db, clock: ctx.clock, principal: authOf(request).principal });

  app.get(
    '/admin/resim/:id/presenter',
    {
      schema: {
        tags,
        summary: "The scenario's saved presenter views",
        params: idParams,
        response: { 200: z.array(savedPresenterView), ...errors },
      },
    },
    (request) => listPresenterViews(spaceCtx(request), request.params.id),
  );

  app.post(
    '/admin/presenter',
    {
      schema: {
        tags,
        summary: 'Save a presenter view of a scenario: its panels, whether names are hidden, its theme',
        body: createPresenterViewBody,
        response: { 201: savedPresenterView, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createPresenterView(spaceCtx(request), request.body)),
  );

  app.patch(
    '/admin/presenter/:id',
    {
      schema: {
        tags,
        summary: 'Change a saved presenter view; only the fields sent change',
        params: idParams,
        body: patchPresenterViewBody,
        response: { 200: savedPresenterView, ...errors },
      },
    },
    (request) => patchPresenterView(spaceCtx(request), request.params.id, request.body),
  );
};
