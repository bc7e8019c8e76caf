import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReadonlyContent } from '../scenario/readonly-content';
import type { ScenarioContent } from '../scenario/schema';
import { deepFreeze } from '../scenario/test/fixtures';
import { settleRun } from './measures';
import { applyEvent, startRun } from './run';
import { eventOf, intentsArbitrary, scenarioArbitrary, type Intent } from './test/arbitraries';
import type { RunEvent, RunState, TimeAllowance } from './types';
import { runView } from './view';

const numRuns = 200;
// generous: the machines running the tests may be busy
const timeout = 60_000;

const isTime = (type: number) => type === 2 || type === 3 || type === 4;
const isClock = (type: number) => type === 2 || type === 3;

const extraArbitrary: fc.Arbitrary<TimeAllowance> = fc.record({
  untimed: fc.constant(false),
  extraPercent: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 200 })),
  extraSeconds: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 600 })),
});

/** The scenario with no impact on its clocks: they move with time alone, so when each ends is known. */
const withoutClockImpacts = (content: ScenarioContent): ScenarioContent => {
  const clocks = new Set(content.measures.filter((measure) => isClock(measure.type)).map((measure) => measure.id));
  const keep = <T extends { impact: { measureId: string }[] }>(item: T): T => ({
    ...item,
    impact: item.impact.filter((entry) => !clocks.has(entry.measureId)),
  });
  return {
    ...content,
    actions: content.actions.map(keep),
    conclusions: content.conclusions.map(keep),
    infos: content.infos.map(keep),
    hint: content.hint === null ? null : keep(content.hint),
  };
};

/** Plays events over a run, refused ones skipped; the final state. */
const play = (content: ReadonlyContent, start: RunState, events: readonly RunEvent[]): RunState => {
  let state = start;
  for (const event of events) {
    const result = applyEvent(content, state, event);
    if (result.ok) state = result.state;
  }
  return state;
};

/** The events the intents make on the standard run, one after the other from what it offers at each moment. */
const eventsFrom = (content: ReadonlyContent, intents: readonly Intent[]) => {
  let state = startRun(content, 0);
  let at = 0;
  const events: RunEvent[] = [];
  for (const intent of intents) {
    at += intent.gap;
    const event = eventOf(intent, runView(content, state, at), at);
    events.push(event);
    const result = applyEvent(content, state, event);
    if (result.ok) state = result.state;
  }
  return { events, end: at };
};

/** The seconds a clock's standard limit gives a run from the start, whether it starts within its limits, and the extra the allowance adds. */
const clockSpans = (content: ReadonlyContent, allowance: TimeAllowance) =>
  content.measures
    .filter((measure) => isClock(measure.type) && measure.limits?.kind === 1)
    .map((measure) => {
      const span =
        measure.type === 2 ? (measure.limits!.max ?? Infinity) - measure.initial : measure.initial - (measure.limits!.min ?? -Infinity);
      const within = measure.initial >= (measure.limits!.min ?? -Infinity) && measure.initial <= (measure.limits!.max ?? Infinity);
      return { id: measure.id, span, within, extra: (Math.max(0, span) * allowance.extraPercent) / 100 + allowance.extraSeconds };
    });

describe('time allowances over random scenarios and play (accommodations)', () => {
  it(
    'a run with extra time X never ends by a clock before the standard run would plus X',
    () => {
      fc.assert(
        fc.property(
          scenarioArbitrary,
          intentsArbitrary,
          extraArbitrary,
          fc.integer({ min: 0, max: 900_000 }),
          (raw, intents, allowance, later) => {
            const content = deepFreeze(withoutClockImpacts(raw));
            const { events, end } = eventsFrom(content, intents);
            const standard = settleRun(content, play(content, startRun(content, 0), events), end + later);
            const extended = settleRun(content, play(content, startRun(content, 0, allowance), events), end + later);
            const ended = extended.ended;
            if (ended?.reason !== 'terminated') return;
            const clock = clockSpans(content, allowance).find((entry) => entry.id === ended.measureId);
            // only a clock that starts within its limits gives a run any time to extend (a countdown may start above its max)
            if (!clock || clock.span <= 0 || !clock.within) return;
            expect(standard.ended).not.toBeNull();
            expect(ended.at).toBeGreaterThanOrEqual(standard.ended!.at + clock.extra * 1000);
          },
        ),
        { numRuns },
      );
    },
    timeout,
  );

  it(
    'an untimed run never ends by a limit of time, whatever is played and however long it lasts',
    () => {
      fc.assert(
        fc.property(scenarioArbitrary, intentsArbitrary, fc.integer({ min: 0, max: 900_000 }), (raw, intents, later) => {
          const content = deepFreeze(raw);
          const untimed = { untimed: true, extraPercent: 0, extraSeconds: 0 };
          let state = startRun(content, 0, untimed);
          let at = 0;
          for (const intent of intents) {
            at += intent.gap;
            const result = applyEvent(content, state, eventOf(intent, runView(content, state, at), at));
            if (result.ok) state = result.state;
          }
          const final = settleRun(content, state, at + later);
          if (final.ended?.reason === 'terminated') {
            const measure = content.measures.find((entry) => entry.id === final.ended!.measureId)!;
            expect(isTime(measure.type)).toBe(false);
          }
          // the time is still measured and shown
          for (const measure of runView(content, final, at + later).measures)
            if (isTime(measure.type)) expect([1, 2]).not.toContain(measure.limitKind);
        }),
        { numRuns },
      );
    },
    timeout,
  );

  it(
    'measures other than time read the same with an allowance as without, for as long as both runs accept the same events',
    () => {
      fc.assert(
        fc.property(
          scenarioArbitrary,
          intentsArbitrary,
          fc.oneof(extraArbitrary, fc.constant({ untimed: true, extraPercent: 0, extraSeconds: 0 })),
          (raw, intents, allowance) => {
            const content = deepFreeze(raw);
            const { events } = eventsFrom(content, intents);
            let standard = startRun(content, 0);
            let other = startRun(content, 0, allowance);
            for (const event of events) {
              const a = applyEvent(content, standard, event);
              const b = applyEvent(content, other, event);
              if (a.ok !== b.ok) return;
              if (!a.ok || !b.ok) continue;
              standard = a.state;
              other = b.state;
              const plain = (view: ReturnType<typeof runView>) => view.measures.filter((measure) => !isTime(measure.type));
              expect(plain(runView(content, other, event.at))).toEqual(plain(runView(content, standard, event.at)));
            }
          },
        ),
        { numRuns },
      );
    },
    timeout,
  );
});
