import type { DeepReadonly } from './readonly-content';
import type { TextField, UiText } from './schema';

/** The full simulation text set: one wording for every field. */
export type TextSet = Readonly<Record<TextField, string>>;

/**
 * SPEC 3 simulation text set: the default wording and messages. Where the specification gives no
 * wording, the default follows the same vocabulary (tests, diagnoses).
 */
export const defaultTextSet: TextSet = {
  facts: 'Test Results',
  actions: 'tests',
  addActions: 'Add tests',
  addMoreActions: 'Add more tests',
  conclusion: 'Diagnosis',
  maxConclusionsMessage: 'You can select {max} diagnoses',
  conclusionCTA: 'Diagnose',
  conclusionChange: 'Change diagnosis',
  allActionsUsedMessage: 'You have used all tests',
  actionsNotAvailableMessage: 'No tests are available',
  cannotRunActionsMessage: 'You cannot run any more tests because...',
  searchActions: 'Search tests',
  noActionsFound: 'No tests found',
  actionChoiceCTA: 'Run tests',
  hintCTA: 'Show hint',
  searchConclusions: 'Search diagnoses',
  noConclusionsFound: 'No diagnoses found',
  conclusionChoiceCTA: 'Confirm Diagnosis',
  descriptionOpen: 'Show description',
  descriptionClose: 'Hide description',
  simulationEndCTA: 'End simulation',
  simulationWaitText: 'If you are done, just wait here!',
  stage: 'Task',
};

export type TextSetSource = {
  readonly uiText?: DeepReadonly<UiText> | null;
  readonly stages?: readonly { readonly id: string; readonly uiText?: DeepReadonly<UiText> | null }[];
};

// An author clearing a field means "use the wording underneath", not "show nothing".
const overrides = (uiText: DeepReadonly<UiText> | null | undefined): Partial<Record<TextField, string>> =>
  Object.fromEntries(Object.entries(uiText ?? {}).filter(([, value]) => typeof value === 'string' && value.trim() !== ''));

/**
 * SPEC 3 simulation text set: the defaults, overridden by the scenario's uiText, then by the uiText
 * of the stage found by stage id. Empty or blank wording does not override.
 */
export const resolveTextSet = (scenario: TextSetSource, stageId?: string | null): TextSet => {
  const stage = stageId == null ? undefined : scenario.stages?.find((candidate) => candidate.id === stageId);
  return { ...defaultTextSet, ...overrides(scenario.uiText), ...overrides(stage?.uiText) };
};

/** SPEC 3: fills placeholders such as {max}; a placeholder without a value is left as written. */
export const formatText = (template: string, values: Readonly<Record<string, string | number>>): string =>
  template.replace(/\{(\w+)\}/g, (placeholder, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : placeholder));

// Acronyms such as ECG keep their capitals; ordinary words read lower-case inside a sentence.
const inSentence = (label: string): string =>
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
