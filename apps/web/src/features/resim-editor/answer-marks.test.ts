import { describe, expect, it } from 'vitest';
import { markAction, markOf } from './answer-marks';

const key = { actions: ['act3', 'act1'], unnecessaryActions: ['act2'], harmfulActions: [], conclusions: ['conc1'] };
const order = ['act1', 'act2', 'act3'];

describe('marking actions in the answer key', () => {
  it('reads the one mark of an action', () => {
    expect(markOf(key, 'act1')).toBe('actions');
    expect(markOf(key, 'act2')).toBe('unnecessaryActions');
    expect(markOf(key, 'act9')).toBeNull();
  });

  it('moves an action to its new mark, in the scenario’s order, leaving the rest alone', () => {
    expect(markAction(key, order, 'act2', 'harmfulActions')).toEqual({
      actions: ['act1', 'act3'],
      unnecessaryActions: [],
      harmfulActions: ['act2'],
      conclusions: ['conc1'],
    });
    expect(markAction(key, order, 'act3', null)).toMatchObject({ actions: ['act1'], unnecessaryActions: ['act2'], harmfulActions: [] });
  });
});
