import type { ScenarioContent } from '@resim/domain';

/**
 * Undo and redo over the draft. Keystrokes in one field within a short pause are one step, so
 * undo takes back a word or a sentence, not a letter.
 */
export type DraftHistory = {
  readonly past: readonly ScenarioContent[];
  readonly future: readonly ScenarioContent[];
  /** the field and time of the last change, for grouping keystrokes */
  readonly last: { readonly key: string; readonly at: number } | null;
};

export const historyLimit = 200;
export const groupingWindowMs = 1000;

export const emptyHistory: DraftHistory = { past: [], future: [], last: null };

/** Records the draft as it was before a change; `key` names what changed, when changes of one field may be grouped. */
export const recordChange = (history: DraftHistory, before: ScenarioContent, at: number, key?: string): DraftHistory => {
  const grouped = key !== undefined && history.last?.key === key && at - history.last.at < groupingWindowMs && history.past.length > 0;
  const last = key === undefined ? null : { key, at };
  if (grouped) return { past: history.past, future: [], last };
  return { past: [...history.past, before].slice(-historyLimit), future: [], last };
};

export const canUndo = (history: DraftHistory): boolean => history.past.length > 0;
export const canRedo = (history: DraftHistory): boolean => history.future.length > 0;

export const undo = (history: DraftHistory, current: ScenarioContent): { history: DraftHistory; draft: ScenarioContent } | null => {
  const previous = history.past.at(-1);
  if (!previous) return null;
  return { history: { past: history.past.slice(0, -1), future: [current, ...history.future], last: null }, draft: previous };
};

export const redo = (history: DraftHistory, current: ScenarioContent): { history: DraftHistory; draft: ScenarioContent } | null => {
  const [next, ...rest] = history.future;
  if (!next) return null;
  return { history: { past: [...history.past, current].slice(-historyLimit), future: rest, last: null }, draft: next };
};
