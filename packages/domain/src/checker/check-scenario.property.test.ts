import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { measureValues } from '../engine/measures';
import { applyEvent, replayRun, startRun } from '../engine/run';
import { eventOf, intentsArbitrary, scenarioArbitrary } from '../engine/test/arbitraries';
import { runView } from '../engine/view';
import type { ReadonlyContent } from '../scenario/readonly-content';
import { deepFreeze } from '../scenario/test/fixtures';
import { checkScenario, scenarioErrors } from './check-scenario';
import { eventsOf } from './run-search';
import type { Intent } from '../engine/test/arbitraries';

const numRuns = 300;
// generous: the machines running the tests may be busy
const timeout = 120_000;

const scenarios = scenarioArbitrary.map((content) => deepFreeze(content));

/**
 * Plays the intents (see the engine's property tests), returning every state the run went through
 * with the steps taken to it (actions, confirmations, the hint), and the last moment.
 */
const playAll = (content: ReadonlyContent, intents: readonly Intent[]) => {
  let state = startRun(content, 0);
  let at = 0;
  let steps = 0;
  const states = [state];
  const stepsTo = [0];
  for (const intent of intents) {
    at += intent.gap;
    const event = eventOf(intent, runView(content, state, at), at);
    const result = applyEvent(content, state, event);
    if (!result.ok) continue;
    state = result.state;
    if (event.type !== 'end' && event.type !== 'stop') steps += 1;
    states.push(state);
    stepsTo.push(steps);
  }
  return { states, stepsTo, at };
};

/** Whether a run confirmed exactly the answer key's conclusions (the key's verdict, see runScore). */
const diagnosed = (content: ReadonlyContent, state: ReturnType<typeof startRun>) =>
  content.answers.conclusions.length > 0 &&
  state.confirmed.length === content.answers.conclusions.length &&
  content.answers.conclusions.every((id) => state.confirmed.includes(id));

const pointsAt = (content: ReadonlyContent, state: ReturnType<typeof startRun>, at: number) => measureValues(content, state, at).points;

// A bound summed in another order than a run's steps may differ from the run in the last digits.
const roundingOf = (value: number) => 1e-9 * (1 + Math.abs(value));

describe('the scenario checker against the engine over random scenarios and runs', () => {
  it(
    'never sees a run reach what it calls unreachable, in the whole check and in the errors a session opening is checked by',
    () => {
      fc.assert(
        fc.property(scenarios, intentsArbitrary, (content, intents) => {
          const errors = scenarioErrors(content);
          expect(checkScenario(content).errors).toEqual(errors);
          const never = new Set(
            errors.filter((issue) => issue.code.includes('never')).map((issue) => `${issue.target.part}:${issue.target.id}`),
          );
          for (const state of playAll(content, intents).states) {
            for (const id of state.ran) expect(never.has(`actions:${id}`)).toBe(false);
            for (const id of state.confirmed) expect(never.has(`conclusions:${id}`)).toBe(false);
            for (const id of state.unlocked) expect(never.has(`stages:${id}`)).toBe(false);
          }
        }),
        { numRuns },
      );
    },
    timeout,
  );

  it(
    'never sees a run pass the points it reports, and reaches them by the path it names',
    () => {
      fc.assert(
        fc.property(scenarios, intentsArbitrary, fc.integer({ min: 0, max: 200_000 }), (content, intents, wait) => {
          const { points } = checkScenario(content).figures;
          if (points === null) return;
          const { states, at } = playAll(content, intents);
          for (const moment of [at, at + wait]) {
            for (const state of states) {
              const value = pointsAt(content, state, Math.max(moment, state.at));
              if (value === undefined) continue;
              if (points.max.bound !== null)
                expect(value).toBeLessThanOrEqual(points.max.bound + (points.max.exact ? 0 : roundingOf(value)));
              if (points.min.bound !== null)
                expect(value).toBeGreaterThanOrEqual(points.min.bound - (points.min.exact ? 0 : roundingOf(value)));
            }
          }
          for (const extreme of [points.max, points.min]) {
            const replayed = replayRun(content, 0, eventsOf(extreme.found.steps));
            expect(replayed.ok).toBe(true);
            if (replayed.ok) expect(pointsAt(content, replayed.state, 0)).toBe(extreme.found.value);
            if (extreme.exact) expect(extreme.bound).toBe(extreme.found.value);
          }
        }),
        { numRuns },
      );
    },
    timeout,
  );

  it(
    'reaches the right diagnosis by the fewest steps it names, and sees no run reach it in fewer when it searched them all',
    () => {
      fc.assert(
        fc.property(scenarios, intentsArbitrary, (content, intents) => {
          const shortest = checkScenario(content).figures.shortestDiagnosis;
          if (shortest === null) return;
          if (shortest.steps !== null) {
            const replayed = replayRun(content, 0, eventsOf(shortest.steps));
            expect(replayed.ok && diagnosed(content, replayed.state)).toBe(true);
          }
          if (!shortest.exact) return;
          const { states, stepsTo } = playAll(content, intents);
          states.forEach((state, at) => {
            if (!diagnosed(content, state)) return;
            expect(shortest.steps).not.toBeNull();
            expect(stepsTo[at]).toBeGreaterThanOrEqual(shortest.steps?.length ?? 0);
          });
        }),
        { numRuns },
      );
    },
    timeout,
  );
});
