import type { PointsExtreme } from '../checker/types';
import type { ReadonlyContent } from '../scenario/readonly-content';
import type { PassThreshold } from '../scenario/schema';

/** The most points a run of a version can end with, in the checker's words: exactly, at most (a bound) or at least (a run found). */
export type MostPoints = { readonly value: number; readonly kind: 'exact' | 'atMost' | 'atLeast' };

export const mostPointsOf = (max: PointsExtreme): MostPoints =>
  max.exact
    ? { value: max.found.value, kind: 'exact' }
    : max.bound === null
      ? { value: max.found.value, kind: 'atLeast' }
      : { value: max.bound, kind: 'atMost' };

type Named = { readonly id: string; readonly name: string };

/**
 * What a version's pass mark judges a run by, worked out once per version: the threshold, the
 * most points reachable for a share, and, when the musts count, the required and harmful actions
 * by name.
 */
export type PassMarking = {
  readonly threshold: PassThreshold;
  readonly mostPoints: MostPoints | null;
  readonly mustDo: boolean;
  readonly required: readonly Named[];
  readonly harmful: readonly Named[];
};

/** What of a run the verdict reads: whether it ended, its points and the actions it ran. */
export type JudgedRun = { readonly ended: boolean; readonly points: number | null; readonly ran: readonly string[] };

export type RunVerdict = { readonly passed: boolean; readonly reasons: readonly string[] };

const named = (item: Named): Named => ({ id: item.id, name: item.name || item.id });

/**
 * The pass mark of a version as a marking, with the most points its runs can reach (the checker's
 * figure, for a share); null when the version asks for no pass mark.
 */
export const passMarking = (content: ReadonlyContent, mostPoints: MostPoints | null): PassMarking | null => {
  const { threshold, mustDo } = content.passMark;
  if (threshold.kind === 'none' && !mustDo) return null;
  const marked = (ids: readonly string[]) => {
    const listed = new Set(ids);
    return mustDo ? content.actions.filter((action) => listed.has(action.id)).map(named) : [];
  };
  return { threshold, mostPoints, mustDo, required: marked(content.answers.actions), harmful: marked(content.answers.harmfulActions) };
};

/** A number as an examiner reads it: whole, or to two decimals at most. */
const figure = (value: number): string => String(Math.round(value * 100) / 100);

const pointsWord = (value: number): string => `${figure(value)} ${Math.abs(value) === 1 ? 'point' : 'points'}`;

const reachable = (most: MostPoints): string =>
  most.kind === 'exact'
    ? `the most reachable ${pointsWord(most.value)}`
    : most.kind === 'atMost'
      ? `the most reachable, at most ${pointsWord(most.value)}`
      : `the most reachable, at least ${pointsWord(most.value)}`;

/** The threshold's part of the verdict: whether the points reach it, and the words saying so. */
const thresholdVerdict = (threshold: PassThreshold, mostPoints: MostPoints | null, points: number | null): RunVerdict | null => {
  if (threshold.kind === 'none') return null;
  if (threshold.kind === 'points') {
    const needed = threshold.points;
    const passed = points !== null && points >= needed;
    return { passed, reasons: [`${points === null ? 'No points' : pointsWord(points)} scored (${figure(needed)} needed)`] };
  }
  if (mostPoints === null)
    return {
      passed: false,
      reasons: [`${figure(threshold.percent)} % of the most reachable points needed, but this version keeps no points`],
    };
  const needed = (threshold.percent / 100) * mostPoints.value;
  // Compared in hundredths, so 70 % of 40 asks 28 and not 28.000000000000004.
  const passed = points !== null && points * 100 >= threshold.percent * mostPoints.value;
  const share = points === null || mostPoints.value <= 0 ? '' : ` (${Math.round((points / mostPoints.value) * 100)} %)`;
  return {
    passed,
    reasons: [
      `${figure(threshold.percent)} % of ${reachable(mostPoints)} needed (${figure(needed)}); scored ${points === null ? 'no points' : `${figure(points)}${share}`}`,
    ],
  };
};

/**
 * The pass mark's verdict on a run: passed when its points reach the threshold and, when the musts
 * count, it ran every required action and no harmful one. The reasons say the points against the
 * threshold, then each required action missed and each harmful action run. Null while the run goes
 * on, or when there is no pass mark.
 */
export const runVerdict = (marking: PassMarking | null, run: JudgedRun): RunVerdict | null => {
  if (marking === null || !run.ended) return null;
  const ran = new Set(run.ran);
  const points = thresholdVerdict(marking.threshold, marking.mostPoints, run.points);
  const missed = marking.required.filter((action) => !ran.has(action.id));
  const harmful = marking.harmful.filter((action) => ran.has(action.id));
  return {
    passed: (points?.passed ?? true) && missed.length === 0 && harmful.length === 0,
    reasons: [
      ...(points?.reasons ?? []),
      ...missed.map((action) => `Required test “${action.name}” was not run`),
      ...harmful.map((action) => `Harmful test “${action.name}” was run`),
      ...(marking.mustDo && missed.length === 0 && harmful.length === 0 ? ['Every required test was run and no harmful one'] : []),
    ],
  };
};

/** The threshold in words, for the editor's history and the results: "30 points", "70 % of the most reachable points". */
export const describeThreshold = (threshold: PassThreshold): string =>
  threshold.kind === 'none'
    ? 'none'
    : threshold.kind === 'points'
      ? pointsWord(threshold.points)
      : `${figure(threshold.percent)} % of the most reachable points`;
