/**
 * Date arithmetic of the Schedule page, in the browser's time zone: the days a view shows, where
 * a window falls on them, and how a drag of some pixels moves or resizes it.
 */

export type CalendarView = 'week' | 'month';

/** A scenario's window (SPEC 3 scheduleStart, scheduleEnd); either end may be open. */
export type ScheduleWindow = { readonly start: Date | null; readonly end: Date | null };

const hourMs = 3_600_000;

/** Midnight of the day `days` calendar days after `date`'s: a local day, 23 or 25 hours across a DST change. */
export const addDays = (date: Date, days: number): Date => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

const startOfDay = (date: Date): Date => addDays(date, 0);

/** The days a view shows: Monday to Sunday of the week, or every day of the month. */
export const viewDays = (view: CalendarView, anchor: Date): Date[] => {
  if (view === 'week') {
    const monday = addDays(anchor, -((anchor.getDay() + 6) % 7));
    return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  }
  const first = new Date(anchor.getFullYear(), anchor.getMonth(), 1);
  const count = new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0).getDate();
  return Array.from({ length: count }, (_, i) => addDays(first, i));
};

/** The anchor of the next (1) or previous (-1) week or month; a month keeps to its first day so 31 January does not skip February. */
export const stepAnchor = (view: CalendarView, anchor: Date, direction: 1 | -1): Date =>
  view === 'week' ? addDays(anchor, 7 * direction) : new Date(anchor.getFullYear(), anchor.getMonth() + direction, 1);

/**
 * Where a time falls along the days shown, in days from the first one's midnight (2.5 is noon of
 * the third day), counting each local day as one whatever its length.
 */
export const dayOffset = (days: readonly Date[], time: Date): number => {
  const first = days[0];
  if (!first) return 0;
  const day = startOfDay(time);
  const whole = Math.round((day.getTime() - first.getTime()) / (24 * hourMs));
  const length = addDays(day, 1).getTime() - day.getTime();
  return whole + (time.getTime() - day.getTime()) / length;
};

/** The part of the days shown a window covers, as fractions of the whole, or null when it falls outside. */
export const barSpan = (days: readonly Date[], window: ScheduleWindow): { left: number; width: number } | null => {
  const total = days.length;
  if (total === 0 || (window.start === null && window.end === null)) return null;
  const from = window.start === null ? 0 : dayOffset(days, window.start);
  const to = window.end === null ? total : dayOffset(days, window.end);
  const left = Math.max(0, from);
  const right = Math.min(total, to);
  if (right <= left) return null;
  return { left: left / total, width: (right - left) / total };
};

/** A drag's step: an hour in the week view, a day in the month view. */
export const stepOf = (view: CalendarView): 'hour' | 'day' => (view === 'week' ? 'hour' : 'day');

/** How many steps a drag of `pixels` makes, snapped to the nearest whole step. */
export const snapSteps = (pixels: number, pixelsPerDay: number, view: CalendarView): number => {
  if (pixelsPerDay <= 0) return 0;
  const perStep = view === 'week' ? pixelsPerDay / 24 : pixelsPerDay;
  return Math.round(pixels / perStep) || 0;
};

/** A time moved by whole steps: hours are elapsed time, days keep the wall-clock time across a DST change. */
export const shiftTime = (time: Date, steps: number, step: 'hour' | 'day'): Date => {
  if (step === 'hour') return new Date(time.getTime() + steps * hourMs);
  const moved = new Date(time);
  moved.setDate(moved.getDate() + steps);
  return moved;
};

/** The window moved whole, both ends by the same steps. */
export const moveWindow = (window: ScheduleWindow, steps: number, step: 'hour' | 'day'): ScheduleWindow => ({
  start: window.start === null ? null : shiftTime(window.start, steps, step),
  end: window.end === null ? null : shiftTime(window.end, steps, step),
});

/** The window's end moved, never to or before its start: it then ends one step after the start. */
export const resizeEnd = (window: ScheduleWindow, steps: number, step: 'hour' | 'day'): ScheduleWindow => {
  if (window.end === null) return window;
  const end = shiftTime(window.end, steps, step);
  if (window.start !== null && end.getTime() <= window.start.getTime())
    return { start: window.start, end: shiftTime(window.start, 1, step) };
  return { start: window.start, end };
};

/** The window as stored: ISO-8601 in UTC, or null for an open end. */
export const storedWindow = (window: ScheduleWindow): { scheduleStart: string | null; scheduleEnd: string | null } => ({
  scheduleStart: window.start?.toISOString() ?? null,
  scheduleEnd: window.end?.toISOString() ?? null,
});

const readTime = (value: string | null): Date | null => {
  if (value === null) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time;
};

/** The stored window read back; a time that does not parse is treated as open. */
export const readWindow = (stored: { scheduleStart: string | null; scheduleEnd: string | null }): ScheduleWindow => ({
  start: readTime(stored.scheduleStart),
  end: readTime(stored.scheduleEnd),
});
