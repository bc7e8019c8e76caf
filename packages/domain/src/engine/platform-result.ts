import type { ReadonlyContent } from '../scenario/readonly-content';
import type { RunScore } from './types';

/**
 * The most points a run can hold: the points measure's start plus every gain an action, a
 * conclusion or the hint can bring (the engine applies no info's impact), within the measure's max
 * when a limit holds it there. An upper
 * bound, not a path: requirements and limits may keep a learner from taking every gain in one run.
 * Null when the scenario keeps no points, or points that grow with time without a max.
 */
export const pointsCeiling = (content: ReadonlyContent): number | null => {
  const points = content.measures.find((measure) => measure.id === 'points');
  if (!points) return null;
  const limits = points.limits && points.limits.kind !== 3 ? points.limits : null;
  const max = limits?.max ?? null;
  // Points that count up by the second (an auto-time measure) have no ceiling but their max.
  if (points.type === 2) return max;
  let total = limits?.min != null ? Math.max(points.initial, limits.min) : points.initial;
  const items = [...content.actions, ...content.conclusions, ...(content.hint ? [content.hint] : [])];
  for (const item of items) for (const impact of item.impact) if (impact.measureId === 'points' && impact.value > 0) total += impact.value;
  return max === null ? total : Math.min(total, max);
};

/** What a learning platform's gradebook is told of an ended run. */
export type PlatformResult = {
  /** the points held at the end, or null when the scenario keeps none */
  readonly points: number | null;
  /** the points ceiling the points are out of */
  readonly maximum: number | null;
  /** points over the ceiling, within 0 and 1 */
  readonly scaled: number | null;
  /** the answer key's verdict: null when the key names no diagnosis */
  readonly passed: boolean | null;
};

export const platformResult = (score: Pick<RunScore, 'points' | 'answers'>, ceiling: number | null): PlatformResult => {
  const scaled =
    score.points !== null && ceiling !== null && ceiling > 0
      ? Math.round(Math.min(1, Math.max(0, score.points / ceiling)) * 10_000) / 10_000
      : null;
  return {
    points: score.points,
    maximum: ceiling,
    scaled,
    passed: score.answers.conclusionsExpected > 0 ? score.answers.correct : null,
  };
};
