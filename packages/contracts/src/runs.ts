import { z } from 'zod';
import { learnerEvent, nicknameProblem, normaliseNickname, textFields, timeUnits, type SnapshotDelta } from '@resim/domain';

/**
 * The learner's side (player) and the run records the console reads. Learner endpoints live
 * under /learn; a learner is either signed in (bearer token) or anonymous with the run token
 * handed out when they joined (header `x-run-token`).
 */

export const joinCodeParams = z.strictObject({ code: z.string().trim().min(3).max(16) });
export const gameParams = z.strictObject({ gameId: z.string().min(1).max(100) });
export const scoreParams = z.strictObject({ resimId: z.string().min(1).max(100), gameId: z.string().min(1).max(100) });

/**
 * When a scenario may be played (its scheduleStart and scheduleEnd) and where now stands against
 * it: learners cannot join or take steps before it opens or after it closed.
 */
export const playSchedule = z
  .object({
    opens: z.string().nullable(),
    closes: z.string().nullable(),
    phase: z.enum(['unscheduled', 'before', 'open', 'after']),
  })
  .meta({ id: 'PlaySchedule' });
export type PlaySchedule = z.infer<typeof playSchedule>;

/** GET /learn/join/{code}: what a learner sees before joining. */
export const joinInfo = z
  .object({
    code: z.string(),
    resimId: z.string(),
    resimName: z.string(),
    description: z.string(),
    mode: z.number().int(),
    resimStatus: z.number().int(),
    /** 'lobby' waits for the presenter, 'open' can be played, 'closed' cannot be joined */
    phase: z.enum(['lobby', 'open', 'closed']),
    /** the presenter has locked the opening and the caller is not in it: joining would be refused */
    locked: z.boolean(),
    allowAnonymous: z.boolean(),
    allowSignin: z.boolean(),
    settings: z.object({ hideRank: z.boolean(), hideTime: z.boolean(), allowApp: z.boolean(), allowBrowser: z.boolean() }),
    schedule: playSchedule,
  })
  .meta({ id: 'JoinInfo' });
export type JoinInfo = z.infer<typeof joinInfo>;

/** A nickname as the session shows it to everyone (the rules are the domain's, which the player checks with too). */
export const nickname = z
  .string()
  .overwrite(normaliseNickname)
  .superRefine((value, context) => {
    const problem = nicknameProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** POST /learn/join/{code}: anonymous learners give a nickname; signed-in learners send their token. */
export const joinBody = z.strictObject({ nickname: nickname.optional() });

const media = z.object({ id: z.string(), url: z.string(), description: z.string() });
const mediaSet = { images: z.array(media), videos: z.array(media), files: z.array(media) };
const availability = z.enum(['available', 'done', 'unavailable']);
const impactOut = z.object({ measureId: z.string(), value: z.number() });
const ended = z
  .object({ at: z.number(), reason: z.enum(['learner', 'terminated', 'stopped']), measureId: z.string().optional() })
  .nullable();

export const runView = z
  .object({
    text: z.object(Object.fromEntries(textFields.map((field) => [field, z.string()])) as Record<(typeof textFields)[number], z.ZodString>),
    stage: z.object({ id: z.string(), name: z.string(), description: z.string() }).nullable(),
    stages: z.array(z.object({ id: z.string(), name: z.string(), isAntibodyPanel: z.boolean() })),
    facts: z.array(
      z.object({
        source: z.enum(['baseline', 'action']),
        id: z.string(),
        name: z.string(),
        text: z.string(),
        feedback: z.string().nullable(),
        at: z.number().nullable(),
        ...mediaSet,
      }),
    ),
    actions: z.array(
      z.object({ id: z.string(), name: z.string(), stage: z.string().nullable(), availability, reason: z.string().nullable() }),
    ),
    conclusions: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        stage: z.string().nullable(),
        availability,
        reason: z.string().nullable(),
        feedback: z.string().nullable(),
      }),
    ),
    maxConclusions: z.number().int(),
    infos: z.array(z.object({ id: z.string(), name: z.string(), text: z.string(), ...mediaSet })),
    hint: z.object({ cost: z.array(impactOut) }).nullable(),
    hintText: z.string().nullable(),
    measures: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        type: z.number(),
        value: z.number(),
        min: z.number().nullable(),
        max: z.number().nullable(),
        limitKind: z.number().nullable(),
        atLimit: z.boolean(),
        timeUnit: z.enum(timeUnits),
      }),
    ),
    currency: z.string(),
    actionCosts: z.record(z.string(), z.array(impactOut)).nullable(),
    media: z.object(mediaSet),
    ended,
  })
  .meta({ id: 'RunView' });

