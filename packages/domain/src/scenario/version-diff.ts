import { limitKindLabels, MeasureType, SimulationMode } from './vocabulary';
import { scenarioPartNames, scenarioParts, type PassThreshold, type ScenarioContent, type ScenarioPart } from './schema';
import { describeThreshold } from '../engine/pass-mark';

/**
 * Version history: what changed between two versions of a scenario, item by item and field by
 * field, in the words an author reads ("Name: “CBC” → “Full blood count”", "Requires all of:
 * + “ECG”"): ids are shown by the names of the items they stand for, numbers by what they mean.
 */

export type VersionSection = ScenarioPart | 'answers' | 'details';

export type FieldChange = {
  /** what the field is called in the editor */
  readonly label: string;
  /** the field in each version, in words; empty when it has none */
  readonly before: string;
  readonly after: string;
  readonly words: string;
};

export type ItemChange = {
  readonly section: VersionSection;
  readonly id: string;
  readonly name: string;
  readonly change: 'added' | 'removed' | 'changed';
  readonly words: string;
  readonly fields: readonly FieldChange[];
};

export type VersionDiff = {
  readonly changes: readonly ItemChange[];
  /** lists whose items keep their content but not their order */
  readonly reordered: readonly ScenarioPart[];
};

type Names = ReadonlyMap<string, string>;
/** The names of items by id in one version, with the other version's as a fallback. */
type Lookup = (id: string) => string;
/** An entry of a list field: `key` tells one entry from another across versions (an item's id, a measure's), `text` shows it. */
type Entry = { readonly key: string; readonly text: string };
type Show = (value: unknown, name: Lookup) => string | readonly Entry[];
type FieldSpec = { readonly label: string; readonly show: Show } | { readonly nested: Readonly<Record<string, FieldSpec>> };

export const sectionLabels: Readonly<Record<VersionSection, string>> = {
  actions: 'action',
  conclusions: 'conclusion',
  measures: 'measure',
  infos: 'info',
  stages: 'stage',
  stageGroups: 'stage group',
  baseline: 'baseline',
  pages: 'page',
  answers: 'answer key',
  details: 'details',
};

const excerpt = 60;
const quote = (text: string) => `“${text}”`;
const clip = (text: string) => (text.length > excerpt ? `${text.slice(0, excerpt - 1)}…` : text);

/** A value as text: strings as they are, numbers and yes/no as written, anything else as JSON. */
const textOf = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : value === null || value === undefined
        ? ''
        : JSON.stringify(value);
const asText: Show = textOf;
const asNumber: Show = (value) => (typeof value === 'number' ? String(value) : '');
const asYesNo: Show = (value) => (value === true ? 'yes' : value === false ? 'no' : '');
const asRef: Show = (value, name) => (typeof value === 'string' ? quote(name(value)) : '');
const asRefs: Show = (value, name) => (Array.isArray(value) ? value.map((id) => ({ key: String(id), text: quote(name(String(id))) })) : []);
const byLabel =
  (labels: Readonly<Record<string, string>>): Show =>
  (value) =>
    value === null || value === undefined ? '' : (labels[textOf(value)] ?? textOf(value));
const list =
  (keyOf: (entry: Record<string, unknown>) => string, each: (entry: Record<string, unknown>, name: Lookup) => string): Show =>
  (value, name) =>
    Array.isArray(value) ? value.map((entry: Record<string, unknown>) => ({ key: keyOf(entry), text: each(entry, name) })) : [];
const byId = (entry: Record<string, unknown>) => String(entry.id);
const byMeasure = (entry: Record<string, unknown>) => String(entry.measureId);
const asMedia = list(byId, (media) => `${quote(String(media.url))}${media.description ? ` (${textOf(media.description)})` : ''}`);
const asImpact = list(
  byMeasure,
  (entry, name) => `${quote(name(String(entry.measureId)))} ${Number(entry.value) >= 0 ? '+' : ''}${String(entry.value)}`,
);
const asConditions = list(
  (entry) => `${String(entry.measureId)} ${String(entry.operator)}`,
  (entry, name) => `${quote(name(String(entry.measureId)))} ${String(entry.operator)} ${String(entry.value)}`,
);
const asActivators = list(
  byId,
  (entry, name) => `${quote(String(entry.name || entry.id))}${typeof entry.stage === 'string' ? ` → ${quote(name(entry.stage))}` : ''}`,
);
const asEntries: Show = (value) =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).map(([key, text]) => ({ key, text: `${key}: ${quote(String(text))}` }))
    : [];
