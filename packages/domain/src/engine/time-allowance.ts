import type { ReadonlyContent } from '../scenario/readonly-content';
import { SimulationMode } from '../scenario/vocabulary';
import { indexScenario, type IndexedMeasure, type ScenarioIndex } from './scenario-index';
import type { RunState, TimeAllowance } from './types';

/**
 * Accommodations as the engine applies them: a run's time allowance, recorded in its state at its
 * start, moves every limit of time the scenario sets (the auto-time clocks and the time measures)
 * by the extra time, or lifts them all when the run is untimed. Other measures are never touched.
 */

const secondsPer = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 } as const;

const isTimeType = (type: number): boolean => type === 2 || type === 3 || type === 4;

/** A limit that holds or ends a run: Limited or Terminate (a Warning only marks). */
const holds = (measure: IndexedMeasure): boolean => measure.limits !== null && measure.limits.kind !== 3;

/** The extra a limit `span` away from the start gets, in the measure's own unit. */
const extraFor = (allowance: TimeAllowance, measure: IndexedMeasure, span: number): number => {
  const unit = measure.type === 4 ? secondsPer[measure.timeUnit] : 1;
  return (Math.max(0, span) * allowance.extraPercent) / 100 + allowance.extraSeconds / unit;
};

/**
 * A time measure as a run with `allowance` plays it. Untimed: no limit at all (the time is still
 * counted and shown). Extra time: a clock counting up (2) and a time measure's maximum (4) move up
 * by the extra; a clock counting down (3) starts higher, its maximum with it, so the learner sees
 * the time they have; a time measure's minimum moves down by the extra its own span gives.
 */
export const allowedMeasure = (measure: IndexedMeasure, allowance: TimeAllowance): IndexedMeasure => {
  if (!isTimeType(measure.type) || !holds(measure)) return measure;
  const limits = measure.limits!;
  if (allowance.untimed) return { ...measure, limits: null };
  const { min, max } = limits;
  switch (measure.type) {
    case 2:
      return max === null ? measure : { ...measure, limits: { ...limits, max: max + extraFor(allowance, measure, max - measure.initial) } };
    case 3: {
      if (min === null) return measure;
      const extra = extraFor(allowance, measure, measure.initial - min);
      return { ...measure, initial: measure.initial + extra, limits: { ...limits, max: max === null ? null : max + extra } };
    }
    default:
      return {
        ...measure,
        limits: {
          ...limits,
          min: min === null ? null : min - extraFor(allowance, measure, measure.initial - min),
          max: max === null ? null : max + extraFor(allowance, measure, max - measure.initial),
        },
      };
  }
};

/** Whether an allowance changes nothing: no extra time and timed. */
export const isStandardAllowance = (allowance: TimeAllowance | null | undefined): boolean =>
  !allowance || (!allowance.untimed && allowance.extraPercent <= 0 && allowance.extraSeconds <= 0);

/**
 * The allowance a run starts with: the learner's accommodation, and untimed for everyone when the
 * author set a Training or Offline scenario so. Null when the run is played as the scenario sets it.
 */
export const startingAllowance = (content: ReadonlyContent, accommodation: TimeAllowance | null | undefined): TimeAllowance | null => {
  const untimedForAll =
    content.settings.untimed === true && (content.mode === SimulationMode.Training || content.mode === SimulationMode.Offline);
  const allowance = untimedForAll ? { untimed: true, extraPercent: 0, extraSeconds: 0 } : accommodation;
  return isStandardAllowance(allowance)
    ? null
    : { untimed: allowance!.untimed, extraPercent: allowance!.extraPercent, extraSeconds: allowance!.extraSeconds };
};

const adjusted = new WeakMap<ScenarioIndex, Map<string, ScenarioIndex>>();

const keyOf = (allowance: TimeAllowance): string => `${allowance.untimed ? 'u' : ''}${allowance.extraPercent}/${allowance.extraSeconds}`;

const buildAllowedIndex = (index: ScenarioIndex, allowance: TimeAllowance): ScenarioIndex => {
  const measures = new Map<string, IndexedMeasure>();
  for (const [id, measure] of index.measures) measures.set(id, allowedMeasure(measure, allowance));
  const timedTerminations = index.timedTerminations
    .map((measure) => measures.get(measure.id)!)
    .filter((measure) => measure.limits?.kind === 1);
  return { ...index, measures, timedTerminations };
};

/** The index a run is judged by: the scenario's own, with the run's allowance applied to its time measures. */
export const indexForAllowance = (index: ScenarioIndex, allowance: TimeAllowance | null | undefined): ScenarioIndex => {
  if (!allowance) return index;
  let byKey = adjusted.get(index);
  if (!byKey) {
    byKey = new Map();
    adjusted.set(index, byKey);
  }
  const key = keyOf(allowance);
  let found = byKey.get(key);
  if (!found) {
    found = buildAllowedIndex(index, allowance);
    byKey.set(key, found);
  }
  return found;
};

/** The index a run of `content` in `state` is judged by. */
export const runIndex = (content: ReadonlyContent, state: RunState): ScenarioIndex =>
  indexForAllowance(indexScenario(content), state.allowance);

/**
 * What a learner is told of their allowance: untimed, or how many seconds more than the standard
 * the longest of the scenario's clocks gives them (null when the scenario has no clock that ends or
 * holds a run, so extra time changes nothing they see).
 */
export const allowanceSummary = (
  content: ReadonlyContent,
  allowance: TimeAllowance | null | undefined,
): { readonly untimed: boolean; readonly extraSeconds: number | null } | null => {
  if (isStandardAllowance(allowance)) return null;
  if (allowance!.untimed) return { untimed: true, extraSeconds: null };
  const index = indexScenario(content);
  let most: number | null = null;
  for (const measure of index.measures.values()) {
    if ((measure.type !== 2 && measure.type !== 3) || !holds(measure)) continue;
    const allowed = allowedMeasure(measure, allowance!);
    const extra = measure.type === 2 ? (allowed.limits?.max ?? 0) - (measure.limits?.max ?? 0) : allowed.initial - measure.initial;
    if (most === null || extra > most) most = extra;
  }
  return { untimed: false, extraSeconds: most === null ? null : Math.round(most) };
};

/** A run's allowance for hosts and examiners: 'untimed', '+50 % time', '+25 min', '+50 % time and 10 min'; null for none. */
export const allowanceLabel = (allowance: TimeAllowance | null | undefined): string | null => {
  if (isStandardAllowance(allowance)) return null;
  if (allowance!.untimed) return 'untimed';
  const minutes = Math.round(allowance!.extraSeconds / 60);
  const percent = allowance!.extraPercent;
  if (percent > 0 && minutes > 0) return `+${percent} % time and ${minutes} min`;
  return percent > 0 ? `+${percent} % time` : `+${minutes} min`;
};
