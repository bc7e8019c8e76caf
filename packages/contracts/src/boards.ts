import { timeUnits } from '@resim/domain';
import { z } from 'zod';
import { presenterPanels, presenterThemes } from './presenter-views';
import { runVerdict, sessionMessage } from './runs';

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
    /** why the run ended: 'learner', 'terminated', 'stopped', or 'removed' by the host */
    endReason: z.string().nullable(),
    verdict: runVerdict.nullable(),
    /**
     * the time allowance the run was played with ('+50 % time', 'untimed'), for hosts and examiners;
     * always null on the presenter display, which learners see
     */
    accommodation: z.string().nullable().default(null),
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
    /** the host has locked the lobby: nobody new may join */
    locked: z.boolean(),
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
    /** who may join: the host is warned before opening a lobby that turns learners away */
    allowAnonymous: z.boolean(),
    allowSignin: z.boolean(),
    /** when learners may play (SPEC 3 scheduleStart, scheduleEnd): the host is warned before opening outside it */
    scheduleStart: z.string().nullable(),
    scheduleEnd: z.string().nullable(),
    /** the caller may open, start and stop the session and send messages */
    canControl: z.boolean(),
    messages: z.array(sessionMessage),
    /** each measure's average over the learners with a score, for the measure charts, with what its values are in */
    measures: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        /** SPEC 9 measure type: money is in `currency`, a time measure in `timeUnit` */
        type: z.number().int(),
        timeUnit: z.enum(timeUnits),
        average: z.number(),
        learners: z.number().int(),
      }),
    ),
    /** ISO 4217 code of the scenario's money measures */
    currency: z.string(),
    /** the saved view shown (null: the standard layout); with hideNames the nicknames above are already replaced */
    layout: z.object({
      viewId: z.string().nullable(),
      name: z.string(),
      panels: z.array(z.enum(presenterPanels)),
      hideNames: z.boolean(),
      theme: z.enum(presenterThemes),
    }),
  })
  .meta({ id: 'PresenterView' });
export type PresenterView = z.infer<typeof presenterView>;

export const presenterParams = z.strictObject({ id: z.string().min(1).max(100), instance: z.string().min(1).max(100) });
/** `?view=` names the saved presenter view to show; without it the scenario's default view, or the standard layout. */
export const presenterQuery = z.strictObject({ view: z.string().trim().min(1, 'Name a saved presenter view').max(100).optional() });
export const scoreboardParams = z.strictObject({ id: z.string().min(1).max(100), instanceId: z.string().min(1).max(100) });
/** `?output=csv` answers the scoreboard as a CSV file, one row per run of the opening. */
export const scoreboardQuery = z.strictObject({ output: z.enum(['json', 'csv']).default('json') });

export const gameOfInstanceParams = scoreboardParams.extend({ gameId: z.string().min(1).max(100) });

/** PUT /admin/resim/{id}/instance/{instanceId}/lock */
export const lockBody = z.strictObject({ locked: z.boolean({ error: 'locked: say true or false' }) });
export const lockState = z.object({ resimId: z.string(), instanceId: z.string(), locked: z.boolean() }).meta({ id: 'LockState' });
export type LockState = z.infer<typeof lockState>;

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
        /** the scenario's revision the opening ran; null for openings made before openings recorded it */
        revision: z.number().int().nullable(),
        /**
         * the most points a run of that version can end with, by the scenario checker: exactly, at most
         * (a bound) or at least (a run it found); null without a points measure or a readable version
         */
        mostPoints: z.object({ value: z.number(), kind: z.enum(['exact', 'atMost', 'atLeast']) }).nullable(),
      }),
    ),
    /** runs in Test Mode, kept apart */
    testRuns: z.number().int(),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboard>;