const asLimits: Show = (value) => {
  if (typeof value !== 'object' || value === null) return '';
  const limits = value as { min: number | null; max: number | null; kind: 1 | 2 | 3 };
  const range = [limits.min === null ? '' : `min ${limits.min}`, limits.max === null ? '' : `max ${limits.max}`].filter(Boolean);
  const kind = `(${limitKindLabels[limits.kind]})`;
  return range.length > 0 ? `${range.join(', ')} ${kind}` : kind;
};

const field = (label: string, show: Show): FieldSpec => ({ label, show });
const requirementsOf = (what: string): FieldSpec => ({
  nested: {
    all: field(`Requires all of${what}`, asRefs),
    any: field(`Requires any of${what}`, asRefs),
    none: field(`Requires none of${what}`, asRefs),
  },
});
const facts = {
  factFiles: field('Files', asMedia),
  factVideos: field('Videos', asMedia),
  factImages: field('Images', asMedia),
};

const measureTypeLabels: Record<number, string> = {
  [MeasureType.money]: 'Money',
  [MeasureType.autoTimeIncrement]: 'Time counting up',
  [MeasureType.autoTimeDecrement]: 'Time counting down',
  [MeasureType.time]: 'Time',
  [MeasureType.percentage]: 'Percentage',
  [MeasureType.decimal]: 'Decimal',
  [MeasureType.integer]: 'Integer',
};
const modeLabels = Object.fromEntries(Object.entries(SimulationMode).map(([label, mode]) => [mode, label]));

const common = {
  name: field('Name', asText),
  stage: field('Stage', asRef),
  requiredActions: requirementsOf(''),
  requiredConclusions: requirementsOf(' the conclusions'),
  impact: field('Impact', asImpact),
};

const specs: Readonly<Record<Exclude<VersionSection, 'details'>, Readonly<Record<string, FieldSpec>>>> = {
  actions: {
    ...common,
    measureConditions: field('Conditions', asConditions),
    activators: field('Activators', asActivators),
    feedback: field('Feedback', asText),
    instantFeedback: field('Feedback at once', asYesNo),
    isAlwaysShown: field('Always shown', asYesNo),
    facts: field('Facts', asText),
    ...facts,
  },
  conclusions: { ...common, feedback: field('Feedback', asText), isAlwaysShown: field('Always shown', asYesNo) },
  stages: {
    name: common.name,
    default: field('Starting stage', asYesNo),
    stageGroup: field('Stage group', asRef),
    requiredStages: requirementsOf(' the stages'),
    requiredActions: common.requiredActions,
    requiredConclusions: common.requiredConclusions,
    activators: field('Activators', asActivators),
    uiText: field('Texts', asEntries),
    isAntibodyPanel: field('Antibody panel', asYesNo),
    description: field('Description', asText),
    descriptionFiles: field('Files', asMedia),
    descriptionImages: field('Images', asMedia),
    descriptionVideos: field('Videos', asMedia),
  },
  stageGroups: { name: common.name },
  measures: {
    name: common.name,
    type: field('Type', byLabel(measureTypeLabels)),
    initial: field('Starting value', asNumber),
    limits: field('Limits', asLimits),
    scoreOrder: field('Rank order', asNumber),
    timeUnit: field('Time unit', asText),
  },
  infos: {
    name: common.name,
    text: field('Text', asText),
    stage: common.stage,
    measureConditions: field('Conditions', asConditions),
    impact: common.impact,
    ...facts,
  },
  baseline: { name: common.name, facts: field('Facts', asText), ...facts },
  pages: { name: common.name, content: field('Content', asText) },
  answers: {
    actions: field('Required actions', asRefs),
    unnecessaryActions: field('Unnecessary actions', asRefs),
    harmfulActions: field('Harmful actions', asRefs),
    conclusions: field('Right conclusions', asRefs),
  },
};

