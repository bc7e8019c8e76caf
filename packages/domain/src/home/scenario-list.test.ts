import { describe, expect, it } from 'vitest';
import { Priority, SortOrder } from '../constants';
import { groupScenariosBySpace, sortScenarios } from './scenario-list';

const scenarios = [
  { id: 'r1', resimName: 'beta', group: 's1', created: '2026-01-02T00:00:00.000Z' },
  { id: 'r2', resimName: 'Alpha', group: 's1', created: '2026-01-03T00:00:00.000Z' },
  { id: 'r3', resimName: 'gamma 10', group: 's2', created: '2026-01-01T00:00:00.000Z' },
  { id: 'r4', resimName: 'gamma 9', group: 's2', created: '2026-01-04T00:00:00.000Z' },
];
const spaces = [
  { id: 's2', description: 'Microbiology' },
  { id: 's1', description: 'Cardiology' },
  { id: 's3', description: 'Empty space' },
];

describe('scenario list on Home', () => {
  it('sorts by the four sort orders of SPEC 9', () => {
    const names = (order: SortOrder) => sortScenarios(scenarios, order).map((s) => s.id);
    expect(names(SortOrder.AlphaAsc)).toEqual(['r2', 'r1', 'r4', 'r3']);
    expect(names(SortOrder.AlphaDesc)).toEqual(['r3', 'r4', 'r1', 'r2']);
    expect(names(SortOrder.CreationAsc)).toEqual(['r3', 'r1', 'r2', 'r4']);
    expect(names(SortOrder.CreationDesc)).toEqual(['r4', 'r2', 'r1', 'r3']);
  });

  it('puts High priority first and Low last when asked, each in the chosen order (SPEC 9 priorities)', () => {
    const prioritised = [
      { ...scenarios[0]!, priority: Priority.Low },
      { ...scenarios[1]!, priority: null },
      { ...scenarios[2]!, priority: Priority.High },
      { ...scenarios[3]!, priority: Priority.High },
    ];
    expect(sortScenarios(prioritised, SortOrder.AlphaAsc).map((s) => s.id)).toEqual(['r2', 'r1', 'r4', 'r3']);
    expect(sortScenarios(prioritised, SortOrder.AlphaAsc, true).map((s) => s.id)).toEqual(['r4', 'r3', 'r2', 'r1']);
    expect(sortScenarios(prioritised, SortOrder.CreationAsc, true).map((s) => s.id)).toEqual(['r3', 'r4', 'r2', 'r1']);
    const grouped = groupScenariosBySpace({ spaces, scenarios: prioritised, order: SortOrder.AlphaDesc, priorityFirst: true });
    expect(grouped.map((g) => g.scenarios.map((s) => s.id))).toEqual([['r2', 'r1'], [], ['r3', 'r4']]);
  });

  it('groups scenarios by space, spaces by name, keeping empty spaces', () => {
    const grouped = groupScenariosBySpace({ spaces, scenarios, order: SortOrder.AlphaAsc });
    expect(grouped.map((g) => [g.space.id, g.scenarios.map((s) => s.id)])).toEqual([
      ['s1', ['r2', 'r1']],
      ['s3', []],
      ['s2', ['r4', 'r3']],
    ]);
  });

  it('searches scenario names and ids, and whole spaces by name', () => {
    const search = (text: string) =>
      groupScenariosBySpace({ spaces, scenarios, order: SortOrder.AlphaAsc, search: text }).map((g) => [
        g.space.id,
        g.scenarios.map((s) => s.id),
      ]);
    expect(search('GAMMA 9')).toEqual([['s2', ['r4']]]);
    expect(search('cardio')).toEqual([['s1', ['r2', 'r1']]]);
    expect(search('r1')).toEqual([['s1', ['r1']]]);
    expect(search('nothing like it')).toEqual([]);
  });
});