export const sessionMessage = z
  .object({ id: z.string(), title: z.string(), message: z.string(), sent: z.string() })
  .meta({ id: 'SessionMessage' });
export type SessionMessage = z.infer<typeof sessionMessage>;

/** A learner's run as the player shows it: where the session is, what the run shows, what was said. */
export const gameSnapshot = z
  .object({
    gameId: z.string(),
    resimId: z.string(),
    resimName: z.string(),
    /** the case as the scenario's description tells it, kept in reach for the whole run */
    description: z.string(),
    nickname: z.string(),
    mode: z.number().int(),
    /** a presenter leads the run's session and ends it with a Stop: a Realtime opening, not a preview or Test Mode */
    hosted: z.boolean(),
    resimStatus: z.number().int(),
    phase: z.enum(['lobby', 'open', 'closed']),
    /** the run's events so far; a client sends this back to say what it has seen */
    eventCount: z.number().int(),
    startedAt: z.string().nullable(),
    /** the server's clock, so auto-time measures tick from the right moment */
    serverTime: z.number(),
    view: runView.nullable(),
    /** the scenario's wording (SPEC 3 text set with its uiText) while the run has no view yet; then the view's */
    text: runView.shape.text.nullable(),
    messages: z.array(sessionMessage),
    settings: z.object({ hideRank: z.boolean(), hideTime: z.boolean(), allowApp: z.boolean(), allowBrowser: z.boolean() }),
    /** the code of the scenario that follows, offered at the end */
    nextResimCode: z.string().nullable(),
    /** the learner's score, once the run has ended */
    score: z.lazy(() => gameScore).nullable(),
    /** why the run ended; 'removed' when the host took the learner out of the session */
    endReason: z.string().nullable(),
    /**
     * the learner's time allowance (an accommodation, or a scenario untimed for everyone): untimed,
     * or the seconds more than the standard its longest clock gives (null when no clock limits the
     * run); null for a run played to the scenario's own time
     */
    allowance: z.object({ untimed: z.boolean(), extraSeconds: z.number().nullable() }).nullable().default(null),
  })
  .meta({ id: 'GameSnapshot' });
export type GameSnapshot = z.infer<typeof gameSnapshot>;

/** POST /learn/join/{code} answers the run and, for an anonymous learner, the token that resumes it. */
export const joinResult = z
  .object({ gameId: z.string(), runToken: z.string().nullable(), snapshot: gameSnapshot })
  .meta({ id: 'JoinResult' });
export type JoinResult = z.infer<typeof joinResult>;

/** POST /learn/game/{gameId}/event */
export const eventBody = learnerEvent;

const scoredItem = z.object({ id: z.string(), name: z.string() });

/**
 * The pass mark's verdict on an ended run and its reasons, by the version its opening ran; null
 * while the run goes on or when that version asks for no pass mark.
 */
export const runVerdict = z
  .object({
    passed: z.boolean(),
    /** in an examiner's words: "32 points scored (30 needed)", "Harmful test “CT head” was run" */
    reasons: z.array(z.string()),
  })
  .meta({ id: 'RunVerdict' });
