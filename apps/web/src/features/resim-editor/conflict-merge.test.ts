import { describe, expect, it } from 'vitest';
import { actionFixture, conclusionFixture, scenarioFixture, stageFixture } from '../../test/scenario-fixtures';
import { conflictingKeys, mergeContent } from './conflict-merge';
import { contentOf } from './scenario-changes';

const base = contentOf(
  scenarioFixture({
    actions: [actionFixture('act1', 'Full blood count')],
    conclusions: [conclusionFixture('conc1', 'Anaemia')],
    stages: [stageFixture('stg1', 'History', { default: true })],
  }),
);

// I renamed the scenario, added a test and renamed the diagnosis; they changed the description,
// added a different test and added a stage.
const mine = {
  ...base,
  resimName: 'Anaemia workup',
  actions: [...base.actions, actionFixture('act2', 'Ferritin')],
  conclusions: [conclusionFixture('conc1', 'Iron deficiency anaemia')],
};
const theirs = {
  ...base,
  description: 'A tired patient',
  actions: [...base.actions, actionFixture('act2', 'Reticulocytes')],
  stages: [...base.stages, stageFixture('stg2', 'Examination')],
};
const sides = { base, mine, theirs };

describe('conflictingKeys', () => {
  it('names only what both sides changed to different values', () => {
    expect(conflictingKeys(sides)).toEqual(['actions']);
  });

  it('does not count the same change made on both sides', () => {
    expect(conflictingKeys({ base, mine, theirs: { ...theirs, actions: mine.actions } })).toEqual([]);
  });
});

describe('mergeContent', () => {
  it('keeps mine: my changes on top of theirs, their other changes kept', () => {
    const merged = mergeContent(sides);
    expect(merged.resimName).toBe('Anaemia workup');
    expect(merged.description).toBe('A tired patient');
    expect(merged.actions).toEqual(mine.actions);
    expect(merged.conclusions).toEqual(mine.conclusions);
    expect(merged.stages).toEqual(theirs.stages);
  });

  it('takes their side of a conflicting part when chosen, and still keeps my other changes', () => {
    const merged = mergeContent(sides, { actions: 'theirs' });
    expect(merged.actions).toEqual(theirs.actions);
    expect(merged.conclusions).toEqual(mine.conclusions);
    expect(merged.resimName).toBe('Anaemia workup');
    expect(merged.stages).toEqual(theirs.stages);
  });

  it('is theirs when I changed nothing', () => {
    expect(mergeContent({ base, mine: base, theirs })).toEqual(theirs);
  });
});
