import { describe, expect, it } from 'vitest';
import { IdSpaceExhaustedError } from './ids';
import { referenceProblems } from './references';
import { insertStageTemplate, stageTemplateOf } from './stage-template';
import { content, deepFreeze } from './test/fixtures';

const source = () =>
  deepFreeze(
    content({
      measures: [
        { id: 'points', name: 'Points' },
        { id: 'measure1', name: 'Cost', type: 1 },
      ],
      stageGroups: [{ id: 'group1', name: 'Work-up' }],
      stages: [
        { id: 'stg1', name: 'History', default: true },
        {
          id: 'stg2',
          name: 'Bloods',
          stageGroup: 'group1',
          requiredStages: { all: ['stg1'] },
          requiredActions: { any: ['act1', 'act2'] },
          activators: [{ id: 'act1', name: 'Ask about diet', stage: 'stg1' }],
          uiText: { actions: 'bloods' },
        },
      ],
      actions: [
        { id: 'act1', name: 'Ask about diet', stage: 'stg1' },
        {
          id: 'act2',
          name: 'Full blood count',
          stage: 'stg2',
          facts: 'Hb 84 g/L',
          impact: [
            { measureId: 'points', value: 10 },
            { measureId: 'measure1', value: -20 },
          ],
          measureConditions: [{ measureId: 'measure1', operator: '>=', value: 20 }],
        },
        { id: 'act3', name: 'Ferritin', stage: 'stg2', requiredActions: { all: ['act2', 'act1'] } },
      ],
      conclusions: [
        {
          id: 'conc1',
          name: 'Iron deficiency',
          stage: 'stg2',
          requiredActions: { all: ['act3'] },
          impact: [{ measureId: 'points', value: 10 }],
        },
        { id: 'conc2', name: 'Viral illness', stage: 'stg1' },
      ],
    }),
  );

describe('stage templates', () => {
  it('takes a stage with the actions and conclusions in it, and nothing from outside', () => {
    const template = stageTemplateOf(source(), 'stg2')!;
    expect(template.stage).toMatchObject({
      id: 'stg2',
      name: 'Bloods',
      default: false,
      stageGroup: null,
      requiredStages: { all: [], any: [], none: [] },
      requiredActions: { all: [], any: ['act2'], none: [] },
      activators: [],
      uiText: { actions: 'bloods' },
    });
    expect(template.actions.map((action) => action.id)).toEqual(['act2', 'act3']);
    expect(template.actions[1]!.requiredActions.all).toEqual(['act2']);
    expect(template.conclusions.map((conclusion) => conclusion.id)).toEqual(['conc1']);
    expect(stageTemplateOf(source(), 'stg9')).toBeUndefined();
  });

  it('inserts with the lowest free ids and references that follow them', () => {
    const template = stageTemplateOf(source(), 'stg2')!;
    const target = deepFreeze(
      content({
        measures: [{ id: 'points', name: 'Points' }],
        stages: [{ id: 'stg1', name: 'Triage', default: true }],
        actions: [
          { id: 'act1', name: 'Observations', stage: 'stg1' },
          { id: 'act3', name: 'ECG', stage: 'stg1' },
        ],
      }),
    );
    const { content: result, stageId } = insertStageTemplate(target, template);
    expect(stageId).toBe('stg2');
    expect(result.stages.map((stage) => [stage.id, stage.name, stage.default])).toEqual([
      ['stg1', 'Triage', true],
      ['stg2', 'Bloods', false],
    ]);
    expect(result.stages[1]!.requiredActions).toEqual({ all: [], any: ['act2'], none: [] });
    expect(result.actions.map((action) => [action.id, action.name, action.stage])).toEqual([
      ['act1', 'Observations', 'stg1'],
      ['act3', 'ECG', 'stg1'],
      ['act2', 'Full blood count', 'stg2'],
      ['act4', 'Ferritin', 'stg2'],
    ]);
    // Ferritin required the full blood count, now act2; the measure the target lacks is dropped.
    expect(result.actions[3]!.requiredActions.all).toEqual(['act2']);
    expect(result.actions[2]!.impact).toEqual([{ measureId: 'points', value: 10 }]);
    expect(result.actions[2]!.measureConditions).toEqual([]);
    expect(result.conclusions).toEqual([
      expect.objectContaining({ id: 'conc1', stage: 'stg2', requiredActions: { all: ['act4'], any: [], none: [] } }),
    ]);
    expect(referenceProblems(result)).toEqual([]);
  });

  it('makes the inserted stage the default when the scenario has none (SPEC 5)', () => {
    const template = stageTemplateOf(source(), 'stg2')!;
    const { content: result } = insertStageTemplate(content(), template);
    expect(result.stages).toEqual([expect.objectContaining({ id: 'stg1', default: true })]);
  });

  it('refuses when the ids run out, leaving the scenario as it was', () => {
    const template = stageTemplateOf(source(), 'stg2')!;
    const full = content({ actions: Array.from({ length: 4998 }, (_, index) => ({ id: `act${index + 1}`, name: `Test ${index + 1}` })) });
    expect(() => insertStageTemplate(full, template)).toThrow(IdSpaceExhaustedError);
    expect(() => insertStageTemplate(full, template)).toThrow('No free id left for "act": every number below 5000 is taken');
  });
});
