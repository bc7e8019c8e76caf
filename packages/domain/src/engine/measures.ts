import type { ReadonlyContent } from '../scenario/readonly-content';
import type { Impact, MeasureCondition } from '../scenario/schema';
import { changed } from './run-state';
import { runIndex } from './time-allowance';
import { indexScenario, type IndexedMeasure, type ScenarioIndex } from './scenario-index';
import type { RunState } from './types';

/**
 * DESIGN 4 measures. A run stores each measure's value without the passing time; the auto-time
 * types add it when read: autoTimeIncrement (2) counts up and autoTimeDecrement (3) counts down
 * one per whole second since the start (until the end, once ended). Limits of kind Terminate (1)
 * and Limited (2) hold the value read within [min, max]; Warning (3) lets it pass.
 *
 * An impact on an auto-time measure applies to the value as read at that moment, limits included,
 * so a clock held at its limit moves back from there rather than from where the time alone would
 * have taken it.
 */

type Limits = NonNullable<IndexedMeasure['limits']>;

const clampsValue = (limits: IndexedMeasure['limits']): limits is Limits => limits !== null && limits.kind !== 3;

const withinLimits = (measure: IndexedMeasure, value: number): number => {
  const { limits } = measure;
  if (!clampsValue(limits)) return value;
  const above = limits.min === null ? value : Math.max(value, limits.min);
  return limits.max === null ? above : Math.min(above, limits.max);
};

/** Whole seconds the run has lasted at `at`: none before the start, none counted past its end. */
const elapsedSeconds = (state: RunState, at: number): number => {
  const until = state.ended === null ? at : Math.min(at, state.ended.at);
  return Math.max(0, Math.floor((until - state.startedAt) / 1000));
};

const timeShift = (measure: IndexedMeasure, seconds: number): number => (measure.type === 2 ? seconds : measure.type === 3 ? -seconds : 0);

/** A measure's value at the start of a run: its initial value, within its limits. */
export const initialValue = (measure: IndexedMeasure): number => withinLimits(measure, measure.initial);

const storedValue = (state: RunState, measure: IndexedMeasure): number => state.measures[measure.id] ?? initialValue(measure);

const valueAfter = (measure: IndexedMeasure, stored: number, seconds: number): number =>
  withinLimits(measure, stored + timeShift(measure, seconds));

/** Every measure's value at `at` as stored in the state, with no limit of time settled (see settleRun). */
export const valuesAt = (index: ScenarioIndex, state: RunState, at: number): Record<string, number> => {
  const seconds = elapsedSeconds(state, at);
  const values: Record<string, number> = {};
  for (const measure of index.measures.values()) values[measure.id] = valueAfter(measure, storedValue(state, measure), seconds);
  return values;
};

/**
 * Whether a change moved a Terminate measure onto or past a limit: down onto its min or up onto its
 * max. A value that only sits at a limit (a countdown starting full, points starting at 0) does not.
 */
const reachesLimit = (limits: Limits, change: number, unclamped: number): boolean =>
  (change < 0 && limits.min !== null && unclamped <= limits.min) || (change > 0 && limits.max !== null && unclamped >= limits.max);

type ImpactResult = {
  readonly measures: Readonly<Record<string, number>>;
  /** the first measure whose Terminate limit an impact reached, which ends the run */
  readonly terminatedBy: string | null;
};

/**
 * DESIGN 4: applies impacts in order at `at`, each to the value as it reads then, kept within the
 * measure's limits. Impacts on measures the scenario does not have are ignored.
 */
export const applyImpacts = (index: ScenarioIndex, state: RunState, impacts: readonly Impact[], at: number): ImpactResult => {
  if (impacts.length === 0) return { measures: state.measures, terminatedBy: null };
  const seconds = elapsedSeconds(state, at);
  const measures: Record<string, number> = { ...state.measures };
  let terminatedBy: string | null = null;
  for (const impact of impacts) {
    const measure = index.measures.get(impact.measureId);
    if (!measure) continue;
    const shift = timeShift(measure, seconds);
    const unclamped = valueAfter(measure, measures[measure.id] ?? initialValue(measure), seconds) + impact.value;
    measures[measure.id] = withinLimits(measure, unclamped) - shift;
    if (terminatedBy === null && measure.limits?.kind === 1 && reachesLimit(measure.limits, impact.value, unclamped)) {
      terminatedBy = measure.id;
    }
  }
  return { measures, terminatedBy };
};

/**
 * The moment passing time takes a Terminate measure onto its limit: the first whole second, one
 * at the earliest, at which the clock reads its max (counting up) or its min (counting down).
 */
const timedLimitMoment = (state: RunState, measure: IndexedMeasure): number | null => {
  const { limits } = measure;
  if (limits === null) return null;
  const stored = storedValue(state, measure);
  const seconds =
    measure.type === 2 && limits.max !== null
      ? Math.ceil(limits.max - stored)
      : measure.type === 3 && limits.min !== null
        ? Math.ceil(stored - limits.min)
        : null;
  return seconds === null ? null : state.startedAt + Math.max(1, seconds) * 1000;
};

/**
 * DESIGN 4 Terminate limits reached by time: a run whose auto-time measure reached its Terminate
 * limit by `now` ends at the moment it was reached (the earliest, should several be). A run
 * already ended, or whose limits are not reached yet, is returned as it is.
 */
export const settle = (index: ScenarioIndex, state: RunState, now: number): RunState => {
  if (state.ended !== null) return state;
  let ending: { at: number; measureId: string } | null = null;
  for (const measure of index.timedTerminations) {
    const at = timedLimitMoment(state, measure);
    if (at !== null && at <= now && (ending === null || at < ending.at)) ending = { at, measureId: measure.id };
  }
  return ending === null ? state : changed(state, { ended: { at: ending.at, reason: 'terminated', measureId: ending.measureId } });
};

/** Whether a run of the scenario can end by time alone: it has a clock with a Terminate limit. */
export const canEndByTime = (content: ReadonlyContent): boolean => indexScenario(content).timedTerminations.length > 0;

/** The run as it stands at `now`: ended there if an auto-time Terminate limit was reached by then. */
export const settleRun = (content: ReadonlyContent, state: RunState, now: number): RunState => settle(runIndex(content, state), state, now);

/**
 * Every measure's value at `now`: the stored value, plus or minus the whole seconds elapsed for
 * the auto-time types (up to the end, once ended, or to where a Terminate limit of time stopped
 * the run), within the limits of kind Limited and Terminate.
 */
export const measureValues = (content: ReadonlyContent, state: RunState, now: number): Record<string, number> => {
  const index = runIndex(content, state);
  return valuesAt(index, settle(index, state, now), now);
};

const holdsFor = (value: number, operator: MeasureCondition['operator'], bound: number): boolean => {
  // A switch rather than a table of functions: conditions are judged for many items on every view.
  switch (operator) {
    case '<':
      return value < bound;
    case '<=':
      return value <= bound;
    case '=':
      return value === bound;
    case '>=':
      return value >= bound;
    case '>':
      return value > bound;
  }
};

/** The first measure condition that does not hold; a condition on a measure the scenario lacks is ignored, as impacts are. */
export const failedCondition = (
  conditions: readonly MeasureCondition[],
  values: Readonly<Record<string, number>>,
): MeasureCondition | undefined => {
  for (const condition of conditions) {
    const value = values[condition.measureId];
    if (value !== undefined && !holdsFor(value, condition.operator, condition.value)) return condition;
  }
  return undefined;
};
