import { describe, expect, it } from 'vitest';
import { content } from '../scenario/test/fixtures';
import { measureValues, settleRun } from './measures';
import { applyEvent, startRun } from './run';
import { accepted, play, refused, runAction } from './test/runs';

const scenario = (measures: unknown[], actions: unknown[] = []) => content({ measures, actions });

describe('measure values (DESIGN 4)', () => {
  it('start at their initial values, within Limited and Terminate limits', () => {
    const c = scenario([
      { id: 'points', name: 'Points', initial: 5 },
      { id: 'measure1', name: 'Budget', initial: 500, limits: { min: 0, max: 100, kind: 2 } },
      { id: 'measure2', name: 'Risk', initial: -5, limits: { min: 0, max: 10, kind: 1 } },
      { id: 'measure3', name: 'Stress', initial: 50, limits: { min: 0, max: 10, kind: 3 } },
    ]);
    expect(startRun(c, 0).measures).toEqual({ points: 5, measure1: 100, measure2: 0, measure3: 50 });
  });

  it('count whole seconds up (autoTimeIncrement) and down (autoTimeDecrement) from the start', () => {
    const c = scenario([
      { id: 'measure1', name: 'Elapsed', type: 2, initial: 10 },
      { id: 'measure2', name: 'Left', type: 3, initial: 100 },
      { id: 'points', name: 'Points', initial: 3 },
    ]);
    const state = startRun(c, 1_000);
    expect(measureValues(c, state, 500)).toEqual({ measure1: 10, measure2: 100, points: 3 });
    expect(measureValues(c, state, 4_999)).toEqual({ measure1: 13, measure2: 97, points: 3 });
  });

  it('stop counting when the run ends', () => {
    const c = scenario([{ id: 'measure1', name: 'Elapsed', type: 2 }]);
    const state = play(c, [{ type: 'end', at: 7_500 }]);
    expect(measureValues(c, state, 60_000)).toEqual({ measure1: 7 });
  });

  it('take impacts in order; Limited clamps, Warning lets the value pass', () => {
    const c = scenario(
      [
        { id: 'points', name: 'Points', limits: { min: 0, max: 15, kind: 2 } },
        { id: 'measure1', name: 'Stress', limits: { min: 0, max: 15, kind: 3 } },
      ],
      [
        {
          id: 'act1',
          name: 'Test',
          impact: [
            { measureId: 'points', value: 10 },
            { measureId: 'points', value: 10 },
            { measureId: 'points', value: -5 },
            { measureId: 'measure1', value: 20 },
            { measureId: 'nothing', value: 4 },
          ],
        },
      ],
    );
    expect(play(c, [runAction('act1', 10)]).measures).toEqual({ points: 10, measure1: 20 });
  });

  it('apply an impact on a clock to the value it reads, so a clock held at its limit moves back from there', () => {
    const c = scenario(
      [{ id: 'measure1', name: 'Elapsed', type: 2, limits: { min: 0, max: 100, kind: 2 } }],
      [{ id: 'act1', name: 'Rest', impact: [{ measureId: 'measure1', value: -10 }] }],
    );
    const state = play(c, [runAction('act1', 200_000)]);
    expect(measureValues(c, state, 200_000)).toEqual({ measure1: 90 });
    expect(measureValues(c, state, 201_000)).toEqual({ measure1: 91 });
  });
});

describe('Terminate limits (DESIGN 4)', () => {
  const budget = scenario(
    [{ id: 'measure1', name: 'Budget', initial: 20, limits: { min: 0, max: 100, kind: 1 } }],
    [
      { id: 'act1', name: 'MRI', impact: [{ measureId: 'measure1', value: -30 }] },
      { id: 'act2', name: 'CT', impact: [{ measureId: 'measure1', value: -5 }] },
    ],
  );

  it('end the run when an impact reaches them, with the value clamped', () => {
    const state = play(budget, [runAction('act1', 3_000)]);
    expect(state.ended).toEqual({ at: 3_000, reason: 'terminated', measureId: 'measure1' });
    expect(state.measures).toEqual({ measure1: 0 });
    expect(refused(applyEvent(budget, state, runAction('act2', 4_000)))).toEqual({ code: 'ended', message: 'The simulation has ended' });
  });

  it('do not end the run for a value that only starts at a limit', () => {
    const c = scenario(
      [{ id: 'points', name: 'Points', limits: { min: 0, max: 10, kind: 1 } }],
      [{ id: 'act1', name: 'Test', impact: [{ measureId: 'points', value: 5 }] }],
    );
    expect(play(c, [runAction('act1', 1)]).ended).toBeNull();
  });

  const countdown = scenario(
    [
      { id: 'measure1', name: 'Time left', type: 3, initial: 60, limits: { min: 0, max: 60, kind: 1 } },
      { id: 'measure2', name: 'Elapsed', type: 2 },
    ],
    [{ id: 'act1', name: 'Test' }],
  );

  it('end the run at the moment time reaches them', () => {
    const state = startRun(countdown, 1_000);
    expect(settleRun(countdown, state, 60_999)).toBe(state);
    expect(settleRun(countdown, state, 61_000).ended).toEqual({ at: 61_000, reason: 'terminated', measureId: 'measure1' });
    expect(measureValues(countdown, state, 90_000)).toEqual({ measure1: 0, measure2: 60 });
  });

  it('refuse an event that comes after time reached them', () => {
    const state = startRun(countdown, 0);
    expect(refused(applyEvent(countdown, state, runAction('act1', 60_000))).code).toBe('ended');
    expect(accepted(applyEvent(countdown, state, runAction('act1', 59_999))).ended).toBeNull();
  });

  it('count the moment time reaches them from impacts on the clock', () => {
    const c = scenario(
      [{ id: 'measure1', name: 'Elapsed', type: 2, limits: { max: 10, kind: 1 } }],
      [{ id: 'act1', name: 'Delay', impact: [{ measureId: 'measure1', value: 4 }] }],
    );
    const state = play(c, [runAction('act1', 2_500)]);
    expect(settleRun(c, state, 5_999).ended).toBeNull();
    expect(settleRun(c, state, 6_000).ended).toEqual({ at: 6_000, reason: 'terminated', measureId: 'measure1' });
  });

  it('take the earliest of several clocks', () => {
    const c = scenario([
      { id: 'measure1', name: 'Slow', type: 3, initial: 9, limits: { min: 0, kind: 1 } },
      { id: 'measure2', name: 'Fast', type: 2, initial: 0, limits: { max: 5, kind: 1 } },
    ]);
    expect(settleRun(c, startRun(c, 0), 100_000).ended).toEqual({ at: 5_000, reason: 'terminated', measureId: 'measure2' });
  });

  it('leave an ended run as it is', () => {
    const state = play(countdown, [{ type: 'end', at: 10 }]);
    expect(settleRun(countdown, state, 1_000_000)).toBe(state);
  });
});
