import type { GameSnapshot } from '@resim/contracts';
import { LimitKind, MeasureType, type MeasureView } from '@resim/domain';

/**
 * The engine counts auto-time measures in seconds of the run (an initial value of 600 is ten
 * minutes); the view gives their value at the server's time, and the player moves them on
 * locally between snapshots.
 */
export const autoTimeUnitMs = 1000;

const directionOf = (type: number): number =>
  type === MeasureType.autoTimeIncrement ? 1 : type === MeasureType.autoTimeDecrement ? -1 : 0;

const clamps = (kind: number | null): boolean => kind === LimitKind.finite || kind === LimitKind.finiteWithTermination;

/**
 * A measure as it stands `elapsedMs` after its snapshot: auto-time measures count up or down,
 * stop at a Limited or Terminate limit, and mark a limit reached (or a Warning limit passed)
 * as the engine does. Other measures only change with the learner's events.
 */
export const tickMeasure = (measure: MeasureView, elapsedMs: number): MeasureView => {
  const direction = directionOf(measure.type);
  if (direction === 0 || elapsedMs <= 0) return measure;
  let value = measure.value + (direction * elapsedMs) / autoTimeUnitMs;
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

/**
 * How long the run has lasted at the local moment `now`, on the server's clock: the snapshot's
 * server time plus what passed here since it arrived. Null before the run has started.
 */
export const runElapsedMs = (snapshot: GameSnapshot, receivedAt: number, now: number): number | null => {
  if (snapshot.startedAt === null) return null;
  const started = Date.parse(snapshot.startedAt);
  if (Number.isNaN(started)) return null;
  const end = snapshot.view?.ended?.at ?? snapshot.serverTime + Math.max(0, now - receivedAt);
  return Math.max(0, end - started);
};
