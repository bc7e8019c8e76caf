import { z } from 'zod';
import { Priority } from '../constants';
import { actionMarks, comparisonOperators, SimulationMode, textFields, timeUnits } from './vocabulary';

/**
 * SPEC 3: the complete scenario (resim) as one schema, shared by the server's validation, the
 * API contract and the editor. Optional fields have defaults so that an old or partial document
 * reads as a whole scenario.
 */

export const itemId = z.string().trim().min(1, 'must not be empty').max(64);
const text = (max: number) => z.string().max(max);
const label = z.string().trim().max(200);

export const requirementSet = z.object({
  all: z.array(itemId).default([]),
  any: z.array(itemId).default([]),
  none: z.array(itemId).default([]),
});
export type RequirementSet = z.infer<typeof requirementSet>;
const emptyRequirements = (): RequirementSet => ({ all: [], any: [], none: [] });

export const impact = z.object({ measureId: itemId, value: z.number().finite() });
export type Impact = z.infer<typeof impact>;

export const measureCondition = z.object({ measureId: itemId, operator: z.enum(comparisonOperators), value: z.number().finite() });
export type MeasureCondition = z.infer<typeof measureCondition>;

export const activator = z.object({ id: itemId, name: label.default(''), stage: itemId.nullable().default(null) });
export type Activator = z.infer<typeof activator>;

export const mediaItem = z.object({ id: itemId, url: text(2000), description: text(500).default('') });
export type MediaItem = z.infer<typeof mediaItem>;

/** Overview media of the scenario, each shown in the stages listed (all stages when empty). */
export const overviewMedia = mediaItem.extend({ availableStages: z.array(itemId).default([]) });
export type OverviewMedia = z.infer<typeof overviewMedia>;

export const uiText = z.partialRecord(z.enum(textFields), text(500));
export type UiText = z.infer<typeof uiText>;

const requirements = {
  requiredActions: requirementSet.default(emptyRequirements),
  requiredConclusions: requirementSet.default(emptyRequirements),
};

export const action = z.object({
  id: itemId,
  name: label,
  stage: itemId.nullable().default(null),
  ...requirements,
  impact: z.array(impact).default([]),
  measureConditions: z.array(measureCondition).default([]),
  activators: z.array(activator).default([]),
  feedback: text(20_000).default(''),
  instantFeedback: z.boolean().default(false),
  isAlwaysShown: z.boolean().default(false),
  facts: text(20_000).default(''),
  factFiles: z.array(mediaItem).default([]),
  factVideos: z.array(mediaItem).default([]),
  factImages: z.array(mediaItem).default([]),
});
export type Action = z.infer<typeof action>;

export const conclusion = z.object({
  id: itemId,
  name: label,
  stage: itemId.nullable().default(null),
  ...requirements,
  impact: z.array(impact).default([]),
  feedback: text(20_000).default(''),
  isAlwaysShown: z.boolean().default(false),
});
export type Conclusion = z.infer<typeof conclusion>;

export const stage = z.object({
  id: itemId,
  name: label,
  default: z.boolean().default(false),
  stageGroup: itemId.nullable().default(null),
  requiredStages: requirementSet.default(emptyRequirements),
  ...requirements,
  activators: z.array(activator).default([]),
  uiText: uiText.default({}),
  isAntibodyPanel: z.boolean().default(false),
  description: text(20_000).default(''),
  descriptionFiles: z.array(mediaItem).default([]),
  descriptionImages: z.array(mediaItem).default([]),
  descriptionVideos: z.array(mediaItem).default([]),
});
export type Stage = z.infer<typeof stage>;

export const stageGroup = z.object({ id: itemId, name: label });
export type StageGroup = z.infer<typeof stageGroup>;

export const measureLimits = z.object({
  min: z.number().finite().nullable().default(null),
  max: z.number().finite().nullable().default(null),
  kind: z.union([z.literal(1), z.literal(2), z.literal(3)]),
});
export type MeasureLimits = z.infer<typeof measureLimits>;

export const measure = z.object({
  id: itemId,
  name: label,
  type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6), z.literal(7)]).default(7),
  initial: z.number().finite().default(0),
  limits: measureLimits.nullable().default(null),
  /** rank of this measure when ordering learners; lower ranks first, null: not scored */
  scoreOrder: z.number().int().nullable().default(null),
  /** the unit a time measure (type 4) is counted and shown in; the auto-time types count seconds */
  timeUnit: z.enum(timeUnits).default('seconds'),
});
export type Measure = z.infer<typeof measure>;

