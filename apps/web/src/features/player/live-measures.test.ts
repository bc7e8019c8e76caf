import { LimitKind, MeasureType, type MeasureView } from '@resim/domain';
import { describe, expect, it } from 'vitest';
import { isTicking, reachedTermination, runElapsedMs, secondsSinceSnapshot, tickMeasure } from './live-measures';
import { snapshotFixture, viewFixture } from './player-fixtures';

const measure = (changes: Partial<MeasureView>): MeasureView => ({
  id: 'measure1',
  name: 'Time left',
  type: MeasureType.autoTimeDecrement,
  value: 60,
  min: null,
  max: null,
  limitKind: null,
  atLimit: false,
  timeUnit: 'seconds',
  ...changes,
});

describe('auto-time measures between snapshots', () => {
  it('count down and up by the seconds passed; other measures stay', () => {
    expect(tickMeasure(measure({}), 2).value).toBe(58);
    expect(tickMeasure(measure({ type: MeasureType.autoTimeIncrement, value: 0 }), 3).value).toBe(3);
    const points = measure({ type: MeasureType.integer, value: 10 });
    expect(tickMeasure(points, 5)).toBe(points);
  });

  it('turn over with the server’s whole seconds since the start', () => {
    const startedAt = '2025-05-01T10:00:00.000Z';
    // the snapshot was taken 10.8 s into the run: 0.2 s later the 11th second begins
    const snapshot = snapshotFixture({ startedAt, serverTime: Date.parse(startedAt) + 10_800 });
    expect(secondsSinceSnapshot(snapshot, 1000, 1100)).toBe(0);
    expect(secondsSinceSnapshot(snapshot, 1000, 1200)).toBe(1);
    expect(secondsSinceSnapshot(snapshot, 1000, 3300)).toBe(3);
    expect(secondsSinceSnapshot(snapshotFixture({ startedAt, phase: 'closed' }), 0, 60_000)).toBe(0);
  });

  it('stop at a Limited or Terminate limit and mark it reached', () => {
    const limited = tickMeasure(measure({ min: 0, limitKind: LimitKind.finite }), 90);
    expect(limited).toMatchObject({ value: 0, atLimit: true });
    const terminate = tickMeasure(measure({ min: 0, limitKind: LimitKind.finiteWithTermination }), 60);
    expect(terminate).toMatchObject({ value: 0, atLimit: true });
    expect(reachedTermination([terminate])).toBe(true);
    expect(reachedTermination([limited])).toBe(false);
  });

  it('pass a Warning limit and warn', () => {
    const warned = tickMeasure(measure({ min: 0, limitKind: LimitKind.infinite }), 61);
    expect(warned).toMatchObject({ value: -1, atLimit: true });
    expect(tickMeasure(measure({ min: 0, limitKind: LimitKind.infinite }), 30).atLimit).toBe(false);
  });
});

describe('run time', () => {
  it('runs on the server clock from the snapshot, and stops at the end', () => {
    const startedAt = '2025-05-01T10:00:00.000Z';
    const snapshot = snapshotFixture({ startedAt, serverTime: Date.parse(startedAt) + 60_000 });
    // the local clock is far off the server's: only what passed since arrival counts
    expect(runElapsedMs(snapshot, 5_000, 7_000)).toBe(62_000);
    const ended = snapshotFixture({
      startedAt,
      serverTime: Date.parse(startedAt) + 90_000,
      view: viewFixture({ ended: { at: Date.parse(startedAt) + 75_000, reason: 'learner' } }),
    });
    expect(runElapsedMs(ended, 0, 100_000)).toBe(75_000);
    expect(runElapsedMs(snapshotFixture({ startedAt: null }), 0, 1)).toBeNull();
  });

  it('ticks only while the run is open and not ended', () => {
    expect(isTicking(snapshotFixture())).toBe(true);
    expect(isTicking(snapshotFixture({ phase: 'lobby' }))).toBe(false);
    expect(isTicking(snapshotFixture({ view: viewFixture({ ended: { at: 1, reason: 'stopped' } }) }))).toBe(false);
  });
});
