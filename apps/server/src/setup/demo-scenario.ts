import { scenarioContent, type ScenarioContent } from '@resim/domain';

export const demoScenarioName = 'Chest pain in the emergency department';

/** A small but complete diagnostic scenario, so a new product has something real to open and play. */
export const demoScenario = (): ScenarioContent =>
  scenarioContent.parse({
    resimName: demoScenarioName,
    description: 'A 58-year-old man arrives with chest pain. Order tests, read the results and confirm a diagnosis.',
    templateId: 'blank',
    mode: 2,
    maxConclusions: 1,
    stages: [
      { id: 'stg1', name: 'Assessment', default: true },
      { id: 'stg2', name: 'Investigations', requiredActions: { all: [], any: ['act1'], none: [] } },
    ],
    measures: [
      { id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 },
      { id: 'measure1', name: 'Time', type: 4, initial: 0 },
    ],
    actions: [
      {
        id: 'act1',
        name: 'ECG',
        stage: 'stg1',
        facts: 'ST elevation in leads II, III and aVF.',
        impact: [{ measureId: 'points', value: 10 }],
      },
      { id: 'act2', name: 'Chest X-ray', stage: 'stg1', facts: 'No abnormality seen.', impact: [{ measureId: 'points', value: -1 }] },
      {
        id: 'act3',
        name: 'Troponin',
        stage: 'stg2',
        facts: 'Troponin I 2.1 ng/mL (raised).',
        impact: [{ measureId: 'points', value: 10 }],
      },
      { id: 'act4', name: 'D-dimer', stage: 'stg2', facts: 'Within the normal range.', impact: [{ measureId: 'points', value: -1 }] },
    ],
    conclusions: [
      {
        id: 'conc1',
        name: 'Inferior STEMI',
        stage: 'stg2',
        impact: [{ measureId: 'points', value: 10 }],
        feedback: 'Right: the ECG and troponin agree.',
      },
      {
        id: 'conc2',
        name: 'Pulmonary embolism',
        stage: 'stg2',
        impact: [{ measureId: 'points', value: -10 }],
        feedback: 'The D-dimer is normal.',
      },
    ],
    answers: { actions: ['act1', 'act3'], conclusions: ['conc1'] },
  });