export const info = z.object({
  id: itemId,
  name: label,
  text: text(20_000).default(''),
  stage: itemId.nullable().default(null),
  measureConditions: z.array(measureCondition).default([]),
  impact: z.array(impact).default([]),
  /** images, videos and files shown with the text (our design: SPEC 3 names the same lists for facts) */
  factFiles: z.array(mediaItem).default([]),
  factVideos: z.array(mediaItem).default([]),
  factImages: z.array(mediaItem).default([]),
});
export type Info = z.infer<typeof info>;

export const baseline = z.object({
  id: itemId,
  name: label,
  facts: text(20_000).default(''),
  factFiles: z.array(mediaItem).default([]),
  factVideos: z.array(mediaItem).default([]),
  factImages: z.array(mediaItem).default([]),
});
export type Baseline = z.infer<typeof baseline>;

export const page = z.object({ id: itemId, name: label, content: text(50_000).default('') });
export type Page = z.infer<typeof page>;

export const hint = z.object({
  text: text(5000).default(''),
  measureConditions: z.array(measureCondition).default([]),
  impact: z.array(impact).default([]),
});
export type Hint = z.infer<typeof hint>;

export const settings = z.object({
  hideRank: z.boolean().default(false),
  hideTime: z.boolean().default(false),
  allowApp: z.boolean().default(true),
  allowBrowser: z.boolean().default(true),
  /** the player shows what each action costs before it is run: its impact on the money and time measures */
  showActionCosts: z.boolean().default(false),
  /**
   * Other measures (points, a percentage…) whose impact the costs show too, each named by the
   * author: the measure that ranks learners, shown before choosing, tells right tests from harmful ones.
   */
  revealedMeasures: z.array(itemId).max(100).default([]),
  /** Training and Offline runs with no time limit for anyone: the time is still measured and shown */
  untimed: z.boolean().default(false),
});

/**
 * The answer key: the actions required (`actions`), unnecessary or harmful, and the right
 * conclusions. The lists added later default to empty, so a key saved before them reads whole.
 */
export const answerKey = z
  .object({
    actions: z.array(itemId).default([]),
    unnecessaryActions: z.array(itemId).default([]),
    harmfulActions: z.array(itemId).default([]),
    conclusions: z.array(itemId).default([]),
  })
  .superRefine((key, ctx) => {
    const marked = new Set<string>();
    for (const list of actionMarks) {
      key[list].forEach((id, index) => {
        if (marked.has(id)) ctx.addIssue({ code: 'custom', path: [list, index], message: `action ${id} is marked more than once` });
        marked.add(id);
      });
    }
  });
export type AnswerKey = z.infer<typeof answerKey>;
const emptyAnswerKey = (): AnswerKey => ({ actions: [], unnecessaryActions: [], harmfulActions: [], conclusions: [] });

/**
 * How many points pass a run: none asked, a number of points, or a share (a percentage) of the
 * most points a run of the version played can reach.
 */
export const passThreshold = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('none') }),
    z.strictObject({ kind: z.literal('points'), points: z.number({ error: 'must be a number of points' }).finite() }),
    z.strictObject({
      kind: z.literal('share'),
      percent: z
        .number({ error: 'must be a percentage from 0 to 100' })
        .min(0, 'must be a percentage from 0 to 100')
        .max(100, 'must be a percentage from 0 to 100'),
    }),
  ],
  { error: 'kind must be none, points or share' },
);
export type PassThreshold = z.infer<typeof passThreshold>;

/**
 * The pass mark: the points threshold and, when `mustDo` is on, the answer key's musts: every
 * required action run and no harmful one. Scenarios saved before it read as having none.
 */
export const passMark = z.strictObject({
  threshold: passThreshold.default({ kind: 'none' }),
  mustDo: z.boolean({ error: 'must be true or false' }).default(false),
  /** continuing-education credit a passed run's certificate states, in hours; null for none */
  creditHours: z
    .number({ error: 'must be a number of hours' })
    .min(0, 'must be from 0 to 1000 hours')
    .max(1000, 'must be from 0 to 1000 hours')
    .nullable()
    .default(null),
});
export type PassMark = z.infer<typeof passMark>;
const noPassMark = (): PassMark => ({ threshold: { kind: 'none' }, mustDo: false, creditHours: null });

export const initialItem = z.object({ type: z.enum(['stage', 'info', 'page']), id: itemId });

/**
 * An opening of the scenario (a live session or a self-paced opening) and the revision of the
 * content it opened with, so results say which version learners played; openings made before
 * revisions were recorded have none.
 */
export const instance = z.object({ id: itemId, created: z.string(), revision: z.number().int().optional() });

