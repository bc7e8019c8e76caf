import type { DeepReadonly } from './readonly-content';
import type { UiText } from './schema';
import { textFields, type TextField } from './vocabulary';

/** The full simulation text set: one wording for every field. */
export type TextSet = Readonly<Record<TextField, string>>;

/** A label as it reads inside a sentence: acronyms such as ECG keep their capitals, ordinary words go lower-case. */
export const inSentence = (label: string): string =>
  label
    .split(/(\s+)/)
    .map((word) => ((word.match(/\p{Lu}/gu)?.length ?? 0) > 1 ? word : word.toLocaleLowerCase()))
    .join('');

const pluralOfWord = (word: string): string => {
  if (/is$/i.test(word)) return `${word.slice(0, -2)}es`;
  if (/(s|x|z|ch|sh)$/i.test(word)) return `${word}es`;
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
};

/**
 * The plural of a singular label as it reads inside a sentence ('Diagnosis' → 'diagnoses'), for the
 * messages of SPEC 5 that name the conclusions of a stage while the text set holds only the singular.
 */
export const pluralLabel = (singular: string): string => {
  const words = inSentence(singular.trim());
  const match = /^(.*?)(\p{L}+)$/su.exec(words);
  return match ? `${match[1] ?? ''}${pluralOfWord(match[2] ?? '')}` : words;
};

/** The words the rest of the text set is made of. */
type Nouns = { readonly actions: string; readonly conclusion: string };

const capitalised = (text: string): string => (text === '' ? text : `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`);

/**
 * The wording of every field for the given nouns, so that a scenario calling its tests
 * "investigations" reads "No investigations found" without rewording every message.
 */
const wordingFor = ({ actions, conclusion }: Nouns): TextSet => {
  const conclusions = pluralLabel(conclusion);
  return {
    facts: 'Test Results',
    actions,
    addActions: `Add ${actions}`,
    addMoreActions: `Add more ${actions}`,
    conclusion,
    maxConclusionsMessage: `You can select {max} ${conclusions}`,
    conclusionCTA: 'Diagnose',
    conclusionChange: `Change ${inSentence(conclusion)}`,
    allActionsUsedMessage: `You have used all ${actions}`,
    actionsNotAvailableMessage: `No ${actions} are available`,
    cannotRunActionsMessage: `You cannot run any more ${actions} because...`,
    searchActions: `Search ${actions}`,
    noActionsFound: `No ${actions} found`,
    actionChoiceCTA: `Run ${actions}`,
    hintCTA: 'Show hint',
    searchConclusions: `Search ${conclusions}`,
    noConclusionsFound: `No ${conclusions} found`,
    conclusionChoiceCTA: `Confirm ${capitalised(conclusion)}`,
    descriptionOpen: 'Show description',
    descriptionClose: 'Hide description',
    simulationEndCTA: 'End simulation',
    simulationWaitText: 'If you are done, just wait here!',
    stage: 'Task',
  };
};

/**
 * SPEC 3 simulation text set: the default wording and messages. Where the specification gives no
 * wording, the default follows the same vocabulary (tests, diagnoses).
 */
export const defaultTextSet: TextSet = wordingFor({ actions: 'tests', conclusion: 'Diagnosis' });

export type TextSetSource = {
  readonly uiText?: DeepReadonly<UiText> | null;
  readonly stages?: readonly { readonly id: string; readonly uiText?: DeepReadonly<UiText> | null }[];
};

// An author clearing a field means "use the wording underneath", not "show nothing".
const overrides = (uiText: DeepReadonly<UiText> | null | undefined): Partial<Record<TextField, string>> =>
  Object.fromEntries(Object.entries(uiText ?? {}).filter(([, value]) => typeof value === 'string' && value.trim() !== ''));

const explicitWording = (scenario: TextSetSource, stageId: string | null | undefined): Partial<Record<TextField, string>> => {
  const stage = stageId == null ? undefined : scenario.stages?.find((candidate) => candidate.id === stageId);
  return { ...overrides(scenario.uiText), ...overrides(stage?.uiText) };
};

/**
 * SPEC 3 simulation text set: the defaults, overridden by the scenario's uiText, then by the uiText
 * of the stage found by stage id. Empty or blank wording does not override. The default messages
 * speak of the nouns in force (`actions`, `conclusion`), so renaming tests renames them in every
 * message not written out by the author.
 */
export const resolveTextSet = (scenario: TextSetSource, stageId?: string | null): TextSet => {
  const explicit = explicitWording(scenario, stageId);
  return {
    ...wordingFor({ actions: explicit.actions ?? defaultTextSet.actions, conclusion: explicit.conclusion ?? defaultTextSet.conclusion }),
    ...explicit,
  };
};

/**
 * What each field would read if the author left it empty at this level (the scenario, or a
 * stage): the wording underneath, shown to authors as a placeholder.
 */
export const textSetUnderneath = (scenario: TextSetSource, stageId?: string | null): TextSet => {
  const stage = stageId == null ? undefined : scenario.stages?.find((candidate) => candidate.id === stageId);
  const level = (stage ? stage.uiText : scenario.uiText) ?? {};
  const without = (field: TextField): TextSetSource => {
    const rest: Partial<Record<TextField, string>> = { ...level };
    delete rest[field];
    return stage ? { uiText: scenario.uiText, stages: [{ id: stage.id, uiText: rest }] } : { uiText: rest, stages: scenario.stages };
  };
  return Object.fromEntries(textFields.map((field) => [field, resolveTextSet(without(field), stageId)[field]])) as TextSet;
};

/** SPEC 3: fills placeholders such as {max}; a placeholder without a value is left as written. */
export const formatText = (template: string, values: Readonly<Record<string, string | number>>): string =>
  template.replace(/\{(\w+)\}/g, (placeholder, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : placeholder));

const englishPlurals = new Intl.PluralRules('en');

/** The wording a count takes, by the language's plural rules: "1 diagnosis", "0 diagnoses", "2 diagnoses". */
export const byCount = (count: number, one: string, other: string): string => (englishPlurals.select(count) === 'one' ? one : other);

/**
 * SPEC 3 'You can select {max} diagnoses' for a maximum: in the singular where the maximum takes
 * it ('You can select 1 diagnosis'), unless the author worded the message themselves.
 */
export const maxConclusionsText = (text: TextSet, max: number): string => {
  const plural = `You can select {max} ${pluralLabel(text.conclusion)}`;
  const template =
    text.maxConclusionsMessage === plural
      ? byCount(max, `You can select {max} ${inSentence(text.conclusion)}`, plural)
      : text.maxConclusionsMessage;
  return formatText(template, { max });
};
