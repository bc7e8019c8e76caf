import { errorBody, scenarioTemplate } from '@resim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scenarioTemplates } from './scenario-templates';

export const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/template',
    { schema: { tags: ['Scenarios'], summary: 'Scenario templates', response: { 200: z.array(scenarioTemplate), 401: errorBody } } },
    () => scenarioTemplates.map(({ id, name, description }) => ({ id, name, description })),
  );
};
