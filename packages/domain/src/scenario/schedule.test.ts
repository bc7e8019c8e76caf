import { describe, expect, it } from 'vitest';
import { schedulePhase, scheduleProblems } from './schedule';

describe('schedule (SPEC 3 scheduleStart, scheduleEnd)', () => {
  it('accepts no schedule, an open start or end, and a start before the end', () => {
    expect(scheduleProblems({ scheduleStart: null, scheduleEnd: null })).toEqual([]);
    expect(scheduleProblems({ scheduleStart: '2026-12-01T09:00:00.000Z', scheduleEnd: null })).toEqual([]);
    expect(scheduleProblems({ scheduleStart: null, scheduleEnd: '2026-12-01T09:00+01:00' })).toEqual([]);
    expect(scheduleProblems({ scheduleStart: '2026-12-01T09:00:00Z', scheduleEnd: '2026-12-01T17:00:00Z' })).toEqual([]);
  });

  it('names what is not a date and time, and an end that does not follow the start', () => {
    expect(scheduleProblems({ scheduleStart: 'tomorrow', scheduleEnd: '2026-13-45T99:00:00Z' })).toEqual([
      'scheduleStart: "tomorrow" is not a date and time such as 2026-12-01T09:00:00Z',
      'scheduleEnd: "2026-13-45T99:00:00Z" is not a date and time such as 2026-12-01T17:00:00Z',
    ]);
    expect(scheduleProblems({ scheduleStart: '2026-12-01', scheduleEnd: null })).toHaveLength(1);
    expect(scheduleProblems({ scheduleStart: '2026-12-01T17:00:00Z', scheduleEnd: '2026-12-01T09:00:00Z' })).toEqual([
      'scheduleEnd: must come after scheduleStart',
    ]);
  });

  it('tells whether a moment is before, inside or after the schedule', () => {
    const schedule = { scheduleStart: '2026-12-01T09:00:00Z', scheduleEnd: '2026-12-01T17:00:00Z' };
    expect(schedulePhase(schedule, new Date('2026-12-01T08:59:59Z'))).toBe('before');
    expect(schedulePhase(schedule, new Date('2026-12-01T09:00:00Z'))).toBe('open');
    expect(schedulePhase(schedule, new Date('2026-12-01T17:00:00Z'))).toBe('after');
    expect(schedulePhase({ scheduleStart: null, scheduleEnd: null }, new Date())).toBe('unscheduled');
  });
});
