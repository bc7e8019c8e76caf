import { describe, expect, it } from 'vitest';
import { impactSuggestions } from './impact-suggestions';

describe('impact suggestions (SPEC 9)', () => {
  it('suggests +10, -10, +1 and -1 points when a points measure exists', () => {
    expect(impactSuggestions({ measures: [{ id: 'measure1' }, { id: 'points' }] })).toEqual([
      { measureId: 'points', value: 10 },
      { measureId: 'points', value: -10 },
      { measureId: 'points', value: 1 },
      { measureId: 'points', value: -1 },
    ]);
  });

  it('suggests nothing without a points measure, whatever the measures are named', () => {
    expect(impactSuggestions({ measures: [] })).toEqual([]);
    expect(impactSuggestions({ measures: [{ id: 'measure1' }, { id: 'Points' }] })).toEqual([]);
  });
});
