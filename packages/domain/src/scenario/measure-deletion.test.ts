import { describe, expect, it } from 'vitest';
import { deleteMeasure, measureInUse } from './measure-deletion';
import { content, deepFreeze } from './test/fixtures';

const measures = [
  { id: 'points', name: 'Points' },
  { id: 'measure1', name: 'Time', type: 4 },
  { id: 'measure2', name: 'Cost', type: 1 },
];
const condition = (measureId: string) => ({ measureId, operator: '>=', value: 1 });
const impact = (measureId: string) => ({ measureId, value: 5 });

describe('measure deletion (SPEC 5)', () => {
  it('finds a measure used in the impact or conditions of an action', () => {
    expect(measureInUse(content({ measures, actions: [{ id: 'act1', name: 'A', impact: [impact('measure1')] }] }), 'measure1')).toBe(true);
    expect(
      measureInUse(content({ measures, actions: [{ id: 'act1', name: 'A', measureConditions: [condition('measure1')] }] }), 'measure1'),
    ).toBe(true);
  });

  it('finds a measure used in the impact of a conclusion', () => {
    expect(measureInUse(content({ measures, conclusions: [{ id: 'conc1', name: 'C', impact: [impact('measure2')] }] }), 'measure2')).toBe(
      true,
    );
  });

  it('finds a measure used in the impact or conditions of the hint', () => {
    expect(measureInUse(content({ measures, hint: { impact: [impact('points')] } }), 'points')).toBe(true);
    expect(measureInUse(content({ measures, hint: { measureConditions: [condition('points')] } }), 'points')).toBe(true);
  });

  it('finds a measure used in the impact or conditions of an info', () => {
    expect(measureInUse(content({ measures, infos: [{ id: 'info1', name: 'I', impact: [impact('measure1')] }] }), 'measure1')).toBe(true);
    expect(
      measureInUse(content({ measures, infos: [{ id: 'info1', name: 'I', measureConditions: [condition('measure1')] }] }), 'measure1'),
    ).toBe(true);
  });

  it('does not count uses of other measures', () => {
    const scenario = content({
      measures,
      actions: [{ id: 'act1', name: 'A', impact: [impact('points')], measureConditions: [condition('measure1')] }],
      conclusions: [{ id: 'conc1', name: 'C', impact: [impact('points')] }],
      infos: [{ id: 'info1', name: 'I', impact: [impact('points')] }],
      hint: { impact: [impact('measure1')] },
    });
    expect(measureInUse(scenario, 'measure2')).toBe(false);
  });

  it('deletes a measure nothing uses, leaving the input alone', () => {
    const scenario = deepFreeze(content({ measures }));
    const after = deleteMeasure(scenario, 'measure1');
    expect(after.measures.map((measure) => measure.id)).toEqual(['points', 'measure2']);
    expect(scenario.measures).toHaveLength(3);
  });

  it('silently refuses to delete a measure in use: the same content comes back', () => {
    const scenario = deepFreeze(content({ measures, hint: { impact: [impact('measure2')] } }));
    expect(deleteMeasure(scenario, 'measure2')).toBe(scenario);
  });

  it('returns the same content for an unknown measure, and keeps the fields of a stored scenario', () => {
    const stored = { ...content({ measures }), id: 'r1' };
    expect(deleteMeasure(stored, 'measure9')).toBe(stored);
    expect(deleteMeasure(stored, 'points').id).toBe('r1');
  });
});
