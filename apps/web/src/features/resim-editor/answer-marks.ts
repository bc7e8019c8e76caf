import { actionMarks, type ActionMark, type AnswerKey } from '@resim/domain';

/** The mark of an action in the answer key, or null when it carries none. */
export const markOf = (answers: AnswerKey, actionId: string): ActionMark | null =>
  actionMarks.find((list) => answers[list].includes(actionId)) ?? null;

/**
 * The answer key with an action marked (or unmarked, with null): it leaves any other mark, since an
 * action carries at most one, and each list keeps the scenario's order of actions.
 */
export const markAction = (answers: AnswerKey, order: readonly string[], actionId: string, mark: ActionMark | null): AnswerKey => {
  const next = { ...answers };
  for (const list of actionMarks) {
    const ids = new Set(answers[list].filter((id) => id !== actionId));
    if (list === mark) ids.add(actionId);
    next[list] = order.filter((id) => ids.has(id));
  }
  return next;
};
