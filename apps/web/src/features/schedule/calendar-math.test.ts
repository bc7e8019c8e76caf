import { describe, expect, it } from 'vitest';
import {
  addDays,
  barSpan,
  dayOffset,
  moveWindow,
  readWindow,
  resizeEnd,
  snapSteps,
  stepAnchor,
  storedWindow,
  viewDays,
} from './calendar-math';

// Written in local wall-clock terms, so they hold in any time zone; run with TZ=Europe/London the
// March and October cases cross a DST change.
const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

describe('the Schedule calendar’s date arithmetic', () => {
  it('shows Monday to Sunday of a week, and every day of a month, leap February included', () => {
    const week = viewDays('week', local(2026, 12, 3, 15));
    expect(week.map((d) => d.getDate())).toEqual([30, 1, 2, 3, 4, 5, 6]);
    expect(week[0]?.getDay()).toBe(1);
    expect(
      viewDays('week', local(2026, 12, 6))
        .at(-1)
        ?.getDate(),
    ).toBe(6);
    expect(viewDays('month', local(2028, 2, 17))).toHaveLength(29);
    expect(viewDays('month', local(2026, 2, 17))).toHaveLength(28);
  });

  it('steps a month from its first day, so 31 January leads to February, and a week by seven days across a year', () => {
    expect(stepAnchor('month', local(2027, 1, 31), 1)).toEqual(local(2027, 2, 1));
    expect(stepAnchor('month', local(2027, 1, 31), -1)).toEqual(local(2026, 12, 1));
    expect(stepAnchor('week', local(2026, 12, 29), 1)).toEqual(local(2027, 1, 5));
  });

  it('snaps a drag to whole hours in a week and whole days in a month', () => {
    const pixelsPerDay = 240; // 10 px an hour
    expect(snapSteps(34, pixelsPerDay, 'week')).toBe(3);
    expect(snapSteps(36, pixelsPerDay, 'week')).toBe(4);
    expect(snapSteps(-4, pixelsPerDay, 'week')).toBe(0);
    expect(snapSteps(-130, pixelsPerDay, 'month')).toBe(-1);
    expect(snapSteps(370, pixelsPerDay, 'month')).toBe(2);
    expect(snapSteps(500, 0, 'month')).toBe(0);
  });

  it('moves a window by days keeping its wall-clock times, across a month end and a DST change', () => {
    const window = { start: local(2027, 3, 27, 9), end: local(2027, 3, 31, 17) };
    const moved = moveWindow(window, 2, 'day');
    expect(moved.start).toEqual(local(2027, 3, 29, 9));
    expect(moved.end).toEqual(local(2027, 4, 2, 17));
    const autumn = moveWindow({ start: local(2027, 10, 30, 9), end: null }, 1, 'day');
    expect(autumn).toEqual({ start: local(2027, 10, 31, 9), end: null });
  });

  it('moves a window by hours as elapsed time, and resizes its end never to or before its start', () => {
    const window = { start: local(2026, 12, 1, 9), end: local(2026, 12, 1, 17) };
    const later = moveWindow(window, 3, 'hour');
    expect(later.start!.getTime() - window.start.getTime()).toBe(3 * 3_600_000);
    expect(later.end!.getTime() - window.end.getTime()).toBe(3 * 3_600_000);
    expect(resizeEnd(window, -2, 'hour').end).toEqual(local(2026, 12, 1, 15));
    expect(resizeEnd(window, -20, 'hour')).toEqual({ start: window.start, end: local(2026, 12, 1, 10) });
    expect(resizeEnd(window, -5, 'day').end).toEqual(local(2026, 12, 2, 9));
    expect(resizeEnd({ start: window.start, end: null }, 2, 'day')).toEqual({ start: window.start, end: null });
  });

  it('places a window on the days shown, clipped to them, each local day counted as one', () => {
    const days = viewDays('week', local(2026, 12, 2));
    expect(dayOffset(days, local(2026, 12, 3, 12))).toBe(3.5);
    expect(barSpan(days, { start: local(2026, 12, 1), end: local(2026, 12, 3) })).toEqual({ left: 1 / 7, width: 2 / 7 });
    expect(barSpan(days, { start: local(2026, 11, 1), end: null })).toEqual({ left: 0, width: 1 });
    expect(barSpan(days, { start: local(2027, 1, 1), end: local(2027, 1, 2) })).toBeNull();
    expect(barSpan(days, { start: null, end: null })).toBeNull();
    const spring = viewDays('month', local(2027, 3, 1));
    expect(dayOffset(spring, addDays(local(2027, 3, 1), 30))).toBe(30);
  });

  it('stores a window as UTC ISO and reads it back, an unreadable time as open', () => {
    const window = { start: local(2026, 12, 1, 9), end: null };
    expect(readWindow(storedWindow(window))).toEqual(window);
    expect(readWindow({ scheduleStart: 'soon', scheduleEnd: null })).toEqual({ start: null, end: null });
  });
});
