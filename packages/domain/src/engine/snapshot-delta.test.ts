import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../scenario/test/fixtures';
import { applyEvent, startRun } from './run';
import { runScore } from './score';
import { applySnapshotDelta, DeltaMismatch, sameJson, snapshotChange, snapshotDelta, type SnapshotDelta } from './snapshot-delta';
import { eventOf, intentsArbitrary, scenarioArbitrary } from './test/arbitraries';
import type { RunState } from './types';
import { runView } from './view';

/** What the learner's client holds: the value as it crossed the network. */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const item = (id: string, availability = 'available') => ({ id, name: `Test ${id}`, availability });

describe('snapshotDelta and applySnapshotDelta', () => {
  it('answers a test run with its own line and its result, not every line again', () => {
    const actions = Array.from({ length: 100 }, (_, at) => item(`act${at + 1}`));
    const before = { eventCount: 4, view: { actions, facts: [{ source: 'baseline', id: 'b1', text: 'Hb' }] } };
    const after = {
      eventCount: 5,
      view: {
        actions: actions.map((entry) => (entry.id === 'act40' ? item('act40', 'done') : entry)),
        facts: [...before.view.facts, { source: 'action', id: 'act40', text: 'Ferritin 6' }],
      },
    };
    const delta = snapshotDelta(before, after)!;
    expect(delta).toEqual({
      set: { eventCount: 5 },
      patch: {
        view: {
          splice: {
            actions: [[39, 1, item('act40', 'done')]],
            facts: [[1, 0, { source: 'action', id: 'act40', text: 'Ferritin 6' }]],
          },
        },
      },
    });
    expect(applySnapshotDelta(wire(before), wire(delta))).toEqual(after);
    expect(JSON.stringify(delta).length).toBeLessThan(JSON.stringify(after).length / 10);
  });

  it('inserts and removes items by id, joining neighbouring changes into one splice', () => {
    const a = ['a', 'b', 'c', 'd', 'e'].map((id) => item(id));
    const b = [item('a'), item('x'), item('c'), item('e'), item('f'), item('g')];
    const delta = snapshotDelta({ list: a }, { list: b })!;
    expect(delta.splice?.list).toEqual([
      [1, 1, item('x')],
      [3, 1],
      [4, 0, item('f'), item('g')],
    ]);
    expect(applySnapshotDelta({ list: a }, delta)).toEqual({ list: b });
  });

  it('takes lists without ids, or reordered, as one splice over the part that differs', () => {
    expect(snapshotDelta({ ids: ['a', 'b', 'c'] }, { ids: ['a', 'x', 'y', 'c'] })).toEqual({ splice: { ids: [[1, 1, 'x', 'y']] } });
    const reordered = snapshotDelta({ list: [item('a'), item('b')] }, { list: [item('b'), item('a')] })!;
    expect(applySnapshotDelta({ list: [item('a'), item('b')] }, reordered)).toEqual({ list: [item('b'), item('a')] });
  });

  it('sets, unsets and leaves alone as JSON would read them', () => {
    expect(snapshotDelta({ a: 1, b: { c: 2 }, d: null }, { a: 1, b: { c: 2 }, d: null })).toBeNull();
    expect(snapshotDelta({ a: 0 }, { a: -0 })).toBeNull();
    expect(snapshotDelta({ a: 1, gone: 'x', undef: undefined }, { a: 1, undef: undefined })).toEqual({ unset: ['gone'] });
    expect(snapshotDelta({ view: null }, { view: { a: 1 } })).toEqual({ set: { view: { a: 1 } } });
    expect(snapshotDelta({ view: { a: 1 } }, { view: null })).toEqual({ set: { view: null } });
    expect(snapshotDelta({ ended: { at: 1, reason: 'learner', measureId: 'm' } }, { ended: { at: 1, reason: 'learner' } })).toEqual({
      patch: { ended: { unset: ['measureId'] } },
    });
    expect(sameJson({ a: undefined, b: [1] }, { b: [1] })).toBe(true);
    expect(sameJson([1, 2], { 0: 1, 1: 2 })).toBe(false);
  });

  it('keeps, beside the delta, the next snapshot made of the parts of the one before that did not change', () => {
    const facts = [{ source: 'baseline', id: 'b1', text: 'Hb' }];
    const actions = [item('act1'), item('act2')];
    const before = { eventCount: 1, view: { facts, actions, stage: { id: 'stg1', name: 'Ward' } } };
    const after = {
      eventCount: 2,
      view: {
        facts: [{ ...facts[0]! }, { source: 'action', id: 'act2', text: 'Ferritin 6' }],
        actions: [item('act1'), item('act2', 'done')],
        stage: { id: 'stg1', name: 'Ward' },
      },
    };
    const { delta, shared } = snapshotChange(before, after);
    expect(shared).toEqual(after);
    expect(shared.view.stage).toBe(before.view.stage);
    expect(shared.view.facts[0]).toBe(facts[0]);
    expect(shared.view.actions[0]).toBe(actions[0]);
    expect(shared.view.actions[1]).toBe(after.view.actions[1]);
    expect(delta).toEqual(snapshotDelta(before, after));
    expect(snapshotChange(before, wire(before))).toEqual({ delta: null, shared: before });
  });

  it('refuses a delta that does not fit the value, so the client asks for the whole snapshot', () => {
    expect(() => applySnapshotDelta({ view: null }, { patch: { view: { set: { a: 1 } } } })).toThrow(DeltaMismatch);
    expect(() => applySnapshotDelta({ list: [1] }, { splice: { list: [[3, 1]] } })).toThrow(DeltaMismatch);
    expect(() => applySnapshotDelta({ list: 'x' }, { splice: { list: [[0, 0, 1]] } })).toThrow(DeltaMismatch);
    const before = { a: [1, 2] };
    applySnapshotDelta(before, { splice: { a: [[0, 1]] } });
    expect(before).toEqual({ a: [1, 2] });
  });
});

