import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReadonlyContent } from '../scenario/readonly-content';
import { deepFreeze } from '../scenario/test/fixtures';
import { measureValues, settleRun } from './measures';
import { applyEvent, replayRun, startRun } from './run';
import { runScore } from './score';
import { eventOf, intentsArbitrary, scenarioArbitrary, type Intent } from './test/arbitraries';
import { listedByRule, shown } from './test/listed-by-rule';
import { accepted } from './test/runs';
import type { RunEvent, RunState } from './types';
import { runView } from './view';

const numRuns = 200;
// generous: the machines running the tests may be busy
const timeout = 60_000;

type Step = { readonly before: RunState; readonly event: RunEvent; readonly after: RunState | null };

/**
 * Plays the intents over a frozen run, each made into an event from what the run offers at its
 * moment, keeping every step; a throw or a change to the input fails the property.
 */
const playAll = (content: ReadonlyContent, intents: readonly Intent[]) => {
  let state = deepFreeze(startRun(content, 0));
  let at = 0;
  const steps: Step[] = [];
  for (const intent of intents) {
    at += intent.gap;
    const before = state;
    const event = deepFreeze(eventOf(intent, runView(content, before, at), at));
    // frozen: a change to the state, the event or the content would throw
    const result = applyEvent(content, before, event);
    if (result.ok) state = deepFreeze(result.state);
    steps.push({ before, event, after: result.ok ? result.state : null });
  }
  return { final: state, steps, acceptedEvents: steps.filter((step) => step.after !== null).map((step) => step.event) };
};

const terminating = (content: ReadonlyContent) => content.measures.filter((measure) => measure.limits?.kind === 1);

/** A Terminate measure that moved onto one of its limits between two readings. */
const reachedLimit = (content: ReadonlyContent, before: Record<string, number>, after: Record<string, number>) =>
  terminating(content).some((measure) => {
    const { min, max } = measure.limits ?? { min: null, max: null };
    const was = before[measure.id] ?? 0;
    const is = after[measure.id] ?? 0;
    return (min !== null && is <= min && was > min) || (max !== null && is >= max && was < max);
  });

const withinLimits = (content: ReadonlyContent, values: Record<string, number>) => {
  for (const measure of content.measures) {
    const limits = measure.limits;
    if (limits === null || limits.kind === 3) continue;
    const value = values[measure.id];
    expect(value).toBeDefined();
    if (value === undefined) continue;
    if (limits.min !== null) expect(value).toBeGreaterThanOrEqual(limits.min);
    if (limits.max !== null) expect(value).toBeLessThanOrEqual(limits.max);
  }
};

/** A deep copy that keeps every number as it is (JSON would turn -0 into 0). */
const copy = <T>(value: T): T =>
  Array.isArray(value)
    ? (value.map(copy) as T)
    : typeof value === 'object' && value !== null
      ? (Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, copy(inner)])) as T)
      : value;

const scenarios = scenarioArbitrary.map((content) => deepFreeze(content));

