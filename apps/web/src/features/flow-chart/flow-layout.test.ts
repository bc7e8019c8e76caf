import { flowGraph, scenarioContent } from '@resim/domain';
import { describe, expect, it } from 'vitest';
import { layoutFlow } from './flow-layout';

const graph = flowGraph(
  scenarioContent.parse({
    resimName: 'x',
    stages: [{ id: 'stg1', name: 'One', default: true }],
    actions: [
      { id: 'act1', name: 'A', stage: 'stg1' },
      { id: 'act2', name: 'B', stage: 'stg1', requiredActions: { all: ['act1'], any: [], none: [] } },
    ],
  }),
);

describe('flow layout', () => {
  it('places what depends on something above it when bottom-to-top', () => {
    const positions = layoutFlow(graph, 'BT');
    expect(positions.get('act2')!.y).toBeLessThan(positions.get('act1')!.y);
    expect(positions.get('act1')!.y).toBeLessThan(positions.get('stg1')!.y);
  });

  it('places it to the left when right-to-left, on the 15 by 15 grid', () => {
    const positions = layoutFlow(graph, 'RL');
    expect(positions.get('act2')!.x).toBeLessThan(positions.get('act1')!.x);
    for (const { x, y } of positions.values()) {
      expect(x % 15).toBe(0);
      expect(y % 15).toBe(0);
    }
  });
});
