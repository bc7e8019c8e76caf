import { z } from 'zod';

/**
 * GET /admin/clients (SPEC 7): the learners active now and recently across the caller's spaces,
 * one row per run, for the Monitoring page. "Recently" is the window below.
 */

/** A run is listed while its last change (joining, starting, a step, its end) is this recent, or while its learner is connected. */
export const recentWindowHours = 24;
/** At most this many runs are listed, the most recently active first. */
export const clientsLimit = 1000;

export const clientsQuery = z.strictObject({
  id: z
    .string({ error: 'id: give the id of a scenario' })
    .trim()
    .min(1, { error: 'id: give the id of a scenario' })
    .max(100, { error: 'id: a scenario id has at most 100 characters' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'id: a scenario id has only letters, digits, - and _' })
    .optional(),
});
export type ClientsQuery = z.infer<typeof clientsQuery>;

const done = z.object({ done: z.number().int(), total: z.number().int() });

export const activeClient = z
  .object({
    gameId: z.string(),
    learner: z.object({
      nickname: z.string(),
      /** the signed-in learner's name, or null */
      name: z.string().nullable(),
      /** null for an anonymous learner */
      email: z.string().nullable(),
      anonymous: z.boolean(),
    }),
    scenario: z.object({ id: z.string(), name: z.string(), spaceId: z.string(), spaceName: z.string() }),
    opening: z.object({
      id: z.string(),
      /** 1 for the scenario's first opening; null for Test Mode and previews */
      number: z.number().int().nullable(),
      /** the current opening's phase; an earlier one is closed */
      status: z.enum(['lobby', 'open', 'closed']),
    }),
    /** an author playing in Test Mode or a preview, kept out of learners' results */
    test: z.boolean(),
    progress: z.object({
      stages: done,
      actions: done,
      conclusions: done,
      /** the 'points' measure now, when the scenario has one */
      points: z.number().nullable(),
    }),
    /** the last step taken, or null before the first */
    lastStep: z
      .object({
        /** runAction, confirmConclusions, takeHint, end or stop */
        type: z.string(),
        /** the names of the tests or diagnoses it concerned */
        items: z.array(z.string()),
        at: z.string(),
      })
      .nullable(),
    joined: z.string(),
    startedAt: z.string().nullable(),
    /** the last change of the run: joining, starting, a step or its end */
    lastActive: z.string(),
    /** the learner's player holds a live connection to this server now */
    connected: z.boolean(),
    finished: z.boolean(),
    endReason: z.string().nullable(),
  })
  .meta({ id: 'ActiveClient' });
export type ActiveClient = z.infer<typeof activeClient>;

export const clientsResponse = z
  .object({
    /** the window's start: runs changed since then are listed */
    since: z.string(),
    windowHours: z.number().int(),
    /** the scenario asked for with ?id, or null for every scenario */
    resimId: z.string().nullable(),
    clients: z.array(activeClient),
    /** more runs were active than the limit: the least recent were left out */
    truncated: z.boolean(),
  })
  .meta({ id: 'ActiveClients' });
export type ClientsResponse = z.infer<typeof clientsResponse>;
