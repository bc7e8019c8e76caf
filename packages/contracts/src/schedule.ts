import { z } from 'zod';

/**
 * GET /admin/schedule: for each scenario in the caller's spaces, its window (SPEC 3 scheduleStart
 * and scheduleEnd) and its openings, with the revision a change of the window must name.
 */
export const scheduleEntry = z
  .object({
    id: z.string(),
    resimName: z.string(),
    group: z.string().describe('Id of the space holding the scenario'),
    resimStatus: z.number().int(),
    revision: z.number().int(),
    scheduleStart: z.string().nullable(),
    scheduleEnd: z.string().nullable(),
    /** when each opening (instance) started, oldest first */
    openings: z.array(z.object({ id: z.string(), created: z.string() })),
  })
  .meta({ id: 'ScheduleEntry' });
export type ScheduleEntry = z.infer<typeof scheduleEntry>;
