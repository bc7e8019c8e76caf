import { describe, expect, it } from 'vitest';
import { newInfo } from '@resim/domain';
import { actionFixture, conclusionFixture, scenarioFixture, stageFixture } from '../../test/scenario-fixtures';
import { removeAction, removeConclusion, removeInfo, removePage, removeStageGroup } from './item-removal';
import { contentOf } from './scenario-changes';

const requires = (all: string[], any: string[] = [], none: string[] = []) => ({ all, any, none });

const content = contentOf(
  scenarioFixture({
    actions: [
      actionFixture('act1', 'History'),
      actionFixture('act2', 'Examination', { requiredActions: requires(['act1']), requiredConclusions: requires([], ['conc1']) }),
    ],
    conclusions: [conclusionFixture('conc1', 'Anaemia', { requiredActions: requires([], [], ['act1']) })],
    stages: [
      stageFixture('stg1', 'Workup', {
        requiredActions: requires(['act1']),
        requiredConclusions: requires(['conc1']),
        activators: [{ id: 'act1', name: 'History', stage: null }],
      }),
    ],
    answers: { actions: ['act2'], unnecessaryActions: [], harmfulActions: ['act1'], conclusions: ['conc1'] },
  }),
);

describe('removing a test or a diagnosis', () => {
  it('removes a test and every mention of it', () => {
    const after = removeAction(content, 'act1');
    expect(after.actions.map((item) => item.id)).toEqual(['act2']);
    expect(after.actions[0]?.requiredActions).toEqual(requires([]));
    expect(after.conclusions[0]?.requiredActions).toEqual(requires([]));
    expect(after.stages[0]?.requiredActions).toEqual(requires([]));
    expect(after.stages[0]?.activators).toEqual([]);
    expect(after.answers).toMatchObject({ actions: ['act2'], harmfulActions: [] });
  });

  it('removes a diagnosis and every mention of it', () => {
    const after = removeConclusion(content, 'conc1');
    expect(after.conclusions).toEqual([]);
    expect(after.actions[1]?.requiredConclusions).toEqual(requires([]));
    expect(after.stages[0]?.requiredConclusions).toEqual(requires([]));
    expect(after.answers.conclusions).toEqual([]);
  });

  it('removes an info or a page, and a run no longer opens on it', () => {
    const withInfo = {
      ...content,
      infos: [newInfo(content, { name: 'Triage note' })],
    };
    const openingOnInfo = { ...withInfo, initial: { type: 'info' as const, id: 'info1' } };
    expect(removeInfo(openingOnInfo, 'info1')).toMatchObject({ infos: [], initial: null });
    const withPage = {
      ...content,
      pages: [{ id: 'page1', name: 'Welcome', content: 'Hello' }],
      initial: { type: 'page' as const, id: 'page1' },
    };
    expect(removePage(withPage, 'page1')).toMatchObject({ pages: [], initial: null });
    expect(removePage({ ...withPage, initial: { type: 'stage', id: 'stg1' } }, 'page1').initial).toEqual({ type: 'stage', id: 'stg1' });
  });

  it('removes a stage group and leaves its stages in no group', () => {
    const grouped = {
      ...content,
      stageGroups: [{ id: 'group1', name: 'Work-up' }],
      stages: content.stages.map((stage) => ({ ...stage, stageGroup: 'group1' })),
    };
    const after = removeStageGroup(grouped, 'group1');
    expect(after.stageGroups).toEqual([]);
    expect(after.stages.map((stage) => stage.stageGroup)).toEqual([null]);
  });
});
