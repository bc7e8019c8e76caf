import { describe, expect, it } from 'vitest';
import { content, deepFreeze } from '../scenario/test/fixtures';
import { applyEvent, replayRun, startRun } from './run';
import { accepted, confirm, play, refused, runAction } from './test/runs';
import type { RunEvent } from './types';

const clinic = (extra: Record<string, unknown> = {}) =>
  content({
    stages: [
      { id: 'stg1', name: 'History', default: true },
      { id: 'stg2', name: 'Examination', requiredActions: { all: ['act1'], any: [], none: [] } },
    ],
    actions: [
      { id: 'act1', name: 'Full blood count', stage: 'stg1', impact: [{ measureId: 'points', value: 10 }] },
      { id: 'act2', name: 'Chest X-ray', stage: 'stg2' },
      { id: 'act3', name: 'CT', requiredActions: { all: ['act1', 'act2'], any: [], none: [] } },
      { id: 'act4', name: 'Biopsy', requiredActions: { all: [], any: ['act2', 'act3'], none: [] } },
      { id: 'act5', name: 'Watchful waiting', requiredActions: { all: [], any: [], none: ['act1'] } },
      { id: 'act6', name: 'MRI', measureConditions: [{ measureId: 'points', operator: '>=', value: 20 }] },
      { id: 'act7', name: 'Ferritin', requiredConclusions: { all: ['conc1'], any: [], none: [] } },
    ],
    conclusions: [
      { id: 'conc1', name: 'Anaemia', impact: [{ measureId: 'points', value: 5 }] },
      { id: 'conc2', name: 'Leukaemia' },
      { id: 'conc3', name: 'Lymphoma', stage: 'stg2' },
    ],
    measures: [{ id: 'points', name: 'points' }],
    maxConclusions: 2,
    ...extra,
  });

describe('starting a run (DESIGN 4)', () => {
  it('starts at the moment given, with nothing done', () => {
    expect(startRun(clinic(), 5)).toEqual({
      startedAt: 5,
      at: 5,
      ran: [],
      ranAt: [],
      confirmed: [],
      unlocked: ['stg1'],
      hintTaken: false,
      measures: { points: 0 },
      ended: null,
      allowance: null,
    });
  });
});

describe('running an action (DESIGN 4)', () => {
  it('records it and when, applies its impact and unlocks the stages it opens', () => {
    expect(play(clinic(), [runAction('act1', 1_000)])).toMatchObject({
      at: 1_000,
      ran: ['act1'],
      ranAt: [1_000],
      unlocked: ['stg1', 'stg2'],
      measures: { points: 10 },
    });
  });

  it('refuses an action that is not in the scenario', () => {
    expect(refused(applyEvent(clinic(), startRun(clinic(), 0), runAction('act99', 1)))).toEqual({
      code: 'unknown_item',
      message: '"act99" is not part of this simulation',
    });
  });

  it('never runs an action twice', () => {
    const c = clinic();
    expect(refused(applyEvent(c, play(c, [runAction('act1', 1)]), runAction('act1', 2)))).toEqual({
      code: 'already_done',
      message: 'Full blood count has already been run',
    });
  });

  it.each([
    ['act2', [], 'Chest X-ray cannot be run: opens in task Examination'],
    ['act3', ['act1'], 'CT cannot be run: needs Chest X-ray first'],
    ['act3', [], 'CT cannot be run: needs Full blood count and Chest X-ray first'],
    ['act4', [], 'Biopsy cannot be run: needs Chest X-ray or CT first'],
    ['act5', ['act1'], 'Watchful waiting cannot be run: not available after Full blood count'],
    ['act6', ['act1'], 'MRI cannot be run: needs points ≥ 20'],
    ['act7', [], 'Ferritin cannot be run: needs Anaemia first'],
  ])('refuses %s after %j when it is not available, saying why', (actionId, before, message) => {
    const c = clinic();
    const state = play(
      c,
      before.map((id, position) => runAction(id, position + 1)),
    );
    expect(refused(applyEvent(c, state, runAction(actionId, 10)))).toEqual({ code: 'not_available', message });
  });

  it('judges measure conditions at the moment of the event, clocks included', () => {
    const c = content({
      actions: [{ id: 'act1', name: 'Late test', measureConditions: [{ measureId: 'measure1', operator: '>', value: 30 }] }],
      measures: [{ id: 'measure1', name: 'Elapsed', type: 2 }],
    });
    const state = startRun(c, 0);
    expect(refused(applyEvent(c, state, runAction('act1', 30_999))).message).toBe('Late test cannot be run: needs Elapsed > 30');
    expect(accepted(applyEvent(c, state, runAction('act1', 31_000))).ran).toEqual(['act1']);
  });
});

