import type { MeasureView } from '@resim/domain';
import { describe, expect, it } from 'vitest';
import { allowanceText, dueAnnouncement, durationInWords, remainingSeconds } from './announcements';

const clock = (changes: Partial<MeasureView>): MeasureView => ({
  id: 'clock',
  name: 'Clock',
  type: 3,
  value: 1800,
  min: 0,
  max: null,
  limitKind: 1,
  atLimit: false,
  timeUnit: 'seconds',
  ...changes,
});

/** Every announcement of a countdown of `total` seconds ticking down one second at a time. */
const spoken = (total: number): string[] => {
  const told: string[] = [];
  let previous: number | null = null;
  for (let remaining = total; remaining >= 0; remaining -= 1) {
    const due = dueAnnouncement(previous, remaining, total);
    if (due) told.push(due);
    previous = remaining;
  }
  return told;
};

describe('durationInWords', () => {
  it('says seconds under a minute, then minutes, then hours and minutes', () => {
    expect(durationInWords(1)).toBe('1 second');
    expect(durationInWords(45)).toBe('45 seconds');
    expect(durationInWords(60)).toBe('1 minute');
    expect(durationInWords(150)).toBe('2 minutes and 30 seconds');
    expect(durationInWords(61)).toBe('1 minute and 1 second');
    expect(durationInWords(629)).toBe('10 minutes');
    expect(durationInWords(1500)).toBe('25 minutes');
    expect(durationInWords(3600)).toBe('1 hour');
    expect(durationInWords(7200)).toBe('2 hours');
    expect(durationInWords(5400)).toBe('1 hour and 30 minutes');
    expect(durationInWords(3660)).toBe('1 hour and 1 minute');
    expect(durationInWords(-5)).toBe('0 seconds');
  });
});

describe('allowanceText', () => {
  it('tells the learner their extra time, or that the run is untimed, and nothing for the standard time', () => {
    expect(allowanceText(null)).toBeNull();
    expect(allowanceText({ untimed: false, extraSeconds: 1500 })).toBe('You have 25 minutes more than the standard time.');
    expect(allowanceText({ untimed: false, extraSeconds: 5400 })).toBe('You have 1 hour and 30 minutes more than the standard time.');
    expect(allowanceText({ untimed: false, extraSeconds: null })).toBe('You have extra time on this run.');
    expect(allowanceText({ untimed: true, extraSeconds: null })).toBe(
      'This run is untimed: no time limit ends it. Your time is still measured.',
    );
  });
});

describe('remainingSeconds', () => {
  it('reads the clock that ends or holds the run soonest', () => {
    expect(remainingSeconds([clock({ value: 900, min: 60 })])).toBe(840);
    expect(remainingSeconds([clock({ type: 2, value: 100, min: null, max: 600, limitKind: 2 })])).toBe(500);
    expect(remainingSeconds([clock({ value: 900 }), clock({ id: 'other', type: 2, value: 0, min: null, max: 300 })])).toBe(300);
  });

  it('leaves out Warning limits, other measures and clocks without a limit: an untimed run has no countdown', () => {
    expect(remainingSeconds([clock({ limitKind: 3 })])).toBeNull();
    expect(remainingSeconds([clock({ limitKind: null, min: null })])).toBeNull();
    expect(remainingSeconds([clock({ type: 4, value: 10, min: 0 })])).toBeNull();
    expect(remainingSeconds([clock({ type: 2, max: null })])).toBeNull();
    expect(remainingSeconds([])).toBeNull();
  });

  it('never counts below nothing left', () => {
    expect(remainingSeconds([clock({ value: -3 })])).toBe(0);
  });
});

describe('dueAnnouncement', () => {
  it('tells the time left at the start, at half time and at 10, 5 and 1 minute, and at no other second', () => {
    expect(spoken(1800)).toEqual([
      'Time remaining: 30 minutes.',
      'Half of your time is gone: 15 minutes remaining.',
      '10 minutes remaining.',
      '5 minutes remaining.',
      '1 minute remaining.',
    ]);
  });

  it('tells only the moments a shorter run reaches', () => {
    expect(spoken(480)).toEqual([
      'Time remaining: 8 minutes.',
      '5 minutes remaining.',
      'Half of your time is gone: 4 minutes remaining.',
      '1 minute remaining.',
    ]);
    expect(spoken(300)).toEqual([
      'Time remaining: 5 minutes.',
      'Half of your time is gone: 2 minutes and 30 seconds remaining.',
      '1 minute remaining.',
    ]);
    expect(spoken(40)).toEqual(['Time remaining: 40 seconds.', 'Half of your time is gone: 20 seconds remaining.']);
  });

  it('tells half time and 10 minutes once when they fall together', () => {
    expect(spoken(1200)).toEqual(['Time remaining: 20 minutes.', '10 minutes remaining.', '5 minutes remaining.', '1 minute remaining.']);
  });

  it('tells the time left now once after a jump past several moments, and nothing when time is added or has run out', () => {
    expect(dueAnnouncement(700, 200, 1800)).toBe('3 minutes and 20 seconds remaining.');
    expect(dueAnnouncement(500, 520, 1800)).toBeNull();
    expect(dueAnnouncement(500, 500, 1800)).toBeNull();
    expect(dueAnnouncement(2, 0, 1800)).toBeNull();
    expect(dueAnnouncement(null, 0, 1800)).toBeNull();
  });
});
