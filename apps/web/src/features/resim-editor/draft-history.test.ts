import { describe, expect, it } from 'vitest';
import { scenarioFixture } from '../../test/scenario-fixtures';
import { canRedo, canUndo, emptyHistory, groupingWindowMs, historyLimit, recordChange, redo, undo } from './draft-history';
import { contentOf } from './scenario-changes';

const named = (resimName: string) => contentOf(scenarioFixture({ resimName }));
const [a, b, c] = [named('A'), named('B'), named('C')];

describe('draft history', () => {
  it('undoes and redoes changes in order', () => {
    let history = recordChange(emptyHistory, a, 0);
    history = recordChange(history, b, 5000);
    expect(canUndo(history)).toBe(true);
    expect(canRedo(history)).toBe(false);

    const back = undo(history, c)!;
    expect(back.draft).toBe(b);
    const backAgain = undo(back.history, back.draft)!;
    expect(backAgain.draft).toBe(a);
    expect(undo(backAgain.history, backAgain.draft)).toBeNull();

    const forward = redo(backAgain.history, backAgain.draft)!;
    expect(forward.draft).toBe(b);
    expect(redo(forward.history, forward.draft)!.draft).toBe(c);
  });

  it('forgets what could be redone once a new change is made', () => {
    const history = recordChange(emptyHistory, a, 0);
    const back = undo(history, b)!;
    expect(canRedo(back.history)).toBe(true);
    expect(canRedo(recordChange(back.history, back.draft, 10))).toBe(false);
  });

  it('groups quick changes of one field into one step, but not of different fields or after a pause', () => {
    let history = recordChange(emptyHistory, a, 0, 'resimName');
    history = recordChange(history, b, groupingWindowMs / 2, 'resimName');
    expect(history.past).toEqual([a]);
    history = recordChange(history, c, groupingWindowMs / 2 + 1, 'description');
    expect(history.past).toEqual([a, c]);
    history = recordChange(history, b, 10 * groupingWindowMs, 'description');
    expect(history.past).toEqual([a, c, b]);
  });

  it('keeps a bounded number of steps', () => {
    let history = emptyHistory;
    for (let step = 0; step < historyLimit + 10; step += 1) history = recordChange(history, named(`N${step}`), step * 10_000);
    expect(history.past).toHaveLength(historyLimit);
    expect(history.past[0]?.resimName).toBe('N10');
  });
});
