import { describe, expect, it } from 'vitest';
import { flowStepOf, runCounts, stepCounts } from './flow-steps';

describe('flow steps', () => {
  it('reads tests and diagnoses as steps, and nothing else', () => {
    expect(flowStepOf({ type: 'runAction', actionId: 'a1' })).toEqual({ kind: 'action', items: ['a1'] });
    expect(flowStepOf({ type: 'confirmConclusions', conclusionIds: ['c1', 'c2'] })).toEqual({ kind: 'conclusion', items: ['c1', 'c2'] });
    for (const type of ['takeHint', 'end', 'stop'] as const) expect(flowStepOf({ type })).toBeNull();
  });

  it('counts a first step from the start, and diagnoses confirmed together against each item before', () => {
    expect(stepCounts(null, { kind: 'action', items: ['a1'] })).toEqual([
      { kind: 'action', source: '', target: 'a1', count: 1 },
      { kind: 'edge', source: '', target: 'a1', count: 1 },
    ]);
    expect(stepCounts({ kind: 'action', items: ['a1'] }, { kind: 'conclusion', items: ['c1', 'c2'] })).toEqual([
      { kind: 'conclusion', source: '', target: 'c1', count: 1 },
      { kind: 'conclusion', source: '', target: 'c2', count: 1 },
      { kind: 'edge', source: 'a1', target: 'c1', count: 1 },
      { kind: 'edge', source: 'a1', target: 'c2', count: 1 },
    ]);
  });

  it('sums a whole run as its steps one after the other would, skipping what is not a step', () => {
    const counts = runCounts([
      { type: 'runAction', actionId: 'a1' },
      { type: 'takeHint' },
      { type: 'runAction', actionId: 'a2' },
      { type: 'confirmConclusions', conclusionIds: ['c1', 'c2'] },
      { type: 'end' },
    ]);
    expect(counts).toEqual([
      { kind: 'action', source: '', target: 'a1', count: 1 },
      { kind: 'action', source: '', target: 'a2', count: 1 },
      { kind: 'conclusion', source: '', target: 'c1', count: 1 },
      { kind: 'conclusion', source: '', target: 'c2', count: 1 },
      { kind: 'edge', source: '', target: 'a1', count: 1 },
      { kind: 'edge', source: 'a1', target: 'a2', count: 1 },
      { kind: 'edge', source: 'a2', target: 'c1', count: 1 },
      { kind: 'edge', source: 'a2', target: 'c2', count: 1 },
    ]);
  });
});
