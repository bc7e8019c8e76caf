import { describe, expect, it } from 'vitest';
import { actionFixture, conclusionFixture, scenarioFixture } from '../../test/scenario-fixtures';
import { changedKeys, changedKeysAfter, changesPatch, contentOf, sameValue, withKeysFrom } from './scenario-changes';

const base = contentOf(scenarioFixture({ actions: [actionFixture('act1', 'Full blood count')] }));

describe('sameValue', () => {
  it('compares objects by content, ignoring key order, and arrays in order', () => {
    expect(sameValue({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameValue(null, {})).toBe(false);
    expect(sameValue([], {})).toBe(false);
  });
});

describe('changesPatch', () => {
  it('is null when nothing changed', () => {
    expect(changesPatch(base, structuredClone(base))).toBeNull();
  });

  it('sends only the changed detail fields, inside details', () => {
    const settings = { ...base.settings, hideRank: true };
    expect(changesPatch(base, { ...base, resimName: 'Anaemia', settings })).toEqual({ details: { resimName: 'Anaemia', settings } });
  });

  it('sends a changed part whole, and leaves unchanged parts out', () => {
    const actions = [...base.actions, actionFixture('act2', 'Ferritin')];
    expect(changesPatch(base, { ...base, actions })).toEqual({ actions });
  });

  it('sends details and parts together when both changed', () => {
    const after = { ...base, description: 'Tired patient', conclusions: [conclusionFixture('conc1', 'Iron deficiency')] };
    expect(changesPatch(base, after)).toEqual({ details: { description: 'Tired patient' }, conclusions: after.conclusions });
  });
});

describe('changedKeys and withKeysFrom', () => {
  it('names each changed field and part, and copies just those', () => {
    const after = { ...base, resimName: 'Anaemia', actions: [] };
    expect(changedKeys(base, after)).toEqual(['resimName', 'actions']);
    const copied = withKeysFrom(base, after, ['actions']);
    expect(copied.actions).toEqual([]);
    expect(copied.resimName).toBe(base.resimName);
  });

  it('leaves the server-owned fields out of the content', () => {
    const content = contentOf(scenarioFixture());
    expect(content).not.toHaveProperty('id');
    expect(content).not.toHaveProperty('revision');
    expect(content).not.toHaveProperty('resimStatus');
  });
});

describe('changedKeysAfter', () => {
  const actions = [actionFixture('act1', 'Full blood count'), actionFixture('act2', 'Ferritin')];
  const saved = contentOf(scenarioFixture({ actions }));
  const rename = (content: typeof saved, id: string, name: string) => ({
    ...content,
    actions: content.actions.map((action) => (action.id === id ? { ...action, name } : action)),
  });

  it('follows the draft through changes as a full comparison would', () => {
    const steps = [
      (draft: typeof saved) => rename(draft, 'act2', 'Ferritin (fasting)'),
      (draft: typeof saved) => ({ ...draft, resimName: 'Anaemia' }),
      (draft: typeof saved) => rename(draft, 'act2', 'Ferritin'), // back to the saved name, as a new object
      (draft: typeof saved) => ({ ...draft, resimName: 'Chest pain' }),
      (draft: typeof saved) => ({ ...draft, actions: [...draft.actions, actionFixture('act3', 'Blood film')] }),
      (draft: typeof saved) => ({ ...draft, actions: draft.actions.slice(0, 2) }),
    ];
    let draft = saved;
    let changed = changedKeys(saved, draft);
    const seen: string[][] = [];
    for (const step of steps) {
      const next = step(draft);
      changed = changedKeysAfter(saved, changed, draft, next);
      expect(changed).toEqual(changedKeys(saved, next));
      seen.push(changed);
      draft = next;
    }
    expect(seen).toEqual([['actions'], ['resimName', 'actions'], ['resimName'], [], ['actions'], []]);
  });

  it('compares again only what the change replaced', () => {
    // A verdict on an untouched key is kept as it was given, without looking at the key again.
    const draft = { ...saved, description: 'Pale' };
    const next = { ...draft, resimName: 'Anaemia' };
    expect(changedKeysAfter(saved, [], draft, next)).toEqual(['resimName']);
    expect(changedKeysAfter(saved, ['description'], draft, next)).toEqual(['resimName', 'description']);
  });
});
