import { z } from 'zod';

/** The scenario as listed on Home. */
export const resimSummary = z
  .object({
    id: z.string(),
    resimName: z.string(),
    description: z.string(),
    group: z.string().describe('Id of the space holding the scenario'),
    resimStatus: z.number().int(),
    templateId: z.string().nullable(),
    created: z.string(),
  })
  .meta({ id: 'ResimSummary' });
export type ResimSummary = z.infer<typeof resimSummary>;

export const scenarioTemplate = z.object({ id: z.string(), name: z.string(), description: z.string() }).meta({ id: 'ScenarioTemplate' });
export type ScenarioTemplate = z.infer<typeof scenarioTemplate>;
