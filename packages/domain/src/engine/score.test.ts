import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { content } from '../scenario/test/fixtures';
import { startRun } from './run';
import { rankAmong, rankRuns, runScore, scoreCriteria } from './score';
import { confirm, play, runAction } from './test/runs';
import type { RunScore } from './types';

const clinic = (extra: Record<string, unknown> = {}) =>
  content({
    actions: [
      { id: 'act1', name: 'Full blood count', impact: [{ measureId: 'points', value: 10 }] },
      { id: 'act2', name: 'Chest X-ray' },
      { id: 'act3', name: 'CT' },
    ],
    conclusions: [
      { id: 'conc1', name: 'Anaemia' },
      { id: 'conc2', name: 'Leukaemia' },
    ],
    measures: [
      { id: 'points', name: 'Points' },
      { id: 'measure1', name: 'Elapsed', type: 2 },
    ],
    answers: { actions: ['act1', 'act3'], conclusions: ['conc1'] },
    maxConclusions: 2,
    ...extra,
  });

describe('the score of a run (DESIGN 4)', () => {
  it('reads the measures, points and duration at the end, and matches the answer key', () => {
    const c = clinic();
    const state = play(c, [runAction('act1', 1_000), runAction('act2', 2_000), confirm(['conc1'], 3_000), { type: 'end', at: 4_500 }], 500);
    expect(runScore(c, state, 99_000)).toEqual({
      measures: { points: 10, measure1: 4 },
      points: 10,
      durationMs: 4_000,
      actionsRun: 2,
      conclusionsConfirmed: ['conc1'],
      answers: { actionsMatched: 1, actionsExpected: 2, conclusionsMatched: 1, conclusionsExpected: 1, correct: true },
      feedback: {
        requiredActionsMissed: [{ id: 'act3', name: 'CT' }],
        unnecessaryActionsRun: [],
        harmfulActionsRun: [],
        conclusionsConfirmed: [{ id: 'conc1', name: 'Anaemia', correct: true }],
        correctConclusions: [{ id: 'conc1', name: 'Anaemia' }],
      },
    });
  });

  it('teaches item by item: required actions missed, unnecessary and harmful ones run, conclusions right or wrong', () => {
    const c = clinic({
      actions: [
        { id: 'act1', name: 'Full blood count' },
        { id: 'act2', name: 'Chest X-ray' },
        { id: 'act3', name: 'CT' },
        { id: 'act4', name: 'Bone marrow biopsy' },
        { id: 'act5', name: 'Ferritin' },
      ],
      answers: { actions: ['act1', 'act5'], unnecessaryActions: ['act2', 'act3'], harmfulActions: ['act4'], conclusions: ['conc1'] },
    });
    const state = play(c, [runAction('act4', 1), runAction('act1', 2), runAction('act2', 3), confirm(['conc2', 'conc1'], 4)]);
    expect(runScore(c, state, 5).feedback).toEqual({
      requiredActionsMissed: [{ id: 'act5', name: 'Ferritin' }],
      unnecessaryActionsRun: [{ id: 'act2', name: 'Chest X-ray' }],
      harmfulActionsRun: [{ id: 'act4', name: 'Bone marrow biopsy' }],
      conclusionsConfirmed: [
        { id: 'conc1', name: 'Anaemia', correct: true },
        { id: 'conc2', name: 'Leukaemia', correct: false },
      ],
      correctConclusions: [{ id: 'conc1', name: 'Anaemia' }],
    });
  });

  it('reads a running run at now', () => {
    const c = clinic();
    expect(runScore(c, startRun(c, 0), 7_000)).toMatchObject({ measures: { points: 0, measure1: 7 }, durationMs: 7_000 });
  });

  it('is not correct with a conclusion too many or one missing', () => {
    const c = clinic({ answers: { actions: [], conclusions: ['conc1'] } });
    expect(runScore(c, play(c, [confirm(['conc1', 'conc2'], 1)]), 1).answers.correct).toBe(false);
    expect(runScore(c, startRun(c, 0), 1).answers.correct).toBe(false);
  });

  it('is never correct when the key expects no conclusion', () => {
    const c = clinic({ answers: { actions: ['act1'], conclusions: [] } });
    expect(runScore(c, play(c, [runAction('act1', 1)]), 1).answers).toEqual({
      actionsMatched: 1,
      actionsExpected: 1,
      conclusionsMatched: 0,
      conclusionsExpected: 0,
      correct: false,
    });
  });

  it('has no points without a points measure', () => {
    const c = clinic({ measures: [] });
    expect(runScore(c, startRun(c, 0), 0).points).toBeNull();
  });
});

const score = (measures: Record<string, number>, points: number | null = null, durationMs = 0): RunScore => ({
  measures,
  points,
  durationMs,
  actionsRun: 0,
  conclusionsConfirmed: [],
  answers: { actionsMatched: 0, actionsExpected: 0, conclusionsMatched: 0, conclusionsExpected: 0, correct: false },
  feedback: {
    requiredActionsMissed: [],
    unnecessaryActionsRun: [],
    harmfulActionsRun: [],
    conclusionsConfirmed: [],
    correctConclusions: [],
  },
});
const ranks = (ranked: readonly { name: string; rank: number }[]) => ranked.map(({ name, rank }) => `${rank} ${name}`);