export type RunVerdict = z.infer<typeof runVerdict>;

export const gameScore = z
  .object({
    gameId: z.string(),
    resimId: z.string(),
    nickname: z.string(),
    measures: z.record(z.string(), z.number()),
    points: z.number().nullable(),
    durationMs: z.number(),
    actionsRun: z.number().int(),
    conclusionsConfirmed: z.array(z.string()),
    answers: z.object({
      actionsMatched: z.number().int(),
      actionsExpected: z.number().int(),
      conclusionsMatched: z.number().int(),
      conclusionsExpected: z.number().int(),
      correct: z.boolean(),
    }),
    /**
     * The answer key's verdict item by item; null while the learner may not see it yet (the run
     * goes on, or a live session has not been stopped).
     */
    feedback: z
      .object({
        requiredActionsMissed: z.array(scoredItem),
        unnecessaryActionsRun: z.array(scoredItem),
        harmfulActionsRun: z.array(scoredItem),
        conclusionsConfirmed: z.array(scoredItem.extend({ correct: z.boolean() })),
        correctConclusions: z.array(scoredItem),
      })
      .nullable(),
    rank: z.number().int().nullable(),
    of: z.number().int(),
    ended: z.boolean(),
    /**
     * The pass mark's verdict, once the learner may see the answer key's (it names required and
     * harmful tests); a live run's snapshot leaves it to GET /scores, which works it out.
     */
    verdict: runVerdict.nullable(),
  })
  .meta({ id: 'GameScore' });
export type GameScore = z.infer<typeof gameScore>;

/** GET /admin/resim/{id}/games: every run of a scenario. */
export const gameSummary = z
  .object({
    id: z.string(),
    instanceId: z.string(),
    /** the scenario's revision the run's opening ran; null for openings made before openings recorded it, and previews */
    revision: z.number().int().nullable(),
    nickname: z.string(),
    email: z.string().nullable(),
    test: z.boolean(),
    created: z.string(),
    startedAt: z.string().nullable(),
    endedAt: z.string().nullable(),
    endReason: z.string().nullable(),
    eventCount: z.number().int(),
    points: z.number().nullable(),
    measures: z.record(z.string(), z.number()),
    rank: z.number().int().nullable(),
    verdict: runVerdict.nullable(),
  })
  .meta({ id: 'GameSummary' });
export type GameSummary = z.infer<typeof gameSummary>;

/** POST /admin/resim/{id}/preview: a fresh run for the author, and the player's address that plays it. */
export const previewRun = z
  .object({
    gameId: z.string(),
    path: z.string(),
  })
  .meta({ id: 'PreviewRun' });
export type PreviewRun = z.infer<typeof previewRun>;