const knownCurrencies = new Set(Intl.supportedValuesOf('currency'));
/** An ISO 4217 currency code, as the runtime's Intl knows them; lower case is read as upper. */
export const currencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => knownCurrencies.has(code), { message: 'must be an ISO 4217 currency code such as USD or EUR' });

/** The parts an author edits as scalars (PATCH `details`). */
export const scenarioDetails = z.object({
  resimName: label.min(1, 'must not be empty'),
  description: text(20_000).default(''),
  templateId: z.string().max(64).nullable().default(null),
  uiText: uiText.default({}),
  settings: settings.default({
    hideRank: false,
    hideTime: false,
    allowApp: true,
    allowBrowser: true,
    showActionCosts: false,
    revealedMeasures: [],
    untimed: false,
  }),
  /** ISO 4217 code of the currency money measures are in */
  currency: currencyCode.default('USD'),
  mode: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).default(2),
  maxConclusions: z.number().int().min(1).max(100).default(1),
  allowAnonymous: z.boolean().default(false),
  allowSignin: z.boolean().default(true),
  nextResimCode: z.string().trim().max(64).nullable().default(null),
  initial: initialItem.nullable().default(null),
  hint: hint.nullable().default(null),
  answers: answerKey.default(emptyAnswerKey),
  passMark: passMark.default(noPassMark),
  userRestriction: z.object({ pattern: z.array(z.string().max(500)).default([]) }).default({ pattern: [] }),
  scheduleStart: z.string().max(40).nullable().default(null),
  scheduleEnd: z.string().max(40).nullable().default(null),
  descriptionImages: z.array(overviewMedia).default([]),
  descriptionVideos: z.array(overviewMedia).default([]),
  descriptionFiles: z.array(overviewMedia).default([]),
  /** SPEC 9: High 1 or Low 2; null (every scenario made before priorities) is neither */
  priority: z.literal([Priority.High, Priority.Low], { error: 'must be 1 (High) or 2 (Low), or null for none' }).nullable().default(null),
});
export type ScenarioDetails = z.infer<typeof scenarioDetails>;

/** The lists of items a PATCH may replace whole. */
export const scenarioParts = {
  actions: z.array(action).max(5000),
  conclusions: z.array(conclusion).max(5000),
  measures: z.array(measure).max(5000),
  infos: z.array(info).max(5000),
  stages: z.array(stage).max(5000),
  stageGroups: z.array(stageGroup).max(5000),
  baseline: z.array(baseline).max(5000),
  pages: z.array(page).max(5000),
} as const;
export type ScenarioPart = keyof typeof scenarioParts;
export const scenarioPartNames = Object.keys(scenarioParts) as ScenarioPart[];

export const scenarioContent = scenarioDetails.extend({
  actions: scenarioParts.actions.default([]),
  conclusions: scenarioParts.conclusions.default([]),
  measures: scenarioParts.measures.default([]),
  infos: scenarioParts.infos.default([]),
  stages: scenarioParts.stages.default([]),
  stageGroups: scenarioParts.stageGroups.default([]),
  baseline: scenarioParts.baseline.default([]),
  pages: scenarioParts.pages.default([]),
});
export type ScenarioContent = z.infer<typeof scenarioContent>;

/** The scenario as stored and served: content plus what the server owns. */
export const scenario = scenarioContent.extend({
  id: z.string(),
  group: z.string(),
  resimStatus: z.number().int(),
  created: z.string(),
  /** increases with every saved change; a save names the revision it started from */
  revision: z.number().int(),
  /** the code learners type to join (DESIGN 6) */
  code: z.string().default(''),
  instances: z.array(instance).default([]),
});
export type Scenario = z.infer<typeof scenario>;

/** SPEC 3: the name of a new scenario. */
export const newScenarioName = 'New Simulation (Unfinished)';

/**
 * A scenario started from nothing is a live session (Realtime), so its presenter can open a lobby
 * at once; authors choose a self-paced mode in its details.
 */
export const newScenarioMode = SimulationMode.Realtime;

type WithoutDefaults<S extends z.ZodRawShape> = {
  [K in keyof S]: z.ZodOptional<S[K] extends z.ZodDefault<infer Inner> ? Inner : S[K]>;
};

/**
 * PATCH `details`: every field optional and without its default, so that a field left out is
 * left alone rather than reset; a field sent replaces that field whole.
 */
export const scenarioDetailsPatch = z.strictObject(
  Object.fromEntries(
    Object.entries(scenarioDetails.shape).map(([key, field]) => [key, (field instanceof z.ZodDefault ? field.unwrap() : field).optional()]),
  ) as WithoutDefaults<typeof scenarioDetails.shape>,
);
export type ScenarioDetailsPatch = z.infer<typeof scenarioDetailsPatch>;
