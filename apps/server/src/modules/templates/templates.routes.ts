import { errorBody, scenarioTemplate, type ScenarioTemplate } from '@resim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The scenario templates a new scenario can start from. */
export const scenarioTemplates: readonly ScenarioTemplate[] = [
  { id: 'blank', name: 'Blank scenario', description: 'Start from nothing: one task, no tests and no diagnoses.' },
];

export const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/template',
    { schema: { tags: ['Scenarios'], summary: 'Scenario templates', response: { 200: z.array(scenarioTemplate), 401: errorBody } } },
    () => [...scenarioTemplates],
  );
};
