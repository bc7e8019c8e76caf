import type { LearnerFlow } from '@resim/contracts';
import { describe, expect, it } from 'vitest';
import { edgeWidth, learnerEdges, learnersText, nodeCounts } from './learner-counts';

const flow: LearnerFlow = {
  resimId: 'r1',
  instanceId: null,
  runs: 3,
  finished: 1,
  stages: [{ id: 'stg1', learners: 3 }],
  actions: [{ id: 'act1', learners: 2 }],
  conclusions: [{ id: 'conc2', learners: 1, correct: false }],
  transitions: [
    { from: null, to: 'act1', count: 2 },
    { from: 'act1', to: 'conc2', count: 1 },
    { from: 'act1', to: 'act2', count: 3 },
  ],
  stalls: [
    { id: null, learners: 1 },
    { id: 'act1', learners: 1 },
  ],
  wrongDiagnoses: [{ id: 'conc2', learners: 1 }],
};

describe("the learners' flow on the chart", () => {
  it('gives each reached item its learners and those who stopped there', () => {
    const counts = nodeCounts(flow);
    expect(counts.get('stg1')).toEqual({ learners: 3, stalled: 0 });
    expect(counts.get('act1')).toEqual({ learners: 2, stalled: 1 });
    expect(counts.has('act2')).toBe(false);
  });

  it('draws the steps between items, thicker the more learners took them', () => {
    const edges = learnerEdges(flow);
    expect(edges.map((edge) => `${edge.from}->${edge.to}`)).toEqual(['act1->conc2', 'act1->act2']);
    expect(edges[0]!.width).toBe(1.5);
    expect(edges[1]!.width).toBe(10);
    expect(edgeWidth(2, 3)).toBeCloseTo(5.75);
    expect(edgeWidth(1, 1)).toBe(1.5);
  });

  it('says learner or learners', () => {
    expect(learnersText(1)).toBe('1 learner');
    expect(learnersText(4)).toBe('4 learners');
  });
});
