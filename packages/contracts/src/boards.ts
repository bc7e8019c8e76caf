import { z } from 'zod';
import { sessionMessage } from './runs';

/**
 * What the console and the presenter display poll during a session (SPEC 7): the scoreboard of
 * an instance (every 5 s), the scenario's dashboard (every 6 s) and the presenter display.
 */

export const boardLearner = z
  .object({
    gameId: z.string(),
    nickname: z.string(),
    joined: z.string(),
    startedAt: z.string().nullable(),
    endedAt: z.string().nullable(),
    /** steps taken */
    eventCount: z.number().int(),
    points: z.number().nullable(),
    durationMs: z.number().nullable(),
    rank: z.number().int().nullable(),
  })
  .meta({ id: 'BoardLearner' });
export type BoardLearner = z.infer<typeof boardLearner>;

/** GET /admin/resim/{id}/instance/{instanceId}/scoreboard: one opening's learners, ranked first, then those without a score. */
export const scoreboard = z
  .object({
    resimId: z.string(),
    instanceId: z.string(),
    resimName: z.string(),
    players: z.number().int(),
    finished: z.number().int(),
    averagePoints: z.number().nullable(),
    learners: z.array(boardLearner),
  })
  .meta({ id: 'Scoreboard' });
export type Scoreboard = z.infer<typeof scoreboard>;

/** GET /presenter/resim/{id}/{instance}: what the room sees; `current` names the latest opening. */
export const presenterView = scoreboard
  .extend({
    code: z.string().nullable(),
    /** the address learners open, with the code in it */
    joinUrl: z.string().nullable(),
    mode: z.number().int(),
    resimStatus: z.number().int(),
    phase: z.enum(['lobby', 'open', 'closed']),
    hideRank: z.boolean(),
    messages: z.array(sessionMessage),
  })
  .meta({ id: 'PresenterView' });
export type PresenterView = z.infer<typeof presenterView>;

export const presenterParams = z.strictObject({ id: z.string().min(1).max(100), instance: z.string().min(1).max(100) });
export const scoreboardParams = z.strictObject({ id: z.string().min(1).max(100), instanceId: z.string().min(1).max(100) });

/** GET /admin/resim/{id}/dashboard: the scenario's openings at a glance, newest first. */
export const dashboard = z
  .object({
    resimId: z.string(),
    resimStatus: z.number().int(),
    phase: z.enum(['lobby', 'open', 'closed']),
    code: z.string().nullable(),
    currentInstanceId: z.string().nullable(),
    instances: z.array(
      z.object({
        id: z.string(),
        created: z.string(),
        players: z.number().int(),
        playing: z.number().int(),
        finished: z.number().int(),
        averagePoints: z.number().nullable(),
      }),
    ),
    /** runs in Test Mode, kept apart */
    testRuns: z.number().int(),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboard>;
