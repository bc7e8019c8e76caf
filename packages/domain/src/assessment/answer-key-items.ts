import type { ReadonlyContent } from '../scenario/readonly-content';

/** An item of the answer key as item analysis scores it, and what a learner does to be right on it. */
export type KeyItem = {
  readonly id: string;
  readonly name: string;
  readonly kind: 'required test' | 'unnecessary test' | 'harmful test' | 'diagnosis';
};

/**
 * The answer key's items, in the scenario's order: each required, unnecessary and harmful test,
 * and each diagnosis the key names. A test or diagnosis the key does not name is not an item.
 */
export const answerKeyItems = (content: ReadonlyContent): KeyItem[] => {
  const required = new Set(content.answers.actions);
  const unnecessary = new Set(content.answers.unnecessaryActions);
  const harmful = new Set(content.answers.harmfulActions);
  const diagnoses = new Set(content.answers.conclusions);
  const items: KeyItem[] = [];
  for (const action of content.actions) {
    const name = action.name || action.id;
    if (required.has(action.id)) items.push({ id: action.id, name, kind: 'required test' });
    else if (harmful.has(action.id)) items.push({ id: action.id, name, kind: 'harmful test' });
    else if (unnecessary.has(action.id)) items.push({ id: action.id, name, kind: 'unnecessary test' });
  }
  for (const conclusion of content.conclusions)
    if (diagnoses.has(conclusion.id)) items.push({ id: conclusion.id, name: conclusion.name || conclusion.id, kind: 'diagnosis' });
  return items;
};

/** What a run did, as item analysis reads it. */
export type RunChoices = { readonly ran: readonly string[]; readonly confirmed: readonly string[] };

/**
 * A run's answers to the key's items, 1 right and 0 wrong: a required test run, an unnecessary
 * or harmful test not run, a diagnosis of the key confirmed.
 */
export const keyAnswers = (items: readonly KeyItem[], run: RunChoices): number[] => {
  const ran = new Set(run.ran);
  const confirmed = new Set(run.confirmed);
  return items.map((item) => {
    if (item.kind === 'required test') return ran.has(item.id) ? 1 : 0;
    if (item.kind === 'diagnosis') return confirmed.has(item.id) ? 1 : 0;
    return ran.has(item.id) ? 0 : 1;
  });
};
