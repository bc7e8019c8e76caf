import { describe, expect, it } from 'vitest';
import { formatDuration, formatPoints, runStage } from './results-format';

describe('results format', () => {
  it('writes a time taken as m:ss', () => {
    expect(formatDuration(65_000)).toBe('1:05');
    expect(formatDuration(4_400)).toBe('0:04');
    expect(formatDuration(3_723_000)).toBe('62:03');
    expect(formatDuration(null)).toBe('–');
  });

  it('writes points whole, averages to one decimal', () => {
    expect(formatPoints(35)).toBe('35');
    expect(formatPoints(12.345)).toBe('12.3');
    expect(formatPoints(null)).toBe('–');
  });

  it('names where a run stands', () => {
    expect(runStage({ startedAt: null, endedAt: null, endReason: null }).label).toBe('Joined');
    expect(runStage({ startedAt: 'a', endedAt: null, endReason: null }).label).toBe('Started');
    expect(runStage({ startedAt: 'a', endedAt: 'b', endReason: 'learner' }).label).toBe('Ended');
    expect(runStage({ startedAt: null, endedAt: 'b', endReason: 'removed' }).label).toBe('Removed');
  });
});
