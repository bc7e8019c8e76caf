/**
 * Classical item analysis of an exam's items over the learners who sat it: each item's facility
 * and discrimination, and the whole test's reliability (KR-20) with its standard error of
 * measurement. Pure: scores in, statistics out. Each learner answers each item right (1) or not (0).
 */

/** A statistic, or why it cannot be given: too few learners, or nothing varies to measure. */
export type Statistic = { readonly value: number; readonly reason: null } | { readonly value: null; readonly reason: string };

export type ItemFlag = 'too easy' | 'too hard' | 'does not discriminate';

export type ItemStatistics = {
  readonly id: string;
  /** the share of learners right on it */
  readonly facility: Statistic;
  /** the correlation of the item with the rest of the score (the score without this item) */
  readonly pointBiserial: Statistic;
  /** the share right in the top 27 % by score less the share right in the bottom 27 % */
  readonly upperLower: Statistic;
  readonly flags: readonly ItemFlag[];
};

export type ItemAnalysis = {
  readonly learners: number;
  readonly items: readonly ItemStatistics[];
  /** KR-20, Cronbach's alpha for right-or-wrong items */
  readonly kr20: Statistic;
  /** in points (items right), the spread of a learner's score around their true score */
  readonly standardError: Statistic;
};

/** Facility above this flags an item nearly everyone gets right. */
export const easyAbove = 0.9;
/** Facility below this flags an item nearly nobody gets right. */
export const hardBelow = 0.2;
/** Discrimination below this flags an item that does not tell stronger learners from weaker ones. */
export const discriminationBelow = 0.2;
/** The share of learners in each of the upper and lower groups (Kelley's 27 %). */
export const groupShare = 0.27;

const known = (value: number): Statistic => ({ value, reason: null });
const unknown = (reason: string): Statistic => ({ value: null, reason });

const notEnoughLearners = (learners: number) =>
  unknown(`not enough data: ${learners === 0 ? 'no learner has' : 'only one learner has'} answered`);

/** Pearson's correlation of two series, or null when either does not vary. */
const correlation = (xs: readonly number[], ys: readonly number[]): number | null => {
  const n = xs.length;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < n; i++) {
    sx += xs[i]!;
    sy += ys[i]!;
  }
  const mx = sx / n;
  const my = sy / n;
  let cov = 0;
  let vx = 0;
  let vy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    cov += dx * dy;
    vx += dx * dx;
    vy += dy * dy;
  }
  return vx === 0 || vy === 0 ? null : cov / Math.sqrt(vx * vy);
};

/**
 * `answers[learner][item]` is 1 when the learner got the item right, else 0; `itemIds` names the
 * items in the same order. Learners are ranked for the upper and lower groups by their total,
 * highest first, ties in the order given.
 */
export const analyseItems = (itemIds: readonly string[], answers: readonly (readonly number[])[]): ItemAnalysis => {
  const n = answers.length;
  const k = itemIds.length;
  const totals = answers.map((row) => row.reduce((sum, x) => sum + (x ? 1 : 0), 0));
  const mean = n === 0 ? 0 : totals.reduce((a, b) => a + b, 0) / n;
  const variance = n === 0 ? 0 : totals.reduce((sum, t) => sum + (t - mean) ** 2, 0) / n;

  const group = Math.max(1, Math.round(groupShare * n));
  const ranked = totals.map((total, index) => ({ total, index })).sort((a, b) => b.total - a.total || a.index - b.index);
  const upper = ranked.slice(0, group).map((learner) => learner.index);
  const lower = ranked.slice(n - group).map((learner) => learner.index);

  let sumPq = 0;
  const items = itemIds.map((id, j): ItemStatistics => {
    const column = answers.map((row): number => (row[j] ? 1 : 0));
    const right = column.reduce((a, b) => a + b, 0);
    if (n < 2)
      return {
        id,
        facility: n === 1 ? known(right) : notEnoughLearners(n),
        pointBiserial: notEnoughLearners(n),
        upperLower: notEnoughLearners(n),
        flags: [],
      };
    const p = right / n;
    sumPq += p * (1 - p);
    const rest = totals.map((total, i) => total - column[i]!);
    const r = correlation(column, rest);
    const pointBiserial =
      r !== null
        ? known(r)
        : unknown(
            p === 1 || p === 0
              ? `not enough data: every learner got it ${p === 1 ? 'right' : 'wrong'}, so it cannot discriminate`
              : 'not enough data: the rest of the score is the same for every learner',
          );
    const upperRight = upper.reduce((sum, i) => sum + column[i]!, 0);
    const lowerRight = lower.reduce((sum, i) => sum + column[i]!, 0);
    const flags: ItemFlag[] = [];
    if (p > easyAbove) flags.push('too easy');
    if (p < hardBelow) flags.push('too hard');
    if (pointBiserial.value === null || pointBiserial.value < discriminationBelow) flags.push('does not discriminate');
    return { id, facility: known(p), pointBiserial, upperLower: known((upperRight - lowerRight) / group), flags };
  });

  const kr20 =
    n < 2
      ? notEnoughLearners(n)
      : k < 2
        ? unknown('not enough data: reliability needs at least two items')
        : variance === 0
          ? unknown('not enough data: every learner has the same score')
          : known((k / (k - 1)) * (1 - sumPq / variance));
  const standardError = kr20.value === null ? kr20 : known(Math.sqrt(variance) * Math.sqrt(Math.max(0, 1 - kr20.value)));
  return { learners: n, items, kr20, standardError };
};
