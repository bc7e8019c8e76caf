import { timeUnits } from '@resim/domain';
import { z } from 'zod';
import { runVerdict } from './runs';

/**
 * A space's results across its scenarios (SPEC 7): GET /admin/space/{id}/scoreboard?mode=&output=
 * and what may be asked of it, GET /admin/space/{id}/scoreboard/available. Runs in Test Mode are
 * left out, as from every scoreboard.
 */

/** learner: learners × scenarios; scenario: each scenario's learners ranked; opening: each opening's runs ranked. */
export const spaceScoreboardModes = ['learner', 'scenario', 'opening'] as const;
export type SpaceScoreboardMode = (typeof spaceScoreboardModes)[number];
export const spaceScoreboardOutputs = ['json', 'csv', 'xlsx'] as const;
export type SpaceScoreboardOutput = (typeof spaceScoreboardOutputs)[number];

const listed = (values: readonly string[]) => `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;

const oneOf = <const T extends readonly [string, ...string[]]>(what: string, values: T) =>
  z.enum(values, {
    error: (issue) => `'${String(issue.input)}' is not ${what}; ask for ${listed(values)}`,
  });

/** A scoreboard file's name: the space's name and the mode, in the characters every system accepts. */
/** A part of a file's name from a name people gave: letters, digits and dashes, or `otherwise` when nothing is left. */
export const fileNamePart = (text: string, otherwise: string): string =>
  text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || otherwise;

export const scoreboardFileName = (
  spaceName: string,
  mode: SpaceScoreboardMode,
  output: Exclude<SpaceScoreboardOutput, 'json'>,
): string => {
  const name = fileNamePart(spaceName, 'space');
  return `${name}-scoreboard-by-${mode}.${output}`;
};

export const spaceScoreboardQuery = z.strictObject({
  mode: oneOf('a mode', spaceScoreboardModes).default('learner'),
  output: oneOf('an output', spaceScoreboardOutputs).default('json'),
});
export type SpaceScoreboardQuery = z.input<typeof spaceScoreboardQuery>;

/** A scenario of the space and how it scores: `scoreLabel` names what `score` holds (its first scored measure, else points). */
export const scoreboardScenario = z
  .object({
    id: z.string(),
    resimName: z.string(),
    scoreLabel: z.string(),
    /** a lower score is better (money, time) */
    lowerIsBetter: z.boolean(),
    /** how the score reads: its measure's type (SPEC 9; points read as integers), time unit and the scenario's currency */
    scoreUnits: z.object({ type: z.number().int(), timeUnit: z.enum(timeUnits), currency: z.string() }),
    /** its money and time measures (SPEC 9 types 1 to 4), whose final values each run's `costs` holds; money is in `scoreUnits.currency` */
    costMeasures: z.array(z.object({ id: z.string(), name: z.string(), type: z.number().int(), timeUnit: z.enum(timeUnits) })),
    openings: z.array(z.object({ id: z.string(), created: z.string() })),
  })
  .meta({ id: 'ScoreboardScenario' });
export type ScoreboardScenario = z.infer<typeof scoreboardScenario>;

const scores = {
  /** the scenario's score: the value of its first ranking measure */
  score: z.number().nullable(),
  points: z.number().nullable(),
  durationMs: z.number().nullable(),
};

/** A learner's best finished run of one scenario, ranked among the space's learners of it; no score while none has finished. */
export const learnerResult = z
  .object({
    ...scores,
    rank: z.number().int().nullable(),
    /** the learner's runs of the scenario, finished or not */
    runs: z.number().int(),
    finished: z.number().int(),
  })
  .meta({ id: 'LearnerResult' });
export type LearnerResult = z.infer<typeof learnerResult>;

/** A run's money and time measures at its end, by measure id; null while it goes on. */
const costs = z.record(z.string(), z.number().nullable());

const header = { spaceId: z.string(), spaceName: z.string(), scenarios: z.array(scoreboardScenario) };

/** mode=learner: every learner known by email (the space's and those who played), by email; results keyed by scenario id. */
export const learnerScoreboard = z
  .object({
    mode: z.literal('learner'),
    ...header,
    learners: z.array(z.object({ email: z.string(), results: z.record(z.string(), learnerResult) })),
  })
  .meta({ id: 'LearnerScoreboard' });

/** mode=scenario: each scenario's learners known by email, ranked by their best finished run. */
export const scenarioScoreboard = z
  .object({
    mode: z.literal('scenario'),
    ...header,
    /** `costs`: those of the learner's best finished run */
    rows: z.array(learnerResult.extend({ resimId: z.string(), email: z.string(), costs })),
  })
  .meta({ id: 'ScenarioScoreboard' });

/** mode=opening: every run of every opening, anonymous ones too, the finished ranked within their opening. */
export const openingScoreboard = z
  .object({
    mode: z.literal('opening'),
    ...header,
    rows: z.array(
      z.object({
        ...scores,
        resimId: z.string(),
        instanceId: z.string(),
        rank: z.number().int().nullable(),
        nickname: z.string(),
        email: z.string().nullable(),
        startedAt: z.string().nullable(),
        endedAt: z.string().nullable(),
        /** why the run ended: 'learner', 'terminated', 'stopped', or 'removed' by the host */
        endReason: z.string().nullable(),
        /** the conclusions (diagnoses) the learner confirmed, by name */
        diagnosis: z.array(z.string()),
        /** the answer key's verdict on them: null while the run goes on or when the key names no conclusion */
        answerKey: z.enum(['right', 'wrong']).nullable(),
        /** the pass mark's verdict by the version the opening ran: null while the run goes on, when it was removed, or with no pass mark */
        verdict: runVerdict.nullable(),
        costs,
        /** the time allowance the run was played with ('+50 % time', 'untimed'), for hosts; null for none */
        accommodation: z.string().nullable().optional(),
      }),
    ),
  })
  .meta({ id: 'OpeningScoreboard' });

export const spaceScoreboard = z.discriminatedUnion('mode', [learnerScoreboard, scenarioScoreboard, openingScoreboard]);
export type SpaceScoreboard = z.infer<typeof spaceScoreboard>;
export type LearnerScoreboard = z.infer<typeof learnerScoreboard>;
export type ScenarioScoreboard = z.infer<typeof scenarioScoreboard>;
export type OpeningScoreboard = z.infer<typeof openingScoreboard>;

/** GET /admin/space/{id}/scoreboard/available: the modes with the rows each would hold, and the outputs. */
export const scoreboardAvailable = z
  .object({
    spaceId: z.string(),
    spaceName: z.string(),
    /** learners known by email: the space's and any who played its scenarios signed in */
    learners: z.number().int(),
    scenarios: z.array(
      scoreboardScenario.extend({
        /** learners known by email who played it */
        learners: z.number().int(),
        /** runs outside Test Mode, anonymous ones included */
        runs: z.number().int(),
        finished: z.number().int(),
      }),
    ),
    modes: z.array(z.object({ mode: z.enum(spaceScoreboardModes), label: z.string(), description: z.string(), rows: z.number().int() })),
    outputs: z.array(z.enum(spaceScoreboardOutputs)),
  })
  .meta({ id: 'ScoreboardAvailable' });
export type ScoreboardAvailable = z.infer<typeof scoreboardAvailable>;
