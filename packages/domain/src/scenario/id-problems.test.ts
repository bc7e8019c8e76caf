import { describe, expect, it } from 'vitest';
import { idProblems, isValidItemId } from './id-problems';
import { content } from './test/fixtures';

describe('item ids (SPEC 3 and 9)', () => {
  it('accepts the prefix of the part with a number from 1 to 4999', () => {
    expect(isValidItemId('actions', 'act1')).toBe(true);
    expect(isValidItemId('actions', 'act4999')).toBe(true);
    expect(isValidItemId('conclusions', 'conc12')).toBe(true);
    expect(isValidItemId('stageGroups', 'group3')).toBe(true);
    expect(isValidItemId('baseline', 'baseline1')).toBe(true);
  });

  it('rejects numbers out of range, leading zeros, other prefixes and other forms', () => {
    for (const id of ['act0', 'act5000', 'act01', 'act', 'act-1', 'act1.5', 'conc1', 'Act1', ' act1', 'act1a']) {
      expect(isValidItemId('actions', id), id).toBe(false);
    }
  });

  it('accepts the measure points and the stage prefix stage beside stg', () => {
    expect(isValidItemId('measures', 'points')).toBe(true);
    expect(isValidItemId('stages', 'stg7')).toBe(true);
    expect(isValidItemId('stages', 'stage7')).toBe(true);
    expect(isValidItemId('stages', 'stage5000')).toBe(false);
    expect(isValidItemId('actions', 'points')).toBe(false);
  });

  it('names every id of the wrong form, with the range it should be in', () => {
    const scenario = content({
      actions: [
        { id: 'act5000', name: 'A' },
        { id: 'act1', name: 'B' },
      ],
      measures: [
        { id: 'points', name: 'Points' },
        { id: 'score', name: 'Score' },
      ],
      stages: [{ id: 'step1', name: 'S' }],
      stageGroups: [{ id: 'grp1', name: 'G' }],
      pages: [{ id: 'page0', name: 'P' }],
    });
    expect(idProblems(scenario)).toEqual([
      'actions[0].id: "act5000" is not a valid action id (act1 to act4999)',
      'measures[1].id: "score" is not a valid measure id (measure1 to measure4999, or points)',
      'stages[0].id: "step1" is not a valid stage id (stg1 to stg4999)',
      'stageGroups[0].id: "grp1" is not a valid stage group id (group1 to group4999)',
      'pages[0].id: "page0" is not a valid page id (page1 to page4999)',
    ]);
  });

  it('finds nothing wrong in an empty scenario', () => {
    expect(idProblems(content())).toEqual([]);
  });
});
