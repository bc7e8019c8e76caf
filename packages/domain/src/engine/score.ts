import type { ReadonlyContent } from '../scenario/readonly-content';
import { settle, valuesAt } from './measures';
import { runIndex } from './time-allowance';
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
  const index = runIndex(content, state);
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
  const { order, ranks } = rankScores(
    content,
    entries.map((entry) => entry.score),
  );
  return order.map((index) => ({ ...entries[index]!, rank: ranks[index]! }));
};

/**
 * The ranking of `rankRuns` as positions: `order` lists the scores' indexes best first, `ranks`
 * gives each score's rank by its index. A session of thousands is ranked at its Stop: each score's
 * values are read once, and nothing is made per score but its place.
 */
/** A criterion's value as a number where lower ranks first; a score without one, last. */
const rankKey = (criterion: ScoreCriterion, score: RunScore): number => {
  const value = scoreValue(score, criterion.field);
  return value === null || value === undefined ? Infinity : criterion.lowerFirst ? value : -value;
};

export const rankScores = (content: ReadonlyContent, scores: readonly RunScore[]): { order: number[]; ranks: Uint32Array } => {
  const criteria = scoreCriteria(content);
  const width = criteria.length;
  const keys = new Float64Array(scores.length * width);
  for (let index = 0; index < scores.length; index += 1)
    for (let at = 0; at < width; at += 1) keys[index * width + at] = rankKey(criteria[at]!, scores[index]!);
  const compare = (a: number, b: number): number => {
    for (let at = 0; at < width; at += 1) {
      const x = keys[a * width + at]!;
      const y = keys[b * width + at]!;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };
  const order = Array.from(scores.keys()).sort((a, b) => compare(a, b) || a - b);
  const ranks = new Uint32Array(scores.length);
  for (let position = 0; position < order.length; position += 1) {
    const index = order[position]!;
    const previous = position > 0 ? order[position - 1]! : -1;
    ranks[index] = previous >= 0 && compare(previous, index) === 0 ? ranks[previous]! : position + 1;
  }
  return { order, ranks };
};

/**
 * The rank `rankScores` would give `score` ranked with `others`: one more than how many of them are
 * better on the criteria (an equal one shares its rank). A run ending in a session of thousands is
 * placed among the others' scores of a moment before, without scoring and sorting them again.
 */
export const rankAmong = (content: ReadonlyContent, others: Iterable<RunScore>, score: RunScore): number => {
  const criteria = scoreCriteria(content);
  const own = criteria.map((criterion) => rankKey(criterion, score));
  let better = 0;
  for (const other of others)
    for (let at = 0; at < criteria.length; at += 1) {
      const key = rankKey(criteria[at]!, other);
      if (key !== own[at]) {
        if (key < own[at]!) better += 1;
        break;
      }
    }
  return better + 1;
};

/**
 * A run's diagnosis by name (an id the scenario has lost stays as it is) and the answer key's
 * verdict on it: null while the run goes on, or when the key names no conclusion.
 */
export const runDiagnosis = (
  content: Pick<ReadonlyContent, 'conclusions'>,
  score: Pick<RunScore, 'conclusionsConfirmed' | 'answers'> | null,
  ended: boolean,
): { readonly diagnosis: string[]; readonly answerKey: 'right' | 'wrong' | null } => {
  const names = new Map(content.conclusions.map((conclusion) => [conclusion.id, conclusion.name || conclusion.id]));
  const judged = ended && score !== null && score.answers.conclusionsExpected > 0;
  return {
    diagnosis: (score?.conclusionsConfirmed ?? []).map((id) => names.get(id) ?? id),
    answerKey: judged ? (score.answers.correct ? 'right' : 'wrong') : null,
  };
};
