import { runScore } from '../engine/score';
import type { RunEvent, RunState } from '../engine/types';
import type { ReadonlyContent } from '../scenario/readonly-content';

/**
 * xAPI 1.0.3 statements of a run's steps, sent to a space's LRS: the learner's record of what
 * they did at each juncture. Pure: the server gives each one its id and queues it.
 */

export const xapiVersion = '1.0.3';

const adl = (verb: string, display: string) => ({ id: `http://adlnet.gov/expapi/verbs/${verb}`, display: { 'en-US': display } });

export const xapiVerbs = {
  initialized: adl('initialized', 'initialized'),
  interacted: adl('interacted', 'interacted'),
  answered: adl('answered', 'answered'),
  completed: adl('completed', 'completed'),
  passed: adl('passed', 'passed'),
  failed: adl('failed', 'failed'),
  scored: adl('scored', 'scored'),
} as const;
export type XapiVerbName = keyof typeof xapiVerbs;

type LanguageMap = Readonly<Record<string, string>>;

export type XapiAgent = {
  readonly objectType: 'Agent';
  readonly name?: string;
  readonly mbox?: string;
  readonly account?: { readonly homePage: string; readonly name: string };
};

export type XapiActivity = {
  readonly objectType: 'Activity';
  readonly id: string;
  readonly definition: {
    readonly name: LanguageMap;
    readonly type: string;
    readonly interactionType?: 'choice' | 'other';
  };
};

export type XapiResult = {
  readonly success?: boolean;
  readonly completion?: boolean;
  readonly response?: string;
  readonly duration?: string;
  readonly score?: { readonly raw: number };
  readonly extensions?: Readonly<Record<string, unknown>>;
};

export type XapiStatement = {
  readonly actor: XapiAgent;
  readonly verb: { readonly id: string; readonly display: LanguageMap };
  readonly object: XapiActivity;
  readonly result?: XapiResult;
  readonly context: {
    readonly registration: string;
    readonly platform: string;
    readonly language: string;
    readonly contextActivities: {
      readonly parent?: readonly XapiActivity[];
      readonly grouping: readonly XapiActivity[];
    };
  };
  readonly timestamp: string;
};

/** Who played and where: the run's learner, its space, scenario and opening. */
export type StatementSetting = {
  /** the product's public address: activity and extension ids are made under it */
  readonly baseUrl: string;
  readonly platform: string;
  readonly spaceId: string;
  readonly spaceName: string;
  readonly openingId: string;
  /** a UUID for the run (xAPI's registration: one attempt at the scenario) */
  readonly registration: string;
  readonly learner: {
    readonly nickname: string;
    readonly email: string | null;
    /** the account's id, or null for an anonymous learner (then named by the run) */
    readonly userId: string | null;
    readonly runId: string;
  };
};

const activityTypes = {
  simulation: 'http://adlnet.gov/expapi/activities/simulation',
  interaction: 'http://adlnet.gov/expapi/activities/interaction',
  question: 'http://adlnet.gov/expapi/activities/cmi.interaction',
  course: 'http://adlnet.gov/expapi/activities/course',
  attempt: 'http://adlnet.gov/expapi/activities/attempt',
} as const;

const en = (text: string): LanguageMap => ({ 'en-US': text });

/** The id (an IRI) under which the product names its own activities and extensions. */
const iriUnder = (baseUrl: string, parts: readonly string[]) =>
  `${baseUrl.replace(/\/+$/, '')}/xapi/${parts.map(encodeURIComponent).join('/')}`;
const iri = (setting: StatementSetting, ...parts: string[]) => iriUnder(setting.baseUrl, parts);

/** An IRI of the extension carrying a measure's value in a result. */
export const measureExtension = (baseUrl: string, measureId: string): string => iriUnder(baseUrl, ['measure', measureId]);

const actorOf = ({ baseUrl, learner }: StatementSetting): XapiAgent =>
  learner.email
    ? { objectType: 'Agent', name: learner.nickname, mbox: `mailto:${learner.email}` }
    : {
        objectType: 'Agent',
        name: learner.nickname,
        account: { homePage: baseUrl, name: learner.userId ?? `run:${learner.runId}` },
      };

/** ISO 8601 duration of a number of milliseconds, to the hundredth of a second. */
export const isoDuration = (ms: number): string => {
  const seconds = Math.max(0, Math.round(ms / 10) / 100);
  return `PT${seconds}S`;
};

/** Text as a learner reads it: tags dropped and spaces folded, as an LRS shows a response. */
const plainText = (html: string, max = 1000): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);

