import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyContentPatch, changesOf, diffContent } from './content-patch';
import { content, deepFreeze } from './test/fixtures';

const actions = (...names: string[]) => names.map((name, index) => ({ id: `act${index + 1}`, name }));

describe('content patch', () => {
  it('keeps only the items a save changed, by id', () => {
    const before = deepFreeze(content({ actions: actions('CBC', 'ECG', 'Ferritin') }));
    const after = content({ actions: [before.actions[0], { ...before.actions[1], name: 'Resting ECG' }, before.actions[2]] });
    const patch = diffContent(before, after);
    expect(patch).toEqual({ parts: { actions: { put: { act2: after.actions[1] } } } });
    expect(JSON.stringify(applyContentPatch(before, patch))).toBe(JSON.stringify(after));
  });

  it('stores an insertion, a removal and a new order without rewriting the items around them', () => {
    const before = deepFreeze(content({ actions: actions('CBC', 'ECG', 'Ferritin') }));
    const added = { ...before.actions[0], id: 'act9', name: 'Troponin' };
    const after = content({ actions: [before.actions[2], added, before.actions[0]] });
    const patch = diffContent(before, after);
    expect(patch).toEqual({ parts: { actions: { put: { act9: added }, remove: ['act2'], order: ['act3', 'act9', 'act1'] } } });
    expect(JSON.stringify(applyContentPatch(before, patch))).toBe(JSON.stringify(after));
  });

  it('names what a save changed for the history list', () => {
    const before = content({ actions: actions('CBC', 'ECG') });
    const after = content({
      resimName: 'Anaemia',
      actions: [
        { ...before.actions[0], name: 'Full blood count' },
        { id: 'act3', name: 'Ferritin' },
      ],
    });
    expect(changesOf(before, after, diffContent(before, after))).toEqual({
      items: [
        { part: 'actions', id: 'act1', name: 'Full blood count', change: 'changed' },
        { part: 'actions', id: 'act3', name: 'Ferritin', change: 'added' },
        { part: 'actions', id: 'act2', name: 'ECG', change: 'removed' },
      ],
      fields: ['resimName'],
    });
  });

  it('writes whole a list whose ids repeat, and any other field', () => {
    const before = { actions: [{ id: 'act1', name: 'A' }], answers: { actions: [] } };
    const after = {
      actions: [
        { id: 'act1', name: 'A' },
        { id: 'act1', name: 'B' },
      ],
      answers: { actions: ['act1'] },
      extra: 1,
    };
    const patch = diffContent(before, after);
    expect(patch).toEqual({ set: { actions: after.actions, answers: after.answers, extra: 1 } });
    expect(applyContentPatch(after, diffContent(after, before))).toEqual(before);
  });

  it('gives back any later version byte for byte', () => {
    const list = fc.uniqueArray(
      fc.record({ id: fc.integer({ min: 1, max: 40 }).map((n) => `act${n}`), name: fc.string({ maxLength: 5 }) }),
      { selector: (item) => item.id, maxLength: 12 },
    );
    const version = fc.record({
      resimName: fc.string({ maxLength: 5 }),
      actions: list,
      conclusions: list,
      mode: fc.integer({ min: 1, max: 4 }),
    });
    fc.assert(
      fc.property(version, version, (before, after) => {
        expect(JSON.stringify(applyContentPatch(before, diffContent(before, after)))).toBe(JSON.stringify(after));
      }),
    );
  });
});