describe('confirming conclusions (DESIGN 4)', () => {
  it('records them, applies their impacts and unlocks the stages they open', () => {
    const c = clinic({
      stages: [
        { id: 'stg1', name: 'History', default: true },
        { id: 'stg2', name: 'Treatment', requiredConclusions: { all: ['conc1'], any: [], none: [] } },
      ],
    });
    expect(play(c, [confirm(['conc1', 'conc2'], 4)])).toMatchObject({
      at: 4,
      confirmed: ['conc1', 'conc2'],
      unlocked: ['stg1', 'stg2'],
      measures: { points: 5 },
    });
  });

  it('refuses more than the maximum in one confirmation, in the wording of the text set', () => {
    const c = clinic({ uiText: { maxConclusionsMessage: 'Pick at most {max}' } });
    expect(refused(applyEvent(c, startRun(c, 0), confirm(['conc1', 'conc2', 'conc3'], 1)))).toEqual({
      code: 'too_many',
      message: 'Pick at most 2',
    });
    expect(refused(applyEvent(clinic(), startRun(clinic(), 0), confirm(['conc1', 'conc2', 'conc3'], 1))).message).toBe(
      'You can select 2 diagnoses',
    );
  });

  it('holds the maximum over the whole run: a later confirmation past it is refused', () => {
    const c = clinic();
    const state = play(c, [confirm(['conc1'], 1)]);
    expect(accepted(applyEvent(c, state, confirm(['conc2'], 2))).confirmed).toEqual(['conc1', 'conc2']);
    expect(refused(applyEvent(c, state, confirm(['conc2', 'conc3'], 2)))).toEqual({
      code: 'too_many',
      message: 'You can select 2 diagnoses',
    });
    const done = play(c, [confirm(['conc1', 'conc2'], 1)]);
    expect(refused(applyEvent(c, done, confirm(['conc3'], 2))).code).toBe('too_many');
  });

  it('refuses a conclusion chosen twice', () => {
    expect(refused(applyEvent(clinic(), startRun(clinic(), 0), confirm(['conc2', 'conc2'], 1)))).toEqual({
      code: 'too_many',
      message: 'Leukaemia is selected more than once',
    });
  });

  it('refuses an empty confirmation', () => {
    expect(refused(applyEvent(clinic(), startRun(clinic(), 0), confirm([], 1)))).toEqual({
      code: 'not_available',
      message: 'Select at least one diagnosis',
    });
  });

  it('refuses unknown, confirmed and unavailable conclusions, and then confirms none of the others', () => {
    const c = clinic({ maxConclusions: 3 });
    const state = play(c, [confirm(['conc1'], 1)]);
    expect(refused(applyEvent(c, state, confirm(['conc2', 'conc9'], 2)))).toEqual({
      code: 'unknown_item',
      message: '"conc9" is not part of this simulation',
    });
    expect(refused(applyEvent(c, state, confirm(['conc2', 'conc1'], 2)))).toEqual({
      code: 'already_done',
      message: 'Anaemia has already been confirmed',
    });
    expect(refused(applyEvent(c, state, confirm(['conc2', 'conc3'], 2)))).toEqual({
      code: 'not_available',
      message: 'Lymphoma cannot be confirmed: opens in task Examination',
    });
  });
});