/** GET /admin/resim/{id}/audit: one learner event; the trail runs oldest first. */
export const auditEntry = z
  .object({
    gameId: z.string(),
    nickname: z.string(),
    seq: z.number().int(),
    type: z.string(),
    detail: z.record(z.string(), z.unknown()),
    at: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPageLimit = { default: 1000, max: 10_000 } as const;

/**
 * GET /admin/resim/{id}/audit?instance=&cursor=&limit=: `instance` keeps to the steps of one
 * opening; `cursor` is the previous page's nextCursor, as it was given.
 */
export const auditQuery = z.strictObject({
  instance: z.string().trim().min(1).max(100).optional(),
  cursor: z.string().min(1, 'Give the nextCursor of the previous page').max(500).optional(),
  limit: z.coerce
    .number({ error: 'A whole number of steps' })
    .int('A whole number of steps')
    .min(1, 'At least 1 step')
    .max(auditPageLimit.max, `At most ${auditPageLimit.max} steps`)
    .default(auditPageLimit.default),
});

/** One page of the audit trail; nextCursor is null on the last. */
export const auditPage = z
  .object({
    entries: z.array(auditEntry),
    /** pass as ?cursor= for the steps after these */
    nextCursor: z.string().nullable(),
    /** every step of the trail (or of the opening), on every page */
    total: z.number().int(),
  })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPage>;

/** GET /resim/{id}/score: the scenario's ranking as a learner may see it, and the caller's own runs. */
export const resimScore = z
  .object({
    resimId: z.string(),
    players: z.number().int(),
    finished: z.number().int(),
    averagePoints: z.number().nullable(),
    ranking: z.array(z.object({ rank: z.number().int(), nickname: z.string(), points: z.number().nullable() })),
    mine: z.array(gameScore),
  })
  .meta({ id: 'ResimScore' });
export type ResimScore = z.infer<typeof resimScore>;

/** POST /admin/control/{id}/message */
export const sessionMessageBody = z.strictObject({
  id: z.string().trim().min(1).max(100),
  title: z.string().trim().min(1, 'Give the message a title').max(200),
  message: z.string().trim().min(1, 'Write a message').max(2000),
});

/** GET /learn/mine: scenarios a signed-in learner has played or is allocated. */
export const learnerScenario = z
  .object({
    resimId: z.string(),
    resimName: z.string(),
    code: z.string(),
    phase: z.enum(['lobby', 'open', 'closed']),
    /** SPEC 4 run status: tells a scenario not opened yet from a finished one */
    resimStatus: z.number().int(),
    gameId: z.string().nullable(),
    ended: z.boolean(),
    /** when the learner's latest run ended, and its points (null: it has none, or the scenario counts none) */
    endedAt: z.string().nullable(),
    points: z.number().nullable(),
    /** the learner may download the report of that ended run: the session shows them how they did */
    reportReady: z.boolean(),
    /** and its certificate: the run passed the pass mark, and the certificate was not revoked */
    certificateReady: z.boolean(),
    /** given to the learner by an administrator of its space */
    allocated: z.boolean(),
    schedule: playSchedule,
  })
  .meta({ id: 'LearnerScenario' });
export type LearnerScenario = z.infer<typeof learnerScenario>;

/**
 * WebSocket /learn/socket?game={gameId}&token={runToken or access token} (DESIGN 6). The server
 * sends the whole snapshot when the socket opens, and then what changed: a delta to apply to the
 * snapshot of the version before (`version` counts what this socket was sent, one by one). A
 * client that missed a version, or cannot apply a delta, sends `sync` and gets the whole
 * snapshot again. Events go with a request id and are answered by a result for that id, which
 * carries the run's change like a delta (or, now and then, the whole snapshot).
 */
export const socketClientMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('event'), requestId: z.string().min(1).max(64), event: learnerEvent }),
  z.strictObject({ type: z.literal('ping') }),
  /** asks for the whole snapshot: after a version gap, or a delta that did not apply */
  z.strictObject({ type: z.literal('sync') }),
]);
export type SocketClientMessage = z.infer<typeof socketClientMessage>;

/** What a successful step or a push carries: the change to apply to the version before, or the whole snapshot. */
export type SocketChange =
  | { readonly version: number; readonly delta: SnapshotDelta; readonly snapshot?: undefined }
  | { readonly version: number; readonly snapshot: GameSnapshot; readonly delta?: undefined };

export type SocketServerMessage =
  | { readonly type: 'snapshot'; readonly version: number; readonly snapshot: GameSnapshot }
  | { readonly type: 'delta'; readonly version: number; readonly delta: SnapshotDelta }
  | ({ readonly type: 'result'; readonly requestId: string; readonly ok: true } & SocketChange)
  | {
      readonly type: 'result';
      readonly requestId: string;
      readonly ok: false;
      readonly error: { readonly code: string; readonly message: string };
    }
  | { readonly type: 'message'; readonly message: SessionMessage }
  | { readonly type: 'error'; readonly code: string; readonly message: string }
  /** `version`: the last version this socket was sent, so that a client that missed it finds out */
  | { readonly type: 'pong'; readonly version?: number };
