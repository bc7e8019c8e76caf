import type { GameSnapshot } from '@resim/contracts';
import { LimitKind, MeasureType, type MeasureView } from '@resim/domain';

const plural = (count: number, unit: string): string => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * A span of time as a learner reads or hears it: '45 seconds', '2 minutes and 30 seconds', '25
 * minutes', '2 hours', '1 hour and 30 minutes'. From 10 minutes on it is told to the nearest minute:
 * the seconds would be stale before the sentence is read out.
 */
export const durationInWords = (seconds: number): string => {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return plural(whole, 'second');
  if (whole < 600) {
    const rest = whole % 60;
    const minutes = plural(Math.floor(whole / 60), 'minute');
    return rest === 0 ? minutes : `${minutes} and ${plural(rest, 'second')}`;
  }
  const minutes = Math.round(whole / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return plural(minutes, 'minute');
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} and ${plural(rest, 'minute')}`;
};

/** What a learner is told of their own time allowance; null when they play to the scenario's own time. */
export const allowanceText = (allowance: GameSnapshot['allowance']): string | null => {
  if (!allowance) return null;
  if (allowance.untimed) return 'This run is untimed: no time limit ends it. Your time is still measured.';
  if (allowance.extraSeconds === null || allowance.extraSeconds <= 0) return 'You have extra time on this run.';
  return `You have ${durationInWords(allowance.extraSeconds)} more than the standard time.`;
};

/** A limit that holds the clock or ends the run (Limited, Terminate); a Warning only marks. */
const holds = (kind: number | null): boolean => kind === LimitKind.finite || kind === LimitKind.finiteWithTermination;

/**
 * The seconds left on the run's countdown: of the auto-time clocks, a decreasing one (type 3) down
 * to its minimum or an increasing one (type 2) up to its maximum, where that limit holds or ends the
 * run, the one that gets there soonest. Null when no clock limits the run (an untimed run).
 */
export const remainingSeconds = (measures: readonly MeasureView[]): number | null => {
  let soonest: number | null = null;
  for (const measure of measures) {
    if (!holds(measure.limitKind)) continue;
    const left =
      measure.type === MeasureType.autoTimeDecrement && measure.min !== null
        ? measure.value - measure.min
        : measure.type === MeasureType.autoTimeIncrement && measure.max !== null
          ? measure.max - measure.value
          : null;
    if (left !== null && (soonest === null || left < soonest)) soonest = Math.max(0, left);
  }
  return soonest;
};

/** The moments, in seconds left, told whenever the countdown passes them (if it started above them). */
const marks = [600, 300, 60] as const;

/**
 * What the screen reader is told of the countdown as it moves from `previousRemaining` to
 * `remaining` seconds left of `total`: the time left at the start (no previous), once half of the
 * time is gone, and when 10, 5 and 1 minute remain; nothing at any other moment, so that a ticking
 * clock never talks over the run. A jump past several moments at once (a phone woken from sleep)
 * tells only the time left now.
 */
export const dueAnnouncement = (previousRemaining: number | null, remaining: number, total: number): string | null => {
  if (remaining <= 0) return null;
  const left = `${durationInWords(remaining)} remaining`;
  if (previousRemaining === null) return `Time remaining: ${durationInWords(remaining)}.`;
  if (remaining >= previousRemaining) return null;
  const passed = (at: number) => at < total && previousRemaining > at && remaining <= at;
  if (marks.some(passed)) return `${left}.`;
  const half = total / 2;
  if (total > 0 && previousRemaining > half && remaining <= half) return `Half of your time is gone: ${left}.`;
  return null;
};
