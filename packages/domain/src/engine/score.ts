import type { ReadonlyContent } from '../scenario/readonly-content';
import { settle, valuesAt } from './measures';
import { indexScenario } from './scenario-index';
import type { RankedEntry, RunScore, RunState, ScoredItem } from './types';

const named = (item: { readonly id: string; readonly name: string }): ScoredItem => ({ id: item.id, name: item.name || item.id });

/**
 * DESIGN 4 score of a run: every measure at the end (or at `now` while it runs; a run past an
 * auto-time Terminate limit counts to that moment), the `points` measure, the time taken, what was
 * done, how it matches the answer key, and the key's verdict item by item: the required actions
 * missed, the unnecessary and harmful actions run, each conclusion confirmed right or wrong. The
 * answer is correct when the key expects at least one conclusion and exactly the expected
 * conclusions were confirmed: a key without conclusions has no correct answer to give.
 */
export const runScore = (content: ReadonlyContent, state: RunState, now: number): RunScore => {
  const index = indexScenario(content);
  const run = settle(index, state, now);
  const end = run.ended?.at ?? now;
  const measures = valuesAt(index, run, end);
  const expectedActions = new Set(content.answers.actions);
  const expectedConclusions = new Set(content.answers.conclusions);
  const conclusionsMatched = run.confirmed.filter((id) => expectedConclusions.has(id)).length;
  const ran = new Set(run.ran);
  const confirmed = new Set(run.confirmed);
  const unnecessary = new Set(content.answers.unnecessaryActions);
  const harmful = new Set(content.answers.harmfulActions);
  return {
    measures,
    points: measures.points ?? null,
    durationMs: Math.max(0, end - run.startedAt),
    actionsRun: run.ran.length,
    conclusionsConfirmed: run.confirmed,
    answers: {
      actionsMatched: run.ran.filter((id) => expectedActions.has(id)).length,
      actionsExpected: expectedActions.size,
      conclusionsMatched,
      conclusionsExpected: expectedConclusions.size,
      correct:
        expectedConclusions.size > 0 && conclusionsMatched === expectedConclusions.size && conclusionsMatched === run.confirmed.length,
    },
    feedback: {
      requiredActionsMissed: content.actions.filter((action) => expectedActions.has(action.id) && !ran.has(action.id)).map(named),
      unnecessaryActionsRun: content.actions.filter((action) => unnecessary.has(action.id) && ran.has(action.id)).map(named),
      harmfulActionsRun: content.actions.filter((action) => harmful.has(action.id) && ran.has(action.id)).map(named),
      conclusionsConfirmed: content.conclusions
        .filter((conclusion) => confirmed.has(conclusion.id))
        .map((conclusion) => ({ ...named(conclusion), correct: expectedConclusions.has(conclusion.id) })),
      correctConclusions: content.conclusions.filter((conclusion) => expectedConclusions.has(conclusion.id)).map(named),
    },
  };
};

/** SPEC 9 measure types where less is better: money (1), time (4) and the time counted up (2). */
const lowerIsBetter = new Set([1, 2, 4]);

type Comparison = (a: RunScore, b: RunScore) => number;

// A missing value (a measure added after the run, or no points) ranks below any value.
const byValue =
  (read: (score: RunScore) => number | null | undefined, lowerFirst: boolean): Comparison =>
  (a, b) => {
    const x = read(a);
    const y = read(b);
    if (x === y) return 0;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    return lowerFirst ? x - y : y - x;
  };

/** Where a criterion reads a run's score: a measure's value, the points, or the time taken. */
export type ScoreField = { readonly measure: string } | 'points' | 'durationMs';

/** One ranking criterion: the value compared and its better direction. */
export type ScoreCriterion = { readonly field: ScoreField; readonly label: string; readonly lowerFirst: boolean };

/**
 * DESIGN 4 ranking criteria, in order: the measures that have a scoreOrder, lowest scoreOrder
 * first, each in its better direction (lower for money, time and the time counted up, higher for
 * the rest); a scenario scoring no measure ranks by points (higher first), then by time taken
 * (shorter first). The first criterion is the scenario's score.
 */
export const scoreCriteria = (content: ReadonlyContent): ScoreCriterion[] => {
  const scored = content.measures
    .filter((measure) => measure.scoreOrder !== null)
    .toSorted((a, b) => (a.scoreOrder ?? 0) - (b.scoreOrder ?? 0));
  return scored.length > 0
    ? scored.map((measure) => ({
        field: { measure: measure.id },
        label: measure.name || measure.id,
        lowerFirst: lowerIsBetter.has(measure.type),
      }))
    : [
        { field: 'points', label: 'Points', lowerFirst: false },
        { field: 'durationMs', label: 'Time taken', lowerFirst: true },
      ];
};

/** A criterion's value in a run's score; undefined when the run has none (a measure added since). */
export const scoreValue = (score: RunScore, field: ScoreField): number | null | undefined =>
  typeof field === 'string' ? score[field] : score.measures[field.measure];

/**
 * DESIGN 4 ranking by `scoreCriteria`. Entries equal on every criterion share a rank and the next
 * rank skips (1, 1, 3); equal entries keep their order.
 */
export const rankRuns = <T extends { readonly score: RunScore }>(content: ReadonlyContent, entries: readonly T[]): RankedEntry<T>[] => {
  const criteria: Comparison[] = scoreCriteria(content).map((criterion) =>
    byValue((score) => scoreValue(score, criterion.field), criterion.lowerFirst),
  );
  const compare: Comparison = (a, b) => {
    for (const criterion of criteria) {
      const order = criterion(a, b);
      if (order !== 0) return order;
    }
    return 0;
  };
  const sorted = entries.toSorted((a, b) => compare(a.score, b.score));
  const ranked: RankedEntry<T>[] = [];
  for (const [position, entry] of sorted.entries()) {
    const previous = ranked[position - 1];
    const rank = previous !== undefined && compare(previous.score, entry.score) === 0 ? previous.rank : position + 1;
    ranked.push({ ...entry, rank });
  }
  return ranked;
};
