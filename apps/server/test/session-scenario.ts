/** A Realtime scenario: two tests (the second needs the first), two diagnoses, points. */
export const sessionScenario = {
  details: {
    resimName: 'Anaemia clinic',
    mode: 1,
    allowAnonymous: true,
    allowSignin: true,
    maxConclusions: 1,
    uiText: { simulationWaitText: 'Wait for the ward round' },
    userRestriction: { pattern: ['*@hospital.test'] },
    answers: { actions: ['act1'], unnecessaryActions: ['act2'], conclusions: ['conc1'] },
  },
  stages: [{ id: 'stg1', name: 'History', default: true }],
  measures: [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }],
  actions: [
    { id: 'act1', name: 'Full blood count', stage: 'stg1', facts: 'Hb 82 g/L', impact: [{ measureId: 'points', value: 10 }] },
    {
      id: 'act2',
      name: 'Ferritin',
      stage: 'stg1',
      facts: 'Ferritin 6',
      requiredActions: { all: ['act1'], any: [], none: [] },
      impact: [{ measureId: 'points', value: 5 }],
    },
  ],
  conclusions: [
    { id: 'conc1', name: 'Iron deficiency', stage: 'stg1', impact: [{ measureId: 'points', value: 20 }] },
    { id: 'conc2', name: 'B12 deficiency', stage: 'stg1', impact: [{ measureId: 'points', value: -10 }] },
  ],
};

/** A self-paced scenario scored by cost, where less is better, without an answer key. */
export const budgetScenario = {
  details: {
    resimName: 'Budget round',
    mode: 2,
    allowAnonymous: false,
    allowSignin: true,
    userRestriction: { pattern: ['*@hospital.test'] },
  },
  stages: [{ id: 'stg1', name: 'Ward', default: true }],
  measures: [
    { id: 'measure1', name: 'Cost', type: 1, initial: 0, scoreOrder: 1 },
    { id: 'points', name: 'Points', type: 7, initial: 0 },
  ],
  actions: [
    { id: 'act1', name: 'MRI', stage: 'stg1', impact: [{ measureId: 'measure1', value: 400 }] },
    { id: 'act2', name: 'Blood count', stage: 'stg1', impact: [{ measureId: 'measure1', value: 20 }] },
  ],
};
