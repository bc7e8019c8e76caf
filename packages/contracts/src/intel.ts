import { timeUnits } from '@resim/domain';
import { z } from 'zod';

/**
 * GET /admin/intel (SPEC 7): insight across the runs of the scenarios in the caller's spaces,
 * narrowed to a space, a scenario and the days the runs started on. Test Mode runs and authors'
 * previews are left out, as from every learners' result.
 */

const itemId = (what: string) =>
  z
    .string({ error: `give the id of ${what}` })
    .trim()
    .min(1, { error: `give the id of ${what}` })
    .max(100, { error: `an id has at most 100 characters` })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'an id has only letters, digits, - and _' })
    .optional();

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as YYYY-MM-DD that exists (not 2025-02-30). */
const day = z
  .string({ error: 'give a day as YYYY-MM-DD' })
  .refine((value) => isoDay.test(value) && new Date(`${value}T00:00:00.000Z`).toISOString().startsWith(value), {
    error: (issue) => `'${String(issue.input)}' is not a day; give one as YYYY-MM-DD`,
  })
  .optional();

export const intelPeriods = ['day', 'week'] as const;
export type IntelPeriod = (typeof intelPeriods)[number];

export const intelQuery = z
  .strictObject({
    space: itemId('a space'),
    resim: itemId('a scenario'),
    /** the first day counted, by the day runs started (UTC) */
    from: day,
    /** the last day counted, included */
    to: day,
    /** the trend by day (the default) or by week, Monday to Sunday */
    by: z.enum(intelPeriods, { error: (issue) => `'${String(issue.input)}' is not a period; ask for day or week` }).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    error: 'must not be before from',
  });
export type IntelQuery = z.infer<typeof intelQuery>;

/** At most this many items are listed as the hardest of each kind. */
export const hardestItemsLimit = 10;

const counts = {
  /** runs that started */
  started: z.number().int(),
  /** of those, the runs that ended */
  finished: z.number().int(),
  /** finished / started, from 0 to 1; null when none started */
  completionRate: z.number().nullable(),
};

/** A measure's final values over the finished runs of its scenario. */
export const intelMeasure = z.object({
  resimId: z.string(),
  resimName: z.string(),
  id: z.string(),
  name: z.string(),
  /** SPEC 9 measure type: money is in `currency`, a time measure in `timeUnit` */
  type: z.number().int(),
  timeUnit: z.enum(timeUnits),
  /** ISO 4217 code of the scenario's money measures */
  currency: z.string(),
  /** finished runs with a value */
  runs: z.number().int(),
  average: z.number(),
  min: z.number(),
  max: z.number(),
  /** population standard deviation */
  standardDeviation: z.number(),
});
export type IntelMeasure = z.infer<typeof intelMeasure>;

/** An item of a scenario's answer key and how many of its finished runs got it wrong. */
export const intelItem = z.object({
  resimId: z.string(),
  resimName: z.string(),
  id: z.string(),
  name: z.string(),
  /** finished runs that missed it (a required action) or did it (the others) */
  runs: z.number().int(),
  /** the scenario's finished runs */
  of: z.number().int(),
});
export type IntelItem = z.infer<typeof intelItem>;

export const intel = z
  .object({
    filters: z.object({
      space: z.string().nullable(),
      resim: z.string().nullable(),
      from: z.string().nullable(),
      to: z.string().nullable(),
      by: z.enum(intelPeriods),
    }),
    totals: z.object({ ...counts, scenarios: z.number().int(), openings: z.number().int() }),
    scenarios: z.array(
      z.object({
        id: z.string(),
        resimName: z.string(),
        spaceId: z.string(),
        openings: z.number().int(),
        ...counts,
        /** finished runs the pass mark of their version judged (none: no version asks for one) */
        judged: z.number().int(),
        /** of those, the runs that passed */
        passed: z.number().int(),
        /** passed / judged, from 0 to 1; null when none was judged */
        passRate: z.number().nullable(),
      }),
    ),
    /** runs by the day or week they started in (UTC), oldest first, each named by its first day; periods without runs are left out */
    trend: z.array(z.object({ day: z.string(), ...counts })),
    measures: z.array(intelMeasure),
    /** each list most often first, at most `hardestItemsLimit` */
    hardest: z.object({
      requiredActionsMissed: z.array(intelItem),
      unnecessaryActionsRun: z.array(intelItem),
      harmfulActionsRun: z.array(intelItem),
      wrongConclusionsConfirmed: z.array(intelItem),
    }),
  })
  .meta({ id: 'Intel' });
export type Intel = z.infer<typeof intel>;
