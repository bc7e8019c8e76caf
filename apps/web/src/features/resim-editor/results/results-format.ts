/** A run's time taken as minutes and seconds ('1:05'); minutes grow past an hour rather than wrap. */
export const formatDuration = (ms: number | null): string => {
  if (ms === null || ms < 0) return '–';
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** Points as a figure: whole numbers as they are, averages to one decimal, none as a dash. */
export const formatPoints = (points: number | null): string =>
  points === null ? '–' : Number.isInteger(points) ? String(points) : points.toFixed(1);

/** The most points a run of a version can reach, as the checker knows it: exactly, at most or at least. */
export const formatMostPoints = (most: { readonly value: number; readonly kind: 'exact' | 'atMost' | 'atLeast' }): string =>
  most.kind === 'exact' ? formatPoints(most.value) : `${most.kind === 'atMost' ? 'at most' : 'at least'} ${formatPoints(most.value)}`;

/** Where a learner's run stands: joined only, started and playing, ended, or taken out by the host. */
export const runStage = (learner: {
  readonly startedAt: string | null;
  readonly endedAt: string | null;
  readonly endReason: string | null;
}) =>
  learner.endReason === 'removed'
    ? ({ label: 'Removed', color: 'red' } as const)
    : learner.endedAt !== null
      ? ({ label: 'Ended', color: 'gray' } as const)
      : learner.startedAt !== null
        ? ({ label: 'Started', color: 'green' } as const)
        : ({ label: 'Joined', color: 'yellow' } as const);

/** How many of the runs the pass mark has judged passed, and how many it judged; null when it judged none. */
export const passRate = (learners: readonly { readonly verdict: { readonly passed: boolean } | null }[]) => {
  const judged = learners.flatMap((learner) => (learner.verdict ? [learner.verdict] : []));
  return judged.length === 0 ? null : { passed: judged.filter((verdict) => verdict.passed).length, judged: judged.length };
};

/** The pass mark's verdict as a badge says it. */
export const verdictLabel = (verdict: { readonly passed: boolean }) =>
  verdict.passed ? ({ label: 'Passed', color: 'teal' } as const) : ({ label: 'Failed', color: 'red' } as const);
