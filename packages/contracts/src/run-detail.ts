import { z } from 'zod';
import { gameSummary } from './runs';

/** GET /admin/resim/{id}/games/{gameId}: one learner's run, step by step, for its host. */

export const runDetailParams = z.strictObject({ id: z.string().min(1).max(100), gameId: z.string().min(1).max(100) });

const runFact = z.object({ id: z.string(), name: z.string(), text: z.string() });
const runMeasure = z.object({ id: z.string(), name: z.string(), value: z.number() });

export const runStep = z
  .object({
    seq: z.number().int(),
    type: z.string(),
    at: z.string(),
    detail: z.record(z.string(), z.unknown()),
    /** the facts this step revealed */
    facts: z.array(runFact),
    /** every measure just after the step */
    measures: z.array(runMeasure),
  })
  .meta({ id: 'RunStep' });
export type RunStep = z.infer<typeof runStep>;

export const runDetail = z
  .object({
    run: gameSummary,
    steps: z.array(runStep),
    /** every fact the learner has, baseline first */
    facts: z.array(runFact),
    /** the measures as they stand */
    measures: z.array(runMeasure),
    /** the learning platform that launched the run (a SCORM package, an LTI platform), or null */
    launchedBy: z
      .object({
        source: z.enum(['scorm', 'lti']),
        /** the platform's name, or the package's version */
        name: z.string(),
        /** the platform's id of its learner */
        learnerRef: z.string(),
      })
      .nullable(),
    /** the time allowance the run was played with ('+50 % time', 'untimed'), for its hosts; null for none */
    accommodation: z.string().nullable().optional(),
  })
  .meta({ id: 'RunDetail' });
export type RunDetail = z.infer<typeof runDetail>;

/** POST /admin/resim/{id}/games/{gameId}/report/email: the run's report is queued in the outbox for its learner. */
export const reportEmailed = z
  .object({ queued: z.number().int().describe('Emails queued, each with its learner’s report attached') })
  .meta({ id: 'ReportEmailed' });
export type ReportEmailed = z.infer<typeof reportEmailed>;

/** POST /admin/resim/{id}/instance/{instanceId}/reports/email: the opening's reports queued, and the learners left out or emailed before. */
export const reportsEmailed = reportEmailed
  .extend({
    skipped: z.number().int().describe('Ended runs whose learner has no email address, such as anonymous ones'),
    alreadyEmailed: z
      .number()
      .int()
      .describe('Ended runs whose report was emailed before (by this button, or one run at a time), not sent again'),
  })
  .meta({ id: 'ReportsEmailed' });
export type ReportsEmailed = z.infer<typeof reportsEmailed>;
