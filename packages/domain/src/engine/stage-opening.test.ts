import { describe, expect, it } from 'vitest';
import { content } from '../scenario/test/fixtures';
import { startRun } from './run';
import { startingStages } from './stage-opening';
import { runView } from './view';
import { confirm, play, runAction } from './test/runs';

const stage = (id: string, extra: Record<string, unknown> = {}) => ({ id, name: `Stage ${id}`, ...extra });
const needs = (all: string[]) => ({ all, any: [], none: [] });

describe('stage opening (DESIGN 4)', () => {
  it('opens the default stage first', () => {
    const c = content({ stages: [stage('stg1', { activators: [{ id: 'act1' }] }), stage('stg2', { default: true })] });
    expect(startRun(c, 0).unlocked).toEqual(['stg2']);
  });

  it('takes the first stage that is not an antibody panel when none is flagged default', () => {
    const c = content({
      stages: [stage('stg1', { isAntibodyPanel: true, activators: [{ id: 'act1' }] }), stage('stg2', { activators: [{ id: 'act1' }] })],
    });
    expect(startRun(c, 0).unlocked).toEqual(['stg2']);
  });

  it('never makes an antibody panel the default, even flagged', () => {
    const c = content({ stages: [stage('stg1', { default: true, isAntibodyPanel: true, activators: [{ id: 'act1' }] }), stage('stg2')] });
    expect(startRun(c, 0).unlocked).toEqual(['stg2']);
  });

  it('opens at start a stage that asks for nothing and that nothing opens', () => {
    const c = content({
      stages: [stage('stg1', { default: true }), stage('stg2'), stage('stg3', { activators: [{ id: 'act1' }] }), stage('stg4')],
      actions: [
        { id: 'act1', name: 'Test' },
        { id: 'act2', name: 'Other', activators: [{ id: 'stg4' }] },
      ],
    });
    expect(startRun(c, 0).unlocked).toEqual(['stg1', 'stg2']);
  });

  it('opens a stage whose required sets all hold, once it asks for something', () => {
    const c = content({
      stages: [
        stage('stg1', { default: true }),
        stage('stg2', { requiredActions: needs(['act1']), requiredConclusions: needs(['conc1']) }),
        stage('stg3', { requiredStages: needs(['stg2']) }),
      ],
      actions: [{ id: 'act1', name: 'Test' }],
      conclusions: [{ id: 'conc1', name: 'Diagnosis' }],
    });
    expect(play(c, [runAction('act1', 1)]).unlocked).toEqual(['stg1']);
    // stg3 follows stg2 in the same settling, through requiredStages
    expect(play(c, [runAction('act1', 1), confirm(['conc1'], 2)]).unlocked).toEqual(['stg1', 'stg2', 'stg3']);
  });

  it('opens at start a stage whose only requirement is an id that is not done', () => {
    const c = content({
      stages: [stage('stg1', { default: true }), stage('stg2', { requiredActions: { all: [], any: [], none: ['act1'] } })],
    });
    expect(startRun(c, 0).unlocked).toEqual(['stg1', 'stg2']);
  });

  it('opens a stage when one of its activators is run, whatever its requirements', () => {
    const c = content({
      stages: [stage('stg1', { default: true }), stage('stg2', { requiredActions: needs(['act2']), activators: [{ id: 'act1' }] })],
      actions: [
        { id: 'act1', name: 'Test' },
        { id: 'act2', name: 'Other' },
      ],
    });
    expect(play(c, [runAction('act1', 1)]).unlocked).toEqual(['stg1', 'stg2']);
  });

  it('opens a stage when one of its activators, a stage, is unlocked', () => {
    const c = content({
      stages: [
        stage('stg1', { default: true }),
        stage('stg2', { activators: [{ id: 'stg3' }] }),
        stage('stg3', { activators: [{ id: 'act1' }] }),
      ],
      actions: [{ id: 'act1', name: 'Test' }],
    });
    expect(play(c, [runAction('act1', 1)]).unlocked).toEqual(['stg1', 'stg3', 'stg2']);
  });

  it('opens the stages an action run names in its own activators, by id or by stage', () => {
    const c = content({
      stages: [
        stage('stg1', { default: true }),
        stage('stg2', { requiredActions: needs(['act9']) }),
        stage('stg3', { requiredActions: needs(['act9']) }),
      ],
      actions: [
        { id: 'act1', name: 'Test', activators: [{ id: 'stg2' }] },
        { id: 'act2', name: 'Other', activators: [{ id: 'act1', stage: 'stg3' }] },
      ],
    });
    expect(play(c, [runAction('act1', 1)]).unlocked).toEqual(['stg1', 'stg2']);
    expect(play(c, [runAction('act2', 1)]).unlocked).toEqual(['stg1', 'stg3']);
  });

  it('keeps a stage unlocked when its requirements stop holding', () => {
    const c = content({
      stages: [stage('stg1', { default: true }), stage('stg2', { requiredActions: { all: [], any: [], none: ['act1'] } })],
      actions: [{ id: 'act1', name: 'Test' }],
    });
    expect(play(c, [runAction('act1', 1)]).unlocked).toEqual(['stg1', 'stg2']);
  });

  it('names the stages open at the start, in the scenario order: the default stage and those that ask for nothing', () => {
    const c = content({
      stages: [
        stage('stg1', { activators: [{ id: 'act1' }] }),
        stage('stg2'),
        stage('stg3', { default: true }),
        stage('stg4', { requiredActions: needs(['act1']) }),
      ],
      actions: [{ id: 'act1', name: 'Test' }],
    });
    expect(startingStages(c).map((item) => item.id)).toEqual(['stg2', 'stg3']);
    expect(startingStages(content({ stages: [] }))).toEqual([]);
  });

  it('lists the open stages to the learner in the scenario order, not in the order they opened', () => {
    const c = content({ stages: [stage('stg1'), stage('stg2', { default: true })] });
    expect(startRun(c, 0).unlocked).toEqual(['stg2', 'stg1']);
    expect(runView(c, startRun(c, 0), 0).stages.map((item) => item.id)).toEqual(['stg1', 'stg2']);
  });
});