const detailSpecs: Readonly<Record<string, FieldSpec>> = {
  resimName: field('Name', asText),
  description: field('Description', asText),
  templateId: field('Template', asText),
  uiText: field('Texts', asEntries),
  settings: {
    nested: {
      hideRank: field('Rank hidden', asYesNo),
      hideTime: field('Time hidden', asYesNo),
      allowApp: field('Played in the app', asYesNo),
      allowBrowser: field('Played in a browser', asYesNo),
      showActionCosts: field('Action costs shown', asYesNo),
      revealedMeasures: field('Measures shown with the costs', asRefs),
    },
  },
  currency: field('Currency', asText),
  mode: field('Mode', byLabel(modeLabels)),
  maxConclusions: field('Conclusions allowed', asNumber),
  allowAnonymous: field('Learners without an account', asYesNo),
  allowSignin: field('Sign-in', asYesNo),
  nextResimCode: field('Next scenario', asText),
  initial: field('Opens with', (value, name) =>
    typeof value === 'object' && value !== null ? `${(value as { type: string }).type} ${quote(name((value as { id: string }).id))}` : '',
  ),
  hint: {
    nested: {
      text: field('Hint', asText),
      measureConditions: field('Hint conditions', asConditions),
      impact: field('Hint impact', asImpact),
    },
  },
  userRestriction: {
    nested: {
      pattern: field('Learners allowed', (value) =>
        Array.isArray(value) ? value.map((pattern) => ({ key: String(pattern), text: quote(String(pattern)) })) : [],
      ),
    },
  },
  scheduleStart: field('Opens on', asText),
  scheduleEnd: field('Closes on', asText),
  descriptionImages: field('Overview images', asMedia),
  descriptionVideos: field('Overview videos', asMedia),
  descriptionFiles: field('Overview files', asMedia),
  priority: field('Priority', byLabel({ 1: 'High', 2: 'Low' })),
  passMark: {
    nested: {
      threshold: field('Pass mark', (value) =>
        typeof value === 'object' && value !== null ? describeThreshold(value as PassThreshold) : '',
      ),
      mustDo: field('Pass needs the required tests and no harmful one', asYesNo),
      creditHours: field('Credit hours on the certificate', asNumber),
    },
  },
};

const textFieldNames = new Set(['Name', 'Feedback', 'Facts', 'Description', 'Text', 'Content', 'Hint', 'Template', 'Next scenario']);

type Shown = string | readonly Entry[];

/** The words for one field: a list says what entries came, went or changed; a value says what it was and is. */
const wordsOf = (label: string, before: Shown, after: Shown, change: ItemChange['change']): string | undefined => {
  if (typeof before !== 'string' || typeof after !== 'string') {
    const old = typeof before === 'string' ? [] : before;
    const now = typeof after === 'string' ? [] : after;
    const oldByKey = new Map(old.map((entry) => [entry.key, entry.text]));
    const nowKeys = new Set(now.map((entry) => entry.key));
    const words = [
      ...now.flatMap((entry) => {
        const was = oldByKey.get(entry.key);
        if (was === undefined) return [`+ ${entry.text}`];
        return was === entry.text ? [] : [`${was} → ${entry.text}`];
      }),
      ...old.filter((entry) => !nowKeys.has(entry.key)).map((entry) => `− ${entry.text}`),
    ];
    if (words.length > 0) return `${label}: ${words.join(', ')}`;
    return old.map((entry) => entry.key).join('\n') === now.map((entry) => entry.key).join('\n') ? undefined : `${label}: order changed`;
  }
  if (before === after) return undefined;
  const quoted = textFieldNames.has(label);
  const say = (value: string) => (value === '' ? 'none' : quoted ? quote(clip(value)) : value);
  if (change === 'added') return `${label}: ${say(after)}`;
  if (change === 'removed') return `${label}: ${say(before)}`;
  return `${label}: ${say(before)} → ${say(after)}`;
};

const joined = (value: Shown) => (typeof value === 'string' ? value : value.map((entry) => entry.text).join(', '));

