import { describe, expect, it } from 'vitest';
import { createLatestReadings } from './latest-readings';

/** A store whose readings end when the test says, each handing back the value stored when it began. */
const deferredStore = () => {
  let stored = 'v1';
  const pending: { value: string; resolve: (value: string) => void }[] = [];
  const read = () =>
    new Promise<string>((resolve) => {
      pending.push({ value: stored, resolve });
    });
  const finish = (at: number) => pending[at]!.resolve(pending[at]!.value);
  return { read, finish, pending, store: (value: string) => (stored = value) };
};

describe('latest readings', () => {
  it('reads once for callers asking at the same moment, then serves what it read', async () => {
    const store = deferredStore();
    const readings = createLatestReadings({ read: store.read, recheckMs: 1000, keeps: () => true, now: () => 0 });
    const first = readings.get('s');
    const second = readings.get('s');
    expect(store.pending).toHaveLength(1);
    store.finish(0);
    expect(await first).toBe('v1');
    expect(await second).toBe('v1');
    expect(await readings.get('s')).toBe('v1');
    expect(store.pending).toHaveLength(1);
  });

  it('answers a fresh reading with what was stored after a reading already under way began', async () => {
    let clock = 0;
    const store = deferredStore();
    const readings = createLatestReadings({ read: store.read, recheckMs: 1000, keeps: () => true, now: () => clock });
    const warm = readings.get('s');
    store.finish(0);
    await warm;
    clock = 5000;
    // The once-a-second recheck begins, then the value changes, then a fresh reading is asked for.
    expect(await readings.get('s')).toBe('v1');
    store.store('v2');
    const fresh = readings.get('s', true);
    expect(store.pending).toHaveLength(3);
    store.finish(2);
    expect(await fresh).toBe('v2');
    // The older reading ends last: it does not put back what it read.
    store.finish(1);
    await Promise.resolve();
    await Promise.resolve();
    expect(await readings.get('s')).toBe('v2');
  });

  it('does not keep what a key no one uses now reads', async () => {
    const store = deferredStore();
    const readings = createLatestReadings({ read: store.read, recheckMs: 1000, keeps: () => false, now: () => 0 });
    const first = readings.get('s');
    store.finish(0);
    await first;
    void readings.get('s');
    expect(store.pending).toHaveLength(2);
  });
});