const scenarios = scenarioArbitrary.map((content) => deepFreeze(content));

/**
 * The snapshot a learner is sent, as the server puts it together: where the run stands and its
 * view at the moment, the presenter's messages, and the score once the run has ended.
 */
const snapshotAt = (
  content: Parameters<typeof runView>[0],
  state: RunState | null,
  at: number,
  eventCount: number,
  messages: string[],
) => ({
  gameId: 'g1',
  phase: state ? 'open' : 'lobby',
  eventCount,
  serverTime: at,
  startedAt: state ? new Date(state.startedAt).toISOString() : null,
  view: state ? runView(content, state, at) : null,
  text: null,
  messages: messages.map((id) => ({ id, title: `Title ${id}`, message: 'Read this', sent: new Date(at).toISOString() })),
  score: state?.ended ? runScore(content, state, at) : null,
  endReason: state?.ended?.reason ?? null,
});

describe('a step answered with a delta (DESIGN 6), over random play', () => {
  it('gives, applied to the snapshot the learner had, the whole snapshot the step would have sent', () => {
    fc.assert(
      fc.property(
        scenarios,
        intentsArbitrary,
        fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }),
        fc.integer({ min: 0, max: 90_000 }),
        (content, intents, messageAfter, later) => {
          let state: RunState | null = null;
          let at = 0;
          let eventCount = 0;
          const messages: string[] = [];
          // The learner waits in the lobby, then plays; now and then the presenter says something.
          let held = wire(snapshotAt(content, null, at, eventCount, messages));
          let sent: object = snapshotAt(content, null, at, eventCount, messages);
          // The server keeps what it sent with the unchanged parts of the snapshot before, and diffs the next against that.
          const check = (next: ReturnType<typeof snapshotAt>) => {
            const { delta, shared }: { delta: SnapshotDelta | null; shared: object } = snapshotChange(sent, next);
            held = applySnapshotDelta(held, delta === null ? null : wire(delta));
            expect(held).toEqual(wire(next));
            expect(wire(shared)).toEqual(wire(next));
            if (delta === null) expect(shared).toBe(sent);
            sent = shared;
          };
          state = startRun(content, at);
          check(snapshotAt(content, state, at, eventCount, messages));
          for (const [position, intent] of intents.entries()) {
            at += intent.gap;
            const event = eventOf(intent, runView(content, state, at), at);
            const result = applyEvent(content, state, event);
            if (result.ok) {
              state = result.state;
              eventCount += 1;
            }
            if (messageAfter[position]) messages.push(`m${position}`);
            check(snapshotAt(content, state, at, eventCount, messages));
          }
          // Time alone moves auto-time measures, and may end the run at a limit.
          check(snapshotAt(content, state, at + later, eventCount, messages));
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);
});