describe('the hint (DESIGN 4)', () => {
  const hinted = (extra: Record<string, unknown> = {}) =>
    clinic({
      hint: {
        text: 'Think of iron',
        measureConditions: [{ measureId: 'points', operator: '>=', value: 10 }],
        impact: [{ measureId: 'points', value: -3 }],
      },
      ...extra,
    });

  it('applies its cost when taken', () => {
    const state = play(hinted(), [runAction('act1', 1), { type: 'takeHint', at: 2 }]);
    expect(state).toMatchObject({ hintTaken: true, measures: { points: 7 }, at: 2 });
  });

  it.each([
    ['there is none', clinic(), [], 'This simulation has no hint'],
    ['it has no text', clinic({ hint: { text: '  ' } }), [], 'This simulation has no hint'],
    ['its conditions do not hold', hinted(), [], 'The hint is not available yet: needs points ≥ 10'],
    ['it was taken', hinted(), [runAction('act1', 1), { type: 'takeHint', at: 2 }], 'The hint has already been taken'],
    ['the mode is Assessed', hinted({ mode: 4 }), [runAction('act1', 1)], 'Hints are not offered in this simulation'],
  ] as const)('is refused when %s', (_case, c, before, message) => {
    expect(refused(applyEvent(c, play(c, before), { type: 'takeHint', at: 5 }))).toEqual({ code: 'no_hint', message });
  });
});

describe('ending a run (DESIGN 4)', () => {
  it('ends when the learner ends it or the presenter stops it, and accepts nothing after', () => {
    const c = clinic();
    const ended = play(c, [{ type: 'end', at: 9 }]);
    expect(ended.ended).toEqual({ at: 9, reason: 'learner' });
    expect(play(c, [{ type: 'stop', at: 9 }]).ended).toEqual({ at: 9, reason: 'stopped' });
    for (const event of [runAction('act1', 10), { type: 'end', at: 10 }, { type: 'stop', at: 10 }] satisfies RunEvent[]) {
      expect(refused(applyEvent(c, ended, event))).toEqual({ code: 'ended', message: 'The simulation has ended' });
    }
  });

  it('refuses an event earlier than the last one', () => {
    const c = clinic();
    expect(refused(applyEvent(c, play(c, [runAction('act1', 10)]), runAction('act2', 9)))).toEqual({
      code: 'out_of_order',
      message: 'This step is older than the last one taken, so it was not applied',
    });
    expect(refused(applyEvent(c, startRun(c, 100), { type: 'end', at: 99 })).code).toBe('out_of_order');
  });

  it('refuses an event of a kind it does not know instead of throwing', () => {
    const event = { type: 'dance', at: 1 } as unknown as RunEvent;
    expect(refused(applyEvent(clinic(), startRun(clinic(), 0), event))).toEqual({
      code: 'unknown_item',
      message: 'This step is not one the simulation knows',
    });
  });
});

describe('the state given (DESIGN 4)', () => {
  it('is never changed', () => {
    const c = deepFreeze(clinic());
    const state = deepFreeze(startRun(c, 0));
    const after = accepted(applyEvent(c, state, runAction('act1', 1)));
    expect(state.ran).toEqual([]);
    expect(after.ran).toEqual(['act1']);
  });
});

describe('replaying a run (DESIGN 4)', () => {
  const events: RunEvent[] = [runAction('act1', 1_000), confirm(['conc1'], 2_000), runAction('act2', 3_000)];

  it('folds the events from the start', () => {
    expect(accepted(replayRun(clinic(), 0, events))).toEqual(play(clinic(), events));
  });

  it('fails with the error of the first event refused', () => {
    expect(refused(replayRun(clinic(), 0, [...events, runAction('act1', 4_000), runAction('act99', 5_000)]))).toEqual({
      code: 'already_done',
      message: 'Full blood count has already been run',
    });
  });
});
