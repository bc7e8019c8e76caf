import type { PlaySchedule } from '@resim/contracts';
import { schedulePhase, type Scenario } from '@resim/domain';
import { conflict } from '../../errors/app-error';

export const scheduleOf = (scenario: Scenario, now: Date): PlaySchedule => ({
  opens: scenario.scheduleStart,
  closes: scenario.scheduleEnd,
  phase: schedulePhase(scenario, now),
});

// The server does not know the learner's time zone: the message names the time in UTC, the
// player shows it in the learner's own.
const utcTime = (value: string): string => `${new Date(value).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * SPEC 3 schedule: learners play between scheduleStart and scheduleEnd; authors test at any time.
 * A learner whose accommodation extends the window (`windowMinutes`) plays until that much later.
 */
export const refuseOutsideSchedule = (scenario: Scenario, now: Date, windowMinutes = 0): void => {
  const phase = schedulePhase(scenario, now);
  if (phase === 'before' && scenario.scheduleStart) throw conflict(`This simulation opens at ${utcTime(scenario.scheduleStart)}`);
  if (phase === 'after' && scenario.scheduleEnd) {
    const closes = new Date(Date.parse(scenario.scheduleEnd) + windowMinutes * 60_000);
    if (now >= closes) throw conflict(`This simulation closed at ${utcTime(closes.toISOString())}`);
  }
};

/** Whether the window has closed for everyone without an accommodation: only then is a learner's own window looked up. */
export const closedForMost = (scenario: Scenario, now: Date): boolean => schedulePhase(scenario, now) === 'after';
