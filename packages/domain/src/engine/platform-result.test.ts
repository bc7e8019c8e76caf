import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { content } from '../scenario/test/fixtures';
import { runView } from './view';
import { applyEvent, startRun } from './run';
import { runScore } from './score';
import { platformResult, pointsCeiling } from './platform-result';
import { eventOf, intentsArbitrary, scenarioArbitrary } from './test/arbitraries';

const pointsMeasure = { id: 'points', name: 'Points', type: 7 as const, initial: 5 };

describe('pointsCeiling', () => {
  it('adds every gain on points to their start, within a max that holds', () => {
    const scenario = content({
      measures: [pointsMeasure],
      actions: [
        { id: 'a1', name: 'CBC', impact: [{ measureId: 'points', value: 10 }] },
        { id: 'a2', name: 'CT', impact: [{ measureId: 'points', value: -4 }] },
      ],
      conclusions: [{ id: 'c1', name: 'Sepsis', impact: [{ measureId: 'points', value: 20 }] }],
    });
    expect(pointsCeiling(scenario)).toBe(35);
    const limited = content({ ...scenario, measures: [{ ...pointsMeasure, limits: { min: null, max: 30, kind: 2 } }] });
    expect(pointsCeiling(limited)).toBe(30);
    // a Warning limit lets the value pass it
    const warned = content({ ...scenario, measures: [{ ...pointsMeasure, limits: { min: null, max: 30, kind: 3 } }] });
    expect(pointsCeiling(warned)).toBe(35);
  });

  it('is null without points, and only the max for points that count up by the second', () => {
    expect(pointsCeiling(content({ measures: [] }))).toBeNull();
    expect(pointsCeiling(content({ measures: [{ ...pointsMeasure, type: 2 }] }))).toBeNull();
    expect(pointsCeiling(content({ measures: [{ ...pointsMeasure, type: 2, limits: { min: null, max: 90, kind: 1 } }] }))).toBe(90);
  });

  it('is never passed by a played run', () => {
    fc.assert(
      fc.property(scenarioArbitrary, intentsArbitrary, (scenario, intents) => {
        const ceiling = pointsCeiling(scenario);
        let state = startRun(scenario, 0);
        let at = 0;
        for (const intent of intents) {
          at += Math.max(0, intent.gap);
          const result = applyEvent(scenario, state, eventOf(intent, runView(scenario, state, at), at));
          if (result.ok) state = result.state;
        }
        const { points } = runScore(scenario, state, at);
        if (ceiling !== null && points !== null) expect(points).toBeLessThanOrEqual(ceiling + 1e-9);
      }),
      { numRuns: 200 },
    );
  });
});

describe('platformResult', () => {
  const answers = (correct: boolean, conclusionsExpected = 1) => ({
    actionsMatched: 0,
    actionsExpected: 0,
    conclusionsMatched: correct ? 1 : 0,
    conclusionsExpected,
    correct,
  });

  it('scales the points by the ceiling within 0 and 1, and passes by the answer key', () => {
    expect(platformResult({ points: 15, answers: answers(true) }, 20)).toEqual({ points: 15, maximum: 20, scaled: 0.75, passed: true });
    expect(platformResult({ points: -3, answers: answers(false) }, 20)).toMatchObject({ scaled: 0, passed: false });
    expect(platformResult({ points: 30, answers: answers(true) }, 20)).toMatchObject({ scaled: 1 });
  });

  it('gives no scale without points or ceiling, and no verdict when the key names no diagnosis', () => {
    expect(platformResult({ points: null, answers: answers(false, 0) }, null)).toEqual({
      points: null,
      maximum: null,
      scaled: null,
      passed: null,
    });
    expect(platformResult({ points: 4, answers: answers(false) }, 0)).toMatchObject({ scaled: null, passed: false });
  });
});
