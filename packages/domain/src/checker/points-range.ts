import { initialValue, valuesAt } from '../engine/measures';
import type { ScenarioIndex } from '../engine/scenario-index';
import type { Reachable } from './reachability';
import { climb, stepsTo, timeMatters, type RunSearch, type SearchedRun } from './run-search';
import type { CheckFigures, PointsExtreme } from './types';

const pointsOf = (index: ScenarioIndex, run: SearchedRun): number => valuesAt(index, run.state, 0).points ?? 0;

/**
 * What no run's points can pass, from the items a run can ever reach: the start plus every gain
 * (or loss) of the reachable actions, of as many conclusions as a run may confirm and of the hint,
 * held within the measure's limits. A clamp only ever brings the value back towards the start, so
 * the sum bounds every order of steps. Points that a clock moves have no bound in that direction
 * but their limit.
 */
const pointsBounds = (index: ScenarioIndex, reachable: Reachable): { readonly most: number | null; readonly least: number | null } => {
  const points = index.measures.get('points')!;
  const clamps = points.limits !== null && points.limits.kind !== 3 ? points.limits : null;
  const change = (impacts: readonly { readonly measureId: string; readonly value: number }[], sign: 1 | -1) =>
    impacts.reduce((sum, impact) => (impact.measureId === 'points' && impact.value * sign > 0 ? sum + impact.value : sum), 0);
  const { content } = index;
  const hint = content.mode !== 4 && content.hint && content.hint.text.trim() !== '' ? content.hint.impact : [];
  const bound = (sign: 1 | -1): number => {
    let total = initialValue(points) + change(hint, sign);
    for (const id of reachable.actions) total += change(index.actions.get(id)!.impact, sign);
    const conclusions = [...reachable.conclusions].map((id) => change(index.conclusions.get(id)!.impact, sign));
    conclusions.sort((a, b) => (b - a) * sign);
    for (const value of conclusions.slice(0, content.maxConclusions)) total += value;
    return total;
  };
  const most = points.type === 2 ? null : bound(1);
  const least = points.type === 3 ? null : bound(-1);
  return {
    most: clamps?.max != null ? (most === null ? clamps.max : Math.min(most, clamps.max)) : most,
    least: clamps?.min != null ? (least === null ? clamps.min : Math.max(least, clamps.min)) : least,
  };
};

/**
 * The most and the least points a run can end with (SPEC 9's points measure): exactly, with a run
 * that reaches each, when the search saw every run and time cannot change them; otherwise the best
 * run found and the bound no run passes.
 */
export const pointsRange = (index: ScenarioIndex, reachable: Reachable, search: RunSearch): CheckFigures['points'] => {
  if (!index.measures.has('points')) return null;
  let best = search.start;
  let worst = search.start;
  for (const run of search.reached) {
    const value = pointsOf(index, run);
    if (value > pointsOf(index, best)) best = run;
    if (value < pointsOf(index, worst)) worst = run;
  }
  const exact = search.complete && !timeMatters(index.content);
  if (!search.complete) {
    const higher = climb(index.content, index, best, 1);
    const lower = climb(index.content, index, worst, -1);
    if (pointsOf(index, higher) > pointsOf(index, best)) best = higher;
    if (pointsOf(index, lower) < pointsOf(index, worst)) worst = lower;
  }
  const bounds = exact ? null : pointsBounds(index, reachable);
  const extreme = (run: SearchedRun, bound: number | null | undefined, side: 1 | -1): PointsExtreme => {
    const value = pointsOf(index, run);
    return {
      found: { value, steps: stepsTo(index, run) },
      // a run that reaches the bound shows it is the answer
      exact: exact || value === bound,
      // A bound summed in another order than the run's may differ from it in the last digit.
      bound: bound === undefined ? value : bound === null ? null : side === 1 ? Math.max(bound, value) : Math.min(bound, value),
    };
  };
  return { max: extreme(best, bounds?.most, 1), min: extreme(worst, bounds?.least, -1) };
};
