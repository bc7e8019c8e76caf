import { createStageTemplateBody, errorBody, idParams, stageTemplate } from '@resim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import { createStageTemplate, getStageTemplate, listStageTemplates } from './stage-templates.service';

const tags = ['Stage templates'];
const errors = { 400: errorBody, 401: errorBody, 404: errorBody };

export const stageTemplateRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  app.get(
    '/admin/stagetemplate',
    { schema: { tags, summary: "The caller's stage templates", response: { 200: z.array(stageTemplate), ...errors } } },
    (request) => listStageTemplates(ctx.db, authOf(request).user.id),
  );

  app.post(
    '/admin/stagetemplate',
    {
      schema: {
        tags,
        summary: 'Save a stage with its actions and conclusions as a template',
        body: createStageTemplateBody,
        response: { 201: stageTemplate, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createStageTemplate({ db: ctx.db, clock: ctx.clock, ownerId: authOf(request).user.id, template: request.body })),
  );

  app.get(
    '/admin/stagetemplate/:id',
    { schema: { tags, summary: 'One stage template', params: idParams, response: { 200: stageTemplate, ...errors } } },
    (request) => getStageTemplate(ctx.db, authOf(request).user.id, request.params.id),
  );
};