describe('ranking runs (DESIGN 4)', () => {
  it('orders by the scored measures, lowest scoreOrder first, money and time lower first, the rest higher first', () => {
    const c = content({
      measures: [
        { id: 'measure1', name: 'Cost', type: 1, scoreOrder: 2 },
        { id: 'points', name: 'Points', type: 7, scoreOrder: 1 },
        { id: 'measure2', name: 'Ignored', type: 7 },
      ],
    });
    const entries = [
      { name: 'ann', score: score({ points: 10, measure1: 50, measure2: 0 }) },
      { name: 'bob', score: score({ points: 20, measure1: 90, measure2: 0 }) },
      { name: 'cid', score: score({ points: 10, measure1: 40, measure2: 9 }) },
    ];
    expect(ranks(rankRuns(c, entries))).toEqual(['1 bob', '2 cid', '3 ann']);
  });

  it.each([
    [1, ['1 low', '2 high']],
    [2, ['1 low', '2 high']],
    [3, ['1 high', '2 low']],
    [4, ['1 low', '2 high']],
    [5, ['1 high', '2 low']],
    [6, ['1 high', '2 low']],
    [7, ['1 high', '2 low']],
  ])('ranks measure type %i in its better direction', (type, expected) => {
    const c = content({ measures: [{ id: 'measure1', name: 'M', type, scoreOrder: 1 }] });
    const entries = [
      { name: 'high', score: score({ measure1: 9 }) },
      { name: 'low', score: score({ measure1: 1 }) },
    ];
    expect(ranks(rankRuns(c, entries))).toEqual(expected);
  });

  it('shares a rank between equal entries and skips the next', () => {
    const c = content({ measures: [{ id: 'points', name: 'Points', scoreOrder: 1 }] });
    const entries = ['a', 'b', 'c', 'd'].map((name, i) => ({ name, score: score({ points: [5, 9, 9, 1][i] ?? 0 }) }));
    expect(ranks(rankRuns(c, entries))).toEqual(['1 b', '1 c', '3 a', '4 d']);
  });

  it('without a scored measure, orders by points (higher first), then by time taken (shorter first)', () => {
    const c = content({ measures: [{ id: 'points', name: 'Points' }] });
    const entries = [
      { name: 'slow', score: score({}, 10, 9_000) },
      { name: 'none', score: score({}, null, 1_000) },
      { name: 'fast', score: score({}, 10, 3_000) },
      { name: 'best', score: score({}, 12, 9_999) },
    ];
    expect(ranks(rankRuns(c, entries))).toEqual(['1 best', '2 fast', '3 slow', '4 none']);
  });

  it('ranks a run missing a scored measure last', () => {
    const c = content({ measures: [{ id: 'points', name: 'Points', scoreOrder: 1 }] });
    const entries = [
      { name: 'new', score: score({}) },
      { name: 'old', score: score({ points: -5 }) },
    ];
    expect(ranks(rankRuns(c, entries))).toEqual(['1 old', '2 new']);
  });

  it('names its criteria in order: scored measures by scoreOrder, else points then time taken', () => {
    const scored = content({
      measures: [
        { id: 'measure1', name: 'Cost', type: 1, scoreOrder: 2 },
        { id: 'points', name: 'Points', type: 7, scoreOrder: 1 },
        { id: 'measure2', name: 'Ignored', type: 7 },
      ],
    });
    expect(scoreCriteria(scored)).toEqual([
      { field: { measure: 'points' }, label: 'Points', lowerFirst: false },
      { field: { measure: 'measure1' }, label: 'Cost', lowerFirst: true },
    ]);
    expect(scoreCriteria(content({ measures: [{ id: 'points', name: 'Points' }] }))).toEqual([
      { field: 'points', label: 'Points', lowerFirst: false },
      { field: 'durationMs', label: 'Time taken', lowerFirst: true },
    ]);
  });

  it('places one score among others as ranking them all together would, ties sharing a rank', () => {
    const value = fc.option(fc.integer({ min: -3, max: 3 }), { nil: undefined });
    const entry = fc.record({ points: value, measure1: value, durationMs: fc.integer({ min: 0, max: 2 }) });
    const scoreOf = (entry: { points: number | undefined; measure1: number | undefined; durationMs: number }) =>
      score(entry.measure1 === undefined ? {} : { measure1: entry.measure1 }, entry.points ?? null, entry.durationMs);
    const scenarios = [
      content({ measures: [{ id: 'points', name: 'Points' }] }),
      content({
        measures: [
          { id: 'points', name: 'Points', scoreOrder: 2 },
          { id: 'measure1', name: 'Cost', type: 1, scoreOrder: 1 },
        ],
      }),
    ];
    fc.assert(
      fc.property(fc.constantFrom(...scenarios), fc.array(entry, { maxLength: 12 }), entry, (c, others, own) => {
        const entries = [...others.map((other) => ({ name: 'other', score: scoreOf(other) })), { name: 'own', score: scoreOf(own) }];
        const together = rankRuns(c, entries).find((ranked) => ranked.name === 'own')!.rank;
        expect(
          rankAmong(
            c,
            entries.slice(0, -1).map((other) => other.score),
            entries.at(-1)!.score,
          ),
        ).toBe(together);
      }),
    );
  });
});
