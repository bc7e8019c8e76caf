import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { content } from '../scenario/test/fixtures';
import { applyEvent, startRun } from './run';
import { listedByRule, shown } from './test/listed-by-rule';
import { accepted } from './test/runs';
import type { RunEvent, RunState, RunView } from './types';
import { runView } from './view';

/**
 * The listing of a view is worked out from the view before it (listing.ts). Over a scenario wide
 * enough to span many of its blocks, every view must still list what the rule says item by item.
 */
const stageCount = 6;
const perStage = 50;
const req = (all: string[] = [], any: string[] = [], none: string[] = []) => ({ all, any, none });
const wide = content({
  mode: 3,
  maxConclusions: 2,
  stages: Array.from({ length: stageCount }, (_, s) => ({
    id: `stg${s + 1}`,
    name: `Stage ${s + 1}`,
    default: s === 0,
    isAntibodyPanel: s === stageCount - 1,
    requiredActions: s > 0 && s < stageCount - 1 ? req([], [`act${(s - 1) * perStage + 1}`, `act${(s - 1) * perStage + 2}`]) : req(),
    activators: s === stageCount - 1 ? [{ id: 'act7' }] : [],
    // the word for a stage changes from stage to stage, and with it the reason of items of closed stages
    uiText: s % 2 === 1 ? { stage: 'Step' } : {},
  })),
  actions: Array.from({ length: stageCount * perStage }, (_, i) => ({
    id: `act${i + 1}`,
    name: `Test ${i + 1}`,
    stage: i % 11 === 10 ? null : `stg${Math.floor(i / perStage) + 1}`,
    isAlwaysShown: i % 4 === 0,
    impact: [{ measureId: 'points', value: [7, -5, 3, -2][i % 4] ?? 0 }],
    requiredActions: i % 5 === 4 ? req([`act${i}`]) : i % 13 === 12 ? req([], [], [`act${i - 3}`]) : req(),
    requiredConclusions: i % 17 === 16 ? req([`conc${(i % 20) + 1}`]) : req(),
    measureConditions:
      i % 3 === 2
        ? [
            {
              measureId: i % 2 === 0 ? 'points' : 'measure1',
              operator: (['<', '<=', '=', '>=', '>'] as const)[i % 5] ?? '<',
              value: (i % 9) * 3 - 6,
            },
          ]
        : [],
  })),
  conclusions: Array.from({ length: 100 }, (_, i) => ({
    id: `conc${i + 1}`,
    name: `Diagnosis ${i + 1}`,
    stage: i % 3 === 0 ? null : `stg${(i % stageCount) + 1}`,
    isAlwaysShown: i % 5 === 0,
    requiredActions: i % 7 === 6 ? req([`act${i + 1}`]) : req(),
    feedback: 'Why',
  })),
  measures: [
    { id: 'points', name: 'Points', limits: { min: -20, max: 30, kind: 2 } },
    { id: 'measure1', name: 'Elapsed', type: 2 },
  ],
});

const expectListedByRule = (state: RunState, now: number) => {
  const view = runView(wide, state, now);
  const expected = listedByRule(wide, state, now);
  expect(view.actions.map(shown)).toEqual(expected.actions);
  expect(view.conclusions.map(shown)).toEqual(expected.conclusions);
  return view;
};

const available = (items: RunView['actions']) => items.filter((item) => item.availability === 'available').map((item) => item.id);

/** The next event of a learner who picks among what the view offers, now and then something else. */
const nextEvent = (view: RunView, pick: number, at: number): RunEvent => {
  const actions = available(view.actions);
  const conclusions = available(view.conclusions);
  if (pick % 10 === 9 && conclusions.length > 0)
    return { type: 'confirmConclusions', conclusionIds: [conclusions[pick % conclusions.length] ?? ''], at };
  if (pick % 10 === 8 || actions.length === 0) return { type: 'runAction', actionId: `act${(pick % (stageCount * perStage)) + 1}`, at };
  return { type: 'runAction', actionId: actions[pick % actions.length] ?? '', at };
};

describe('listing a wide scenario, view after view (DESIGN 4)', () => {
  it('lists what the rule says at every step, at the moment of the step and later', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 30, maxLength: 60 }), fc.integer({ min: 1, max: 40_000 }), (picks, later) => {
        let state = startRun(wide, 0);
        let at = 0;
        let view = expectListedByRule(state, at);
        for (const pick of picks) {
          at += 1_000 + (pick % 7) * 1_000;
          const result = applyEvent(wide, state, nextEvent(view, pick, at));
          if (!result.ok) continue;
          const before = state;
          state = result.state;
          view = expectListedByRule(state, at);
          expectListedByRule(state, at + later);
          // a state viewed again after the one that follows it is listed anew
          if (pick % 6 === 0) expectListedByRule(before, at);
        }
        expectListedByRule(accepted(applyEvent(wide, state, { type: 'end', at: at + 1 })), at + 1);
      }),
      { numRuns: 20 },
    );
  }, 60_000);

  it('lists two states that follow the same state each as the rule says', () => {
    const start = startRun(wide, 0);
    expectListedByRule(start, 0);
    const first = accepted(applyEvent(wide, start, { type: 'runAction', actionId: 'act1', at: 1_000 }));
    const second = accepted(applyEvent(wide, start, { type: 'runAction', actionId: 'act2', at: 1_000 }));
    expectListedByRule(first, 1_000);
    expectListedByRule(second, 1_000);
    expectListedByRule(start, 1_000);
  });
});