/** What every statement of a run names: its learner, the scenario, and the space and opening it belongs to. */
const frameOf = (content: ReadonlyContent & { readonly id: string }, setting: StatementSetting) => {
  const name = content.resimName || 'Scenario';
  const scenario: XapiActivity = {
    objectType: 'Activity',
    id: iri(setting, 'scenario', content.id),
    definition: { name: en(name), type: activityTypes.simulation },
  };
  const grouping: readonly XapiActivity[] = [
    {
      objectType: 'Activity',
      id: iri(setting, 'space', setting.spaceId),
      definition: { name: en(setting.spaceName || 'Space'), type: activityTypes.course },
    },
    {
      objectType: 'Activity',
      id: iri(setting, 'scenario', content.id, 'opening', setting.openingId),
      definition: { name: en(`${name}, opening ${setting.openingId}`), type: activityTypes.attempt },
    },
  ];
  const actor = actorOf(setting);
  /** A statement about the scenario itself, or about one of its items (the scenario its parent). */
  const statement = (verb: XapiVerbName, object: XapiActivity, at: number, result?: XapiResult): XapiStatement => ({
    actor,
    verb: xapiVerbs[verb],
    object,
    ...(result ? { result } : {}),
    context: {
      registration: setting.registration,
      platform: setting.platform,
      language: 'en-US',
      contextActivities: object === scenario ? { grouping } : { parent: [scenario], grouping },
    },
    timestamp: new Date(at).toISOString(),
  });
  const item = (kind: string, id: string, label: string, type: string): XapiActivity => ({
    objectType: 'Activity',
    id: iri(setting, 'scenario', content.id, kind, id),
    definition: { name: en(label), type, interactionType: 'other' },
  });
  return { scenario, statement, item };
};

/**
 * The statements one stored event adds to the run's record: `initialized` with its first event;
 * the test run as `interacted` (its result as the response), each diagnosis as `answered` (with
 * the answer key's verdict when the key names diagnoses), the hint as `interacted`; when the
 * event ends the run, `completed` with its duration, `passed` or `failed` by the answer key (when
 * it names a diagnosis) and `scored` with the points and every measure as result extensions.
 */
export const stepStatements = (
  content: ReadonlyContent & { readonly id: string },
  before: RunState,
  after: RunState,
  event: RunEvent,
  seq: number,
  setting: StatementSetting,
): XapiStatement[] => {
  const { scenario, statement, item } = frameOf(content, setting);
  const statements: XapiStatement[] = [];
  if (seq === 1) statements.push(statement('initialized', scenario, before.startedAt));
  const expected = new Set(content.answers.conclusions);
  switch (event.type) {
    case 'runAction': {
      const action = content.actions.find((candidate) => candidate.id === event.actionId);
      if (action)
        statements.push(
          statement('interacted', item('test', action.id, action.name || action.id, activityTypes.interaction), event.at, {
            response: plainText(action.facts),
          }),
        );
      break;
    }
    case 'confirmConclusions':
      for (const id of event.conclusionIds) {
        const conclusion = content.conclusions.find((candidate) => candidate.id === id);
        if (!conclusion) continue;
        const name = conclusion.name || conclusion.id;
        statements.push(
          statement('answered', item('diagnosis', conclusion.id, name, activityTypes.question), event.at, {
            response: name,
            // The answer key's verdict, when it names the diagnoses expected.
            ...(expected.size > 0 ? { success: expected.has(id) } : {}),
          }),
        );
      }
      break;
    case 'takeHint':
      statements.push(statement('interacted', item('hint', 'hint', 'Hint', activityTypes.interaction), event.at));
      break;
    default:
      break;
  }
  if (after.ended && !before.ended) statements.push(...endStatements(content, after, setting));
  return statements;
};

/** The statements of a run's end: `completed`, `passed` or `failed` by the answer key when it names a diagnosis, and `scored`. */
export const endStatements = (
  content: ReadonlyContent & { readonly id: string },
  ended: RunState,
  setting: StatementSetting,
): XapiStatement[] => {
  const { scenario, statement } = frameOf(content, setting);
  const at = ended.ended?.at ?? ended.at;
  const score = runScore(content, ended, at);
  const duration = isoDuration(score.durationMs);
  const statements = [statement('completed', scenario, at, { completion: true, duration })];
  if (score.answers.conclusionsExpected > 0) {
    const success = score.answers.correct;
    statements.push(statement(success ? 'passed' : 'failed', scenario, at, { success, completion: true, duration }));
  }
  const extensions: Record<string, number> = {};
  for (const [id, value] of Object.entries(score.measures)) extensions[measureExtension(setting.baseUrl, id)] = value;
  statements.push(
    statement('scored', scenario, at, {
      completion: true,
      duration,
      ...(score.points !== null ? { score: { raw: score.points } } : {}),
      ...(Object.keys(extensions).length > 0 ? { extensions } : {}),
    }),
  );
  return statements;
};
