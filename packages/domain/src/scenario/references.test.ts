import { describe, expect, it } from 'vitest';
import { referenceProblems } from './references';
import { content } from './test/fixtures';

const sound = content({
  stageGroups: [{ id: 'group1', name: 'Ward' }],
  stages: [
    { id: 'stg1', name: 'History', default: true, stageGroup: 'group1' },
    {
      id: 'stg2',
      name: 'Tests',
      requiredStages: { all: ['stg1'] },
      requiredActions: { any: ['act1'] },
      requiredConclusions: { none: ['conc1'] },
      activators: [{ id: 'act1', stage: 'stg1' }, { id: 'stg1' }],
    },
  ],
  measures: [{ id: 'points', name: 'Points' }],
  actions: [
    {
      id: 'act1',
      name: 'ECG',
      stage: 'stg1',
      impact: [{ measureId: 'points', value: 10 }],
      measureConditions: [{ measureId: 'points', operator: '>', value: 0 }],
      activators: [{ id: 'stg2', stage: 'stg2' }],
    },
    { id: 'act2', name: 'X-ray', stage: 'stg2', requiredActions: { all: ['act1'] }, requiredConclusions: { any: ['conc1'] } },
  ],
  conclusions: [
    { id: 'conc1', name: 'STEMI', stage: 'stg2', requiredActions: { all: ['act1'] }, impact: [{ measureId: 'points', value: 1 }] },
  ],
  infos: [{ id: 'info1', name: 'Note', stage: 'stg1', impact: [{ measureId: 'points', value: 1 }] }],
  pages: [{ id: 'page1', name: 'Welcome' }],
  hint: { measureConditions: [{ measureId: 'points', operator: '<', value: 5 }], impact: [{ measureId: 'points', value: -1 }] },
  answers: { actions: ['act1'], conclusions: ['conc1'] },
  descriptionImages: [{ id: 'm1', url: '/a.png', availableStages: ['stg1'] }],
  initial: { type: 'page', id: 'page1' },
});

