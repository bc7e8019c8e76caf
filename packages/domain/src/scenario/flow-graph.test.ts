import { describe, expect, it } from 'vitest';
import { flowGraph } from './flow-graph';
import { scenarioContent } from './schema';

describe('flow graph (SPEC 2 flow chart)', () => {
  const content = scenarioContent.parse({
    resimName: 'Chest pain',
    stages: [
      { id: 'stg1', name: 'Assessment', default: true },
      { id: 'stg2', name: 'Investigations', requiredActions: { all: [], any: ['act1'], none: [] }, activators: [{ id: 'act2' }] },
    ],
    actions: [
      { id: 'act1', name: 'ECG', stage: 'stg1' },
      { id: 'act2', name: 'X-ray', stage: 'stg1', activators: [{ id: 'stg2' }] },
      { id: 'act3', name: 'Troponin', stage: 'stg2', requiredActions: { all: ['act1'], any: [], none: ['act9'] } },
    ],
    conclusions: [{ id: 'conc1', name: 'STEMI', stage: 'stg2', requiredActions: { all: [], any: [], none: ['act2'] } }],
  });

  it('has a node for every stage, action and conclusion', () => {
    expect(flowGraph(content).nodes.map((n) => `${n.kind}:${n.id}`)).toEqual([
      'stage:stg1',
      'stage:stg2',
      'action:act1',
      'action:act2',
      'action:act3',
      'conclusion:conc1',
    ]);
  });

  it('joins items to their stage, requirements to what requires them and activators to the stage they open', () => {
    expect(
      flowGraph(content)
        .edges.map((e) => e.id)
        .sort(),
    ).toEqual(
      [
        'activates:act2->stg2',
        'contains:stg1->act1',
        'contains:stg1->act2',
        'contains:stg2->act3',
        'contains:stg2->conc1',
        'requires-all:act1->act3',
        'requires-any:act1->stg2',
        'requires-none:act2->conc1',
      ].sort(),
    );
  });
});
