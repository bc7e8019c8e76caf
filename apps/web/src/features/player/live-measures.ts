import type { GameSnapshot } from '@resim/contracts';
import { LimitKind, MeasureType, type MeasureView } from '@resim/domain';

const directionOf = (type: number): number =>
  type === MeasureType.autoTimeIncrement ? 1 : type === MeasureType.autoTimeDecrement ? -1 : 0;

const clamps = (kind: number | null): boolean => kind === LimitKind.finite || kind === LimitKind.finiteWithTermination;

/**
 * A measure as it stands `seconds` after its snapshot: auto-time measures count up or down one
 * per second, stop at a Limited or Terminate limit, and mark a limit reached (or a Warning limit
 * passed) as the engine does. Other measures only change with the learner's events.
 */
export const tickMeasure = (measure: MeasureView, seconds: number): MeasureView => {
  const direction = directionOf(measure.type);
  if (direction === 0 || seconds <= 0) return measure;
  let value = measure.value + direction * seconds;
  const { min, max } = measure;
  if (clamps(measure.limitKind)) {
    if (min !== null) value = Math.max(min, value);
    if (max !== null) value = Math.min(max, value);
  }
  const reached = clamps(measure.limitKind)
    ? (min !== null && value <= min) || (max !== null && value >= max)
    : measure.limitKind === LimitKind.infinite && ((min !== null && value < min) || (max !== null && value > max));
  return { ...measure, value, atLimit: measure.atLimit || reached };
};

/** A Terminate limit was reached: the server ends the run, and the player asks for it. */
export const reachedTermination = (measures: readonly MeasureView[]): boolean =>
  measures.some((measure) => measure.limitKind === LimitKind.finiteWithTermination && measure.atLimit);

/** Whether the run's time moves on: it is being played and has not ended. */
export const isTicking = (snapshot: GameSnapshot): boolean =>
  snapshot.phase === 'open' && snapshot.view !== null && snapshot.view.ended === null && snapshot.startedAt !== null;

/** The server's clock at the local moment `now`: the snapshot's time plus what passed here since it arrived. */
const serverNow = (snapshot: GameSnapshot, receivedAt: number, now: number): number => snapshot.serverTime + Math.max(0, now - receivedAt);

const wholeSeconds = (ms: number): number => Math.max(0, Math.floor(ms / 1000));

/**
 * The seconds auto-time measures have moved since the snapshot, at the local moment `now`. The
 * engine counts whole seconds since the start (DESIGN 4 measures), so they turn over when the
 * server's do, whatever the snapshot's moment within a second.
 */
export const secondsSinceSnapshot = (snapshot: GameSnapshot, receivedAt: number, now: number): number => {
  if (!isTicking(snapshot) || snapshot.startedAt === null) return 0;
  const started = Date.parse(snapshot.startedAt);
  return wholeSeconds(serverNow(snapshot, receivedAt, now) - started) - wholeSeconds(snapshot.serverTime - started);
};

/** How long the run has lasted at the local moment `now`, on the server's clock; null before it started. */
export const runElapsedMs = (snapshot: GameSnapshot, receivedAt: number, now: number): number | null => {
  if (snapshot.startedAt === null) return null;
  const started = Date.parse(snapshot.startedAt);
  if (Number.isNaN(started)) return null;
  const end = snapshot.view?.ended?.at ?? serverNow(snapshot, receivedAt, now);
  return Math.max(0, end - started);
};
