import type { ReadonlyContent } from './readonly-content';

// An ISO 8601 date and time with its offset, as the editor writes it: 2026-12-01T09:00:00.000Z.
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const readTime = (value: string): number | undefined => {
  const time = isoDateTime.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? undefined : time;
};

/**
 * SPEC 3 scheduleStart and scheduleEnd: when a scenario may be played. Each, when set, is a date
 * and time with its offset, and the end comes after the start.
 */
export const scheduleProblems = (content: Pick<ReadonlyContent, 'scheduleStart' | 'scheduleEnd'>): string[] => {
  const problems: string[] = [];
  const start = content.scheduleStart === null ? null : readTime(content.scheduleStart);
  const end = content.scheduleEnd === null ? null : readTime(content.scheduleEnd);
  if (start === undefined) problems.push(`scheduleStart: "${content.scheduleStart}" is not a date and time such as 2026-12-01T09:00:00Z`);
  if (end === undefined) problems.push(`scheduleEnd: "${content.scheduleEnd}" is not a date and time such as 2026-12-01T17:00:00Z`);
  if (typeof start === 'number' && typeof end === 'number' && end <= start) problems.push('scheduleEnd: must come after scheduleStart');
  return problems;
};

/** Where a moment stands against the schedule: before it opens, inside it, or after it closed. */
export const schedulePhase = (
  content: Pick<ReadonlyContent, 'scheduleStart' | 'scheduleEnd'>,
  now: Date,
): 'unscheduled' | 'before' | 'open' | 'after' => {
  if (content.scheduleStart === null && content.scheduleEnd === null) return 'unscheduled';
  const time = now.getTime();
  const start = content.scheduleStart === null ? undefined : readTime(content.scheduleStart);
  const end = content.scheduleEnd === null ? undefined : readTime(content.scheduleEnd);
  if (start !== undefined && time < start) return 'before';
  if (end !== undefined && time >= end) return 'after';
  return 'open';
};