describe('the engine over random scenarios and events (DESIGN 4)', () => {
  it(
    'never throws, never changes its input, and views a state the same whatever was viewed before',
    () => {
      fc.assert(
        fc.property(scenarios, intentsArbitrary, fc.integer({ min: 0, max: 90_000 }), (content, intents, later) => {
          const { steps } = playAll(content, intents);
          for (const { before, event, after } of steps) {
            const state = after ?? before;
            for (const now of [event.at, event.at + later]) {
              // a copy of the content has no listing kept from earlier views
              const fresh = copy(content);
              expect(runView(content, state, now)).toEqual(runView(fresh, state, now));
            }
          }
        }),
        { numRuns },
      );
    },
    timeout,
  );

  it(
    'views a state the same given any earlier view of the run to reuse, and reuses what reads the same',
    () => {
      fc.assert(
        fc.property(scenarios, intentsArbitrary, fc.integer({ min: 0, max: 90_000 }), (content, intents, later) => {
          const { steps } = playAll(content, intents);
          let earlier = runView(content, startRun(content, 0), 0);
          for (const { before, event, after } of steps) {
            const state = after ?? before;
            for (const now of [event.at, event.at + later]) {
              const view = runView(content, state, now, earlier);
              expect(view).toEqual(runView(content, state, now));
              // A fact of the earlier view still shown as it was is the same object.
              for (const [at, fact] of view.facts.entries())
                if (earlier.facts[at] && JSON.stringify(earlier.facts[at]) === JSON.stringify(fact)) expect(fact).toBe(earlier.facts[at]);
              earlier = view;
            }
          }
        }),
        { numRuns },
      );
    },
    timeout,
  );

  it(
    'lists at every step what the rule says item by item, and offers exactly the items the run accepts',
    () => {
      fc.assert(
        fc.property(scenarios, intentsArbitrary, fc.integer({ min: 0, max: 90_000 }), (content, intents, later) => {
          const { steps, final } = playAll(content, intents);
          for (const { before, event, after } of steps) {
            for (const now of [event.at, event.at + later]) {
              const view = runView(content, after ?? before, now);
              const expected = listedByRule(content, after ?? before, now);
              expect(view.actions.map(shown)).toEqual(expected.actions);
              expect(view.conclusions.map(shown)).toEqual(expected.conclusions);
            }
          }
          const view = runView(content, final, final.at);
          for (const action of content.actions) {
            const result = applyEvent(content, final, { type: 'runAction', actionId: action.id, at: final.at });
            expect(result.ok).toBe(view.actions.some((item) => item.id === action.id && item.availability === 'available'));
          }
          for (const conclusion of view.conclusions) {
            const result = applyEvent(content, final, { type: 'confirmConclusions', conclusionIds: [conclusion.id], at: final.at });
            expect(result.ok).toBe(conclusion.availability === 'available');
          }
        }),
        { numRuns },
      );
    },
    timeout,
  );

  it(
    'runs no action twice',
    () => {
      fc.assert(
        fc.property(scenarios, intentsArbitrary, (content, intents) => {
          const { final } = playAll(content, intents);
          expect(new Set(final.ran).size).toBe(final.ran.length);
          expect(final.ranAt).toHaveLength(final.ran.length);
          for (const actionId of final.ran) {
            const again = applyEvent(content, final, { type: 'runAction', actionId, at: final.at });
            expect(again.ok).toBe(false);
          }
        }),
        { numRuns },
      );
    },
    timeout,
  );

  it(
    'ends the run when a Terminate limit is reached, and accepts nothing after',
    () => {
      fc.assert(
        fc.property(scenarios, intentsArbitrary, fc.integer({ min: 0, max: 120_000 }), (content, intents, later) => {
          const { steps } = playAll(content, intents);
          for (const { before, event, after } of steps) {
            if (before.ended !== null) expect(after).toBeNull();
            if (after === null) continue;
            if (reachedLimit(content, measureValues(content, before, before.at), measureValues(content, after, event.at))) {
              expect(after.ended).not.toBeNull();
            }
            // by time: a clock that moves onto its limit ends the run there, and the run then takes no event
            const at = after.at + later;
            if (after.ended === null && reachedLimit(content, measureValues(content, after, after.at), measureValues(content, after, at))) {
              const settled = settleRun(content, after, at);
              expect(settled.ended?.reason).toBe('terminated');
              expect(settled.ended?.at).toBeLessThanOrEqual(at);
              expect(applyEvent(content, after, { type: 'end', at })).toMatchObject({ ok: false, error: { code: 'ended' } });
            }
          }
        }),
        { numRuns },
      );
    },
    timeout,
  );

  it(
    'keeps Limited and Terminate measures within their limits at every step and at any moment',
    () => {
      fc.assert(
        fc.property(
          scenarios,
          intentsArbitrary,
          fc.array(fc.integer({ min: -5_000, max: 300_000 }), { maxLength: 4 }),
          (content, intents, moments) => {
            const { steps } = playAll(content, intents);
            for (const { after, event } of steps) {
              if (after === null) continue;
              withinLimits(content, measureValues(content, after, event.at));
              for (const moment of moments) withinLimits(content, measureValues(content, after, moment));
              const shown = runView(content, after, event.at).measures;
              withinLimits(content, Object.fromEntries(shown.map((measure) => [measure.id, measure.value])));
            }
          },
        ),
        { numRuns },
      );
    },
    timeout,
  );

  it(
    'gives the same state and score when the accepted events are replayed',
    () => {
      fc.assert(
        fc.property(scenarios, intentsArbitrary, fc.integer({ min: 0, max: 100_000 }), (content, intents, wait) => {
          const { final, acceptedEvents } = playAll(content, intents);
          const replayed = accepted(replayRun(content, 0, acceptedEvents));
          expect(replayed).toEqual(final);
          const now = final.at + wait;
          expect(runScore(content, replayed, now)).toEqual(runScore(content, final, now));
        }),
        { numRuns },
      );
    },
    timeout,
  );
});