describe('references inside a scenario (SPEC 3 and 8)', () => {
  it('finds nothing wrong in a scenario whose references all hold', () => {
    expect(referenceProblems(sound)).toEqual([]);
    expect(referenceProblems(content())).toEqual([]);
  });

  it('names unknown actions and conclusions in required sets', () => {
    const scenario = content({
      actions: [
        { id: 'act1', name: 'A' },
        { id: 'act2', name: 'B' },
        {
          id: 'act3',
          name: 'C',
          requiredActions: { all: ['act1'], any: ['act9'], none: ['act8'] },
          requiredConclusions: { all: ['conc9'] },
        },
      ],
      conclusions: [{ id: 'conc1', name: 'C', requiredActions: { any: ['act7'] }, requiredConclusions: { none: ['conc1', 'conc5'] } }],
    });
    expect(referenceProblems(scenario)).toEqual([
      'actions[2].requiredActions.any: unknown action "act9"',
      'actions[2].requiredActions.none: unknown action "act8"',
      'actions[2].requiredConclusions.all: unknown conclusion "conc9"',
      'conclusions[0].requiredActions.any: unknown action "act7"',
      'conclusions[0].requiredConclusions.none: unknown conclusion "conc5"',
    ]);
  });

  it('names unknown stages of items and in the required stages, groups and activators of stages', () => {
    const scenario = content({
      stages: [
        {
          id: 'stg1',
          name: 'S',
          stageGroup: 'group3',
          requiredStages: { any: ['stg4'] },
          requiredActions: { all: ['act5'] },
          requiredConclusions: { any: ['conc5'] },
          activators: [{ id: 'act6' }, { id: 'stg1', stage: 'stg8' }],
        },
      ],
      actions: [{ id: 'act1', name: 'A', stage: 'stg2', activators: [{ id: 'stg3' }, { id: 'act1' }] }],
      conclusions: [{ id: 'conc1', name: 'C', stage: 'stg5' }],
      infos: [{ id: 'info1', name: 'I', stage: 'stg6' }],
    });
    expect(referenceProblems(scenario)).toEqual([
      'actions[0].stage: unknown stage "stg2"',
      'actions[0].activators[0].id: unknown stage "stg3"',
      'actions[0].activators[1].id: unknown stage "act1"',
      'conclusions[0].stage: unknown stage "stg5"',
      'stages[0].stageGroup: unknown stage group "group3"',
      'stages[0].requiredStages.any: unknown stage "stg4"',
      'stages[0].requiredActions.all: unknown action "act5"',
      'stages[0].requiredConclusions.any: unknown conclusion "conc5"',
      'stages[0].activators[0].id: unknown action or stage "act6"',
      'stages[0].activators[1].stage: unknown stage "stg8"',
      'infos[0].stage: unknown stage "stg6"',
    ]);
  });

  it('names unknown measures in impacts and conditions of actions, conclusions, infos and the hint', () => {
    const scenario = content({
      measures: [{ id: 'measure1', name: 'M' }],
      actions: [
        {
          id: 'act1',
          name: 'A',
          impact: [
            { measureId: 'measure1', value: 1 },
            { measureId: 'points', value: 1 },
          ],
          measureConditions: [{ measureId: 'measure2', operator: '=', value: 0 }],
        },
      ],
      conclusions: [{ id: 'conc1', name: 'C', impact: [{ measureId: 'measure3', value: 1 }] }],
      infos: [
        {
          id: 'info1',
          name: 'I',
          impact: [{ measureId: 'measure4', value: 1 }],
          measureConditions: [{ measureId: 'measure5', operator: '<', value: 0 }],
        },
      ],
      hint: { impact: [{ measureId: 'measure6', value: -1 }], measureConditions: [{ measureId: 'measure7', operator: '>', value: 0 }] },
    });
    expect(referenceProblems(scenario)).toEqual([
      'actions[0].impact[1].measureId: unknown measure "points"',
      'actions[0].measureConditions[0].measureId: unknown measure "measure2"',
      'conclusions[0].impact[0].measureId: unknown measure "measure3"',
      'infos[0].impact[0].measureId: unknown measure "measure4"',
      'infos[0].measureConditions[0].measureId: unknown measure "measure5"',
      'hint.impact[0].measureId: unknown measure "measure6"',
      'hint.measureConditions[0].measureId: unknown measure "measure7"',
    ]);
  });

  it('names unknown answers, stages of overview media and the initial item', () => {
    const scenario = content({
      stages: [{ id: 'stg1', name: 'S' }],
      answers: { actions: ['act1'], unnecessaryActions: ['act2'], harmfulActions: ['act3'], conclusions: ['conc1'] },
      descriptionImages: [{ id: 'm1', url: '/a.png', availableStages: ['stg1', 'stg2'] }],
      descriptionVideos: [{ id: 'm2', url: '/a.mp4', availableStages: ['stg3'] }],
      descriptionFiles: [
        { id: 'm3', url: '/a.pdf', availableStages: [] },
        { id: 'm4', url: '/b.pdf', availableStages: ['stg4'] },
      ],
      initial: { type: 'info', id: 'info1' },
    });
    expect(referenceProblems(scenario)).toEqual([
      'answers.actions: unknown action "act1"',
      'answers.unnecessaryActions: unknown action "act2"',
      'answers.harmfulActions: unknown action "act3"',
      'answers.conclusions: unknown conclusion "conc1"',
      'descriptionImages[0].availableStages: unknown stage "stg2"',
      'descriptionVideos[0].availableStages: unknown stage "stg3"',
      'descriptionFiles[1].availableStages: unknown stage "stg4"',
      'initial.id: unknown info "info1"',
    ]);
  });

  it('checks the initial item against the items of its own type', () => {
    const scenario = content({ stages: [{ id: 'stg1', name: 'S' }], pages: [{ id: 'page1', name: 'P' }] });
    expect(referenceProblems({ ...scenario, initial: { type: 'stage', id: 'stg1' } })).toEqual([]);
    expect(referenceProblems({ ...scenario, initial: { type: 'page', id: 'stg1' } })).toEqual(['initial.id: unknown page "stg1"']);
  });

  it('names each duplicate id once, by part', () => {
    const scenario = content({
      actions: [
        { id: 'act1', name: 'A' },
        { id: 'act1', name: 'B' },
        { id: 'act1', name: 'C' },
      ],
      stages: [
        { id: 'stg1', name: 'S' },
        { id: 'stg2', name: 'T' },
        { id: 'stg1', name: 'U' },
      ],
      pages: [
        { id: 'page1', name: 'P' },
        { id: 'page1', name: 'Q' },
      ],
    });
    expect(referenceProblems(scenario)).toEqual([
      'duplicate id "act1" in actions',
      'duplicate id "stg1" in stages',
      'duplicate id "page1" in pages',
    ]);
  });
});
