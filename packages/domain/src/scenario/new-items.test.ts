import { describe, expect, it } from 'vitest';
import { newAction, newBaseline, newConclusion, newInfo, newMeasure, newPage, newStage, newStageGroup } from './new-items';
import { action, baseline, conclusion, info, measure, page, stage, stageGroup } from './schema';
import { content } from './test/fixtures';

const filled = content({
  actions: [
    { id: 'act1', name: 'A' },
    { id: 'act3', name: 'C' },
  ],
  conclusions: [{ id: 'conc1', name: 'C' }],
  stages: [{ id: 'stg1', name: 'S', default: true }],
  stageGroups: [{ id: 'group2', name: 'G' }],
  measures: [{ id: 'points', name: 'Points' }],
  infos: [{ id: 'info1', name: 'I' }],
  baseline: [{ id: 'baseline1', name: 'B' }],
  pages: [{ id: 'page1', name: 'P' }],
});

describe('new items (SPEC 3 and 9)', () => {
  it('gives each new item the lowest free id of its part', () => {
    expect(newAction(filled).id).toBe('act2');
    expect(newConclusion(filled).id).toBe('conc2');
    expect(newStage(filled).id).toBe('stg2');
    expect(newStageGroup(filled).id).toBe('group1');
    expect(newMeasure(filled).id).toBe('measure1');
    expect(newInfo(filled).id).toBe('info2');
    expect(newBaseline(filled).id).toBe('baseline2');
    expect(newPage(filled).id).toBe('page2');
  });

  it('names new items and fills every field with the schema defaults', () => {
    expect(newAction(content())).toEqual(action.parse({ id: 'act1', name: 'New test' }));
    expect(newConclusion(content())).toEqual(conclusion.parse({ id: 'conc1', name: 'New diagnosis' }));
    expect(newStage(content())).toEqual(stage.parse({ id: 'stg1', name: 'New task' }));
    expect(newStageGroup(content())).toEqual(stageGroup.parse({ id: 'group1', name: 'New group' }));
    expect(newMeasure(content())).toEqual(measure.parse({ id: 'measure1', name: 'New measure' }));
    expect(newInfo(content())).toEqual(info.parse({ id: 'info1', name: 'New info' }));
    expect(newBaseline(content())).toEqual(baseline.parse({ id: 'baseline1', name: 'New baseline' }));
    expect(newPage(content())).toEqual(page.parse({ id: 'page1', name: 'New page' }));
  });

  it('places a new action or conclusion in the stage given and takes other fields, but never an id', () => {
    const created = newAction(filled, { stage: 'stg1', name: 'Troponin' });
    expect(created).toMatchObject({
      id: 'act2',
      stage: 'stg1',
      name: 'Troponin',
      impact: [],
      requiredActions: { all: [], any: [], none: [] },
    });
    expect(newConclusion(filled, { stage: 'stg1' })).toMatchObject({ id: 'conc2', stage: 'stg1', name: 'New diagnosis' });
    expect(newAction(filled, { id: 'act1' } as object).id).toBe('act2');
  });

  it('makes a new measure an integer starting at 0, unlimited and not scored', () => {
    expect(newMeasure(content())).toMatchObject({ type: 7, initial: 0, limits: null, scoreOrder: null });
  });

  it('does not share default lists between new items', () => {
    const first = newAction(content());
    const second = newAction(content());
    first.impact.push({ measureId: 'points', value: 1 });
    expect(second.impact).toEqual([]);
  });
});
