import type { SnapshotDelta } from '@resim/domain';
import { describe, expect, it } from 'vitest';
import { deltaJson, type WrittenValues } from './delta-json';

describe('deltaJson', () => {
  const view = { actions: [{ id: 'a1', name: 'Blood count', availability: 'available' }], facts: [] };
  const deltas: SnapshotDelta[] = [
    { set: { phase: 'open', view, gone: undefined }, unset: ['ranking'], patch: { game: { set: { startedAt: 'x' } } } },
    { set: { view } },
    { patch: { view: { splice: { actions: [[0, 1]] } } } },
    { set: { nested: { deeper: [1, 'two', null] } }, splice: { messages: [[0, 0, { id: 'm' }]] } },
    {},
  ];

  it('writes the same text as JSON.stringify, with or without values written before', () => {
    const written: WrittenValues = new Map();
    for (const delta of deltas) {
      expect(deltaJson(delta)).toBe(JSON.stringify(delta));
      expect(deltaJson(delta, written)).toBe(JSON.stringify(delta));
      expect(deltaJson(delta, written)).toBe(JSON.stringify(delta));
    }
  });

  it('writes a value set whole once for every delta of a push that sets it', () => {
    const written: WrittenValues = new Map();
    deltaJson({ set: { view } }, written);
    written.set(view, '"as written before"');
    expect(deltaJson({ set: { phase: 'open', view } }, written)).toBe('{"set":{"phase":"open","view":"as written before"}}');
  });
});
