import type { ScenarioTemplate } from '@resim/contracts';
import { newScenarioMode, newScenarioName, scenarioContent, type ScenarioContent } from '@resim/domain';

type Template = ScenarioTemplate & { build: () => ScenarioContent };

/** The scenario templates a new scenario can start from (GET /admin/template). */
export const scenarioTemplates: readonly Template[] = [
  {
    id: 'blank',
    name: 'Blank',
    description: 'An empty scenario: no tasks, tests, diagnoses or measures.',
    build: () => scenarioContent.parse({ resimName: newScenarioName, mode: newScenarioMode, templateId: 'blank', allowAnonymous: true }),
  },
  {
    id: 'diagnostic',
    name: 'Diagnostic workup',
    description: 'Two tasks (assessment, investigations), a points measure and a one-diagnosis answer key to fill in.',
    build: () =>
      scenarioContent.parse({
        resimName: newScenarioName,
        templateId: 'diagnostic',
        allowAnonymous: true,
        maxConclusions: 1,
        stages: [
          { id: 'stg1', name: 'Assessment', default: true },
          { id: 'stg2', name: 'Investigations' },
        ],
        measures: [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }],
      }),
  },
];

export const findScenarioTemplate = (id: string): Template | undefined => scenarioTemplates.find((template) => template.id === id);