const compareFields = (
  spec: Readonly<Record<string, FieldSpec>>,
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  names: { before: Lookup; after: Lookup },
  change: ItemChange['change'],
): FieldChange[] => {
  const keys = [...new Set([...Object.keys(spec), ...Object.keys(before), ...Object.keys(after)])].filter((key) => key !== 'id');
  return keys.flatMap((key) => {
    const entry = spec[key] ?? field(key, asText);
    if ('nested' in entry) {
      const inner = (value: unknown) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});
      return compareFields(entry.nested, inner(before[key]), inner(after[key]), names, change);
    }
    const old = entry.show(before[key], names.before);
    const now = entry.show(after[key], names.after);
    const words = wordsOf(entry.label, old, now, change);
    return words === undefined ? [] : [{ label: entry.label, before: joined(old), after: joined(now), words }];
  });
};

type Fields = Readonly<Record<string, unknown>>;
type Item = Fields & { readonly id: string; readonly name?: string };

const namesOf = (content: ScenarioContent): Names => {
  const names = new Map<string, string>();
  for (const part of scenarioPartNames) for (const item of content[part] as readonly Item[]) names.set(item.id, item.name ?? item.id);
  return names;
};

const lookup =
  (first: Names, second: Names): Lookup =>
  (id) =>
    first.get(id) ?? second.get(id) ?? id;

const itemSchemas = Object.fromEntries(scenarioPartNames.map((part) => [part, scenarioParts[part].element])) as unknown as Readonly<
  Record<ScenarioPart, { parse: (value: unknown) => Fields }>
>;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const verbs = { added: 'Added', removed: 'Removed', changed: 'Changed' } as const;

/**
 * The changes from `before` to `after`: every item added, removed or changed with the fields that
 * differ, then the answer key and the scenario's details; lists in the editor's order.
 */
export const diffVersions = (before: ScenarioContent, after: ScenarioContent): VersionDiff => {
  const beforeNames = namesOf(before);
  const afterNames = namesOf(after);
  // Items referred to go by their names in `after` on both sides, so a renamed item changes its
  // own name only, not every list that refers to it.
  const name = lookup(afterNames, beforeNames);
  const names = { before: name, after: name };
  const changes: ItemChange[] = [];
  const reordered: ScenarioPart[] = [];
  const describe = (section: VersionSection, id: string, name: string, old: Fields | undefined, now: Fields | undefined) => {
    const spec = section === 'details' ? detailSpecs : specs[section];
    const change = old === undefined ? 'added' : now === undefined ? 'removed' : 'changed';
    // A new or removed item shows what it holds beyond a blank item's defaults.
    const blank = () => (section === 'answers' || section === 'details' ? {} : itemSchemas[section].parse({ id, name: '' }));
    const fields = compareFields(spec, old ?? blank(), now ?? blank(), names, change);
    if (change === 'changed' && fields.length === 0) return;
    const what =
      section === 'answers' || section === 'details' ? capitalised(sectionLabels[section]) : `${sectionLabels[section]} ${quote(name)}`;
    changes.push({
      section,
      id,
      name,
      change,
      fields,
      words: section === 'answers' || section === 'details' ? `${what} changed` : `${verbs[change]} ${what}`,
    });
  };
  for (const part of scenarioPartNames) {
    const olds = before[part] as readonly Item[];
    const nows = after[part] as readonly Item[];
    const oldById = new Map(olds.map((item) => [item.id, item]));
    const nowById = new Map(nows.map((item) => [item.id, item]));
    for (const now of nows) {
      const old = oldById.get(now.id);
      if (old === undefined || JSON.stringify(old) !== JSON.stringify(now)) describe(part, now.id, now.name ?? now.id, old, now);
    }
    for (const old of olds) if (!nowById.has(old.id)) describe(part, old.id, old.name ?? old.id, old, undefined);
    const keptOld = olds.filter((item) => nowById.has(item.id)).map((item) => item.id);
    const keptNow = nows.filter((item) => oldById.has(item.id)).map((item) => item.id);
    if (keptOld.join('\n') !== keptNow.join('\n')) reordered.push(part);
  }
  describe('answers', 'answers', 'Answer key', before.answers, after.answers);
  const apart = new Set<string>([...scenarioPartNames, 'answers']);
  const detailsOf = (content: ScenarioContent): Fields => Object.fromEntries(Object.entries(content).filter(([key]) => !apart.has(key)));
  describe('details', 'details', before.resimName, detailsOf(before), detailsOf(after));
  return { changes, reordered };
};
