import { describe, expect, it } from 'vitest';
import { scenarioContent } from '../scenario/schema';
import { runView } from './view';
import { startRun } from './run';
import { allowanceLabel, allowanceSummary, allowedMeasure, startingAllowance } from './time-allowance';

const clock = {
  id: 'measure1',
  name: 'Time left',
  type: 3 as const,
  initial: 1800,
  limits: { min: 0, max: null, kind: 1 as const },
  scoreOrder: null,
  timeUnit: 'seconds' as const,
};
const caseOf = (details: object = {}) =>
  scenarioContent.parse({
    resimName: 'Ward round',
    mode: 2,
    ...details,
    stages: [{ id: 'stg1', name: 'Ward', default: true }],
    measures: [
      { id: 'points', name: 'Points', type: 7, initial: 0 },
      clock,
      { id: 'measure2', name: 'Hours on the ward', type: 4, initial: 0, timeUnit: 'hours', limits: { min: null, max: 8, kind: 1 } },
    ],
  });

const extra = (extraPercent: number, extraSeconds = 0) => ({ untimed: false, extraPercent, extraSeconds });

describe('time allowances (accommodations)', () => {
  it('starts a countdown higher by the extra time, a share of its own span and an amount', () => {
    expect(allowedMeasure(clock, extra(50)).initial).toBe(2700);
    expect(allowedMeasure(clock, extra(0, 300)).initial).toBe(2100);
    expect(allowedMeasure(clock, extra(50, 300)).initial).toBe(3000);
  });

  it('moves a time measure’s limit by the share of its span, and an amount in its own unit', () => {
    const hours = caseOf().measures[2]!;
    expect(allowedMeasure(hours, extra(25)).limits?.max).toBe(10);
    expect(allowedMeasure(hours, extra(0, 1800)).limits?.max).toBe(8.5);
  });

  it('leaves every other measure as it is', () => {
    const points = { ...clock, id: 'points', name: 'Points', type: 7 as const, initial: 0, limits: { min: 0, max: 10, kind: 1 as const } };
    expect(allowedMeasure(points, extra(100, 600))).toBe(points);
    expect(allowedMeasure(points, { untimed: true, extraPercent: 0, extraSeconds: 0 })).toBe(points);
  });

  it('records the allowance in the run and shows the learner the clock they have', () => {
    const content = caseOf();
    const state = startRun(content, 0, extra(50));
    expect(state.allowance).toEqual(extra(50));
    expect(runView(content, state, 0).measures.find((measure) => measure.id === 'measure1')?.value).toBe(2700);
    expect(startRun(content, 0, extra(0)).allowance).toBeNull();
  });

  it('makes Training and Offline runs untimed for everyone when the author says so, and no other mode', () => {
    expect(startingAllowance(caseOf({ mode: 2, settings: { untimed: true } }), null)).toEqual({
      untimed: true,
      extraPercent: 0,
      extraSeconds: 0,
    });
    expect(startingAllowance(caseOf({ mode: 3, settings: { untimed: true } }), extra(50))?.untimed).toBe(true);
    expect(startingAllowance(caseOf({ mode: 4, settings: { untimed: true } }), null)).toBeNull();
    expect(startingAllowance(caseOf({ mode: 1, settings: { untimed: true } }), extra(50))).toEqual(extra(50));
  });

  it('tells the learner the extra of the longest clock, or that the run is untimed', () => {
    const content = caseOf();
    expect(allowanceSummary(content, extra(50))).toEqual({ untimed: false, extraSeconds: 900 });
    expect(allowanceSummary(content, { untimed: true, extraPercent: 0, extraSeconds: 0 })).toEqual({ untimed: true, extraSeconds: null });
    expect(allowanceSummary(content, null)).toBeNull();
    expect(allowanceSummary(caseOf({ mode: 2 }), extra(0, 60))).toEqual({ untimed: false, extraSeconds: 60 });
  });

  it('names an allowance for hosts', () => {
    expect(allowanceLabel(extra(50))).toBe('+50 % time');
    expect(allowanceLabel(extra(0, 1500))).toBe('+25 min');
    expect(allowanceLabel(extra(50, 300))).toBe('+50 % time and 5 min');
    expect(allowanceLabel({ untimed: true, extraPercent: 0, extraSeconds: 0 })).toBe('untimed');
    expect(allowanceLabel(null)).toBeNull();
  });
});
