import type { ReadonlyContent } from '../../scenario/readonly-content';
import { maxConclusionsText } from '../../scenario/text-set';
import { blockedBecause } from '../availability';
import type { DoneIds } from '../requirements';
import { settleRun } from '../measures';
import { situationAt } from '../run';
import { indexScenario, type IndexedAction, type IndexedConclusion } from '../scenario-index';
import type { RunState } from '../types';

/** An item as listed, without what the rule below does not decide (a conclusion's feedback). */
export const shown = ({ id, availability, reason }: { id: string; availability: string; reason: string | null }) => ({
  id,
  availability,
  reason,
});

/** What a view must list, by the rule as written (availability.ts), judged item by item. */
export const listedByRule = (content: ReadonlyContent, state: RunState, now: number) => {
  const index = indexScenario(content);
  const run = settleRun(content, state, now);
  const situation = situationAt(index, run, now);
  const list = (items: Iterable<IndexedAction | IndexedConclusion>, done: DoneIds, limit: string | null) =>
    [...items].flatMap((item): { id: string; availability: string; reason: string | null }[] => {
      if (done.has(item.id)) return [{ id: item.id, availability: 'done', reason: null }];
      const reason = blockedBecause(index, item, situation);
      if (reason === null) {
        if (run.ended !== null) return [];
        if (limit !== null) return [{ id: item.id, availability: 'unavailable', reason: limit }];
        return [{ id: item.id, availability: 'available', reason }];
      }
      return item.isAlwaysShown ? [{ id: item.id, availability: 'unavailable', reason }] : [];
    });
  // the maximum of conclusions holds for the whole run
  const max = content.maxConclusions;
  const atMaximum = run.confirmed.length >= max ? maxConclusionsText(situation.text, max) : null;
  return {
    actions: list(index.actions.values(), situation.ran, null),
    conclusions: list(index.conclusions.values(), situation.confirmed, atMaximum),
  };
};
